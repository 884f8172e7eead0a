import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { BSON } from 'bson';
import { serializeDocument } from '../bson.js';
import { open, type Database, type RootDatabase } from 'lmdb';
import type { IndexSpec } from '../engine/index-spec.js';
import { lockDirectory } from './dir-lock.js';
import type { CollectionMeta, Store, WriteOp } from './store.js';

// LMDB rejects keys above ~1978 bytes; long _id keys are replaced by a digest of themselves.
const MAX_ID_KEY_LENGTH = 1500; // bytes, leaving room for the namespace

function docKey(ns: string, id: string): string {
  const idPart =
    Buffer.byteLength(id) > MAX_ID_KEY_LENGTH
      ? `#${createHash('sha256').update(id).digest('base64')}`
      : id;
  return `${ns}\u0000${idPart}`;
}

/** Documents are stored as BSON bytes under "<db>.<collection>\0<_id key>"; catalog entries under the namespace. */
export class LmdbStore implements Store {
  readonly persistent = true;
  readonly #root: RootDatabase;
  readonly #docs: Database<Buffer, string>;
  readonly #catalog: Database<Buffer, string>;
  readonly #unlock: () => void;

  constructor(path: string) {
    mkdirSync(path, { recursive: true });
    this.#unlock = lockDirectory(path);
    try {
      this.#root = open({ path, maxDbs: 4 });
    } catch (err) {
      this.#unlock();
      throw err;
    }
    this.#docs = this.#root.openDB<Buffer, string>({ name: 'docs', encoding: 'binary' });
    this.#catalog = this.#root.openDB<Buffer, string>({ name: 'catalog', encoding: 'binary' });
  }

  loadCatalog(): Array<{ ns: string; meta: CollectionMeta }> {
    const out: Array<{ ns: string; meta: CollectionMeta }> = [];
    for (const { key, value } of this.#catalog.getRange()) {
      const raw = BSON.deserialize(value);
      const options: unknown = raw['options'];
      const indexes: unknown = raw['indexes'];
      out.push({
        ns: key,
        meta: {
          options:
            options !== null && typeof options === 'object'
              ? (options as CollectionMeta['options'])
              : {},
          indexes: Array.isArray(indexes) ? (indexes as IndexSpec[]) : [],
        },
      });
    }
    return out;
  }

  *loadDocuments(ns: string): Iterable<Uint8Array> {
    for (const { value } of this.#docs.getRange({ start: `${ns}\u0000`, end: `${ns}\u0001` }))
      yield value;
  }

  write(ops: WriteOp[]): Promise<void> | undefined {
    if (ops.length === 0) return undefined;
    const encoded = ops.map((op) => {
      if (op.op !== 'put') return undefined;
      const bytes = serializeDocument(op.doc);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    });
    // The promise resolves once the transaction is committed to the memory-mapped file; replying
    // only then means an acknowledged write survives the process being killed.
    return this.#root
      .transaction(() => {
        ops.forEach((op, i) => {
          switch (op.op) {
            case 'put':
              void this.#docs.put(docKey(op.ns, op.id), encoded[i] as Buffer);
              break;
            case 'del':
              void this.#docs.remove(docKey(op.ns, op.id));
              break;
            case 'meta':
              void this.#catalog.put(
                op.ns,
                Buffer.from(BSON.serialize({ options: op.meta.options, indexes: op.meta.indexes })),
              );
              break;
            case 'drop':
              for (const key of this.#docs.getKeys({
                start: `${op.ns}\u0000`,
                end: `${op.ns}\u0001`,
              })) {
                void this.#docs.remove(key);
              }
              void this.#catalog.remove(op.ns);
              break;
          }
        });
      })
      .then(() => undefined);
  }

  async close(): Promise<void> {
    try {
      await this.#root.flushed;
      await this.#root.close();
    } finally {
      this.#unlock();
    }
  }
}
