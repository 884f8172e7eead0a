import { BSON } from 'bson';
import { serializeDocument } from '../bson.js';
import type { IndexSpec } from '../engine/index-spec.js';
import type { EncodedOp } from './log-records.js';
import type { CollectionMeta, WriteOp } from './store.js';

// How writes are kept on disk: documents as BSON bytes under their doc-key.ts key, catalog
// entries as BSON under the namespace.

export function encode(op: WriteOp): EncodedOp {
  switch (op.op) {
    case 'put':
      return { op: 'put', ns: op.ns, id: op.id, bytes: serializeDocument(op.doc) };
    case 'meta':
      return {
        op: 'meta',
        ns: op.ns,
        bytes: BSON.serialize({ options: op.meta.options, indexes: op.meta.indexes }),
      };
    default:
      return op;
  }
}

export function decodeMeta(bytes: Uint8Array): CollectionMeta {
  const raw = BSON.deserialize(bytes);
  const options: unknown = raw['options'];
  const indexes: unknown = raw['indexes'];
  return {
    options:
      options !== null && typeof options === 'object' ? (options as CollectionMeta['options']) : {},
    indexes: Array.isArray(indexes) ? (indexes as IndexSpec[]) : [],
  };
}

export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
