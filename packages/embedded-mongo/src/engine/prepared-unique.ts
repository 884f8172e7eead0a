import type { Document } from 'bson';
import { UniqueIndex, type IndexSpec } from './index-spec.js';

/**
 * An index in `prepareUnique` mode (collMod): documents already in the collection may share a
 * key, but a write may not add a key that another document already holds. Unlike a unique
 * index it keeps every owner of a key, so duplicates that predate it are still known.
 */
export class PreparedUniqueIndex {
  readonly spec: IndexSpec;
  readonly #keys: UniqueIndex;
  readonly #owners = new Map<string, Set<string>>();

  constructor(spec: IndexSpec, docs: ReadonlyMap<string, Document>) {
    this.spec = spec;
    this.#keys = new UniqueIndex(spec);
    for (const [id, doc] of docs) this.add(doc, id);
  }

  /** The key values of `doc` that a different document already holds, if any. */
  conflict(doc: Document, id: string, previous: Document | undefined): Document | undefined {
    const before = new Set(previous ? this.#keys.keysOf(previous).map((k) => k.key) : []);
    for (const { key, values } of this.#keys.keysOf(doc)) {
      if (before.has(key)) continue;
      const owners = this.#owners.get(key);
      if (owners && [...owners].some((owner) => owner !== id)) return this.#keys.keyValue(values);
    }
    return undefined;
  }

  add(doc: Document, id: string): void {
    for (const { key } of this.#keys.keysOf(doc)) {
      const owners = this.#owners.get(key) ?? new Set<string>();
      owners.add(id);
      this.#owners.set(key, owners);
    }
  }

  remove(doc: Document, id: string): void {
    for (const { key } of this.#keys.keysOf(doc)) {
      const owners = this.#owners.get(key);
      owners?.delete(id);
      if (owners?.size === 0) this.#owners.delete(key);
    }
  }

  /** The `_id` keys of each group of documents sharing a key, as collMod reports them. */
  duplicates(): string[][] {
    return [...this.#owners.values()]
      .filter((owners) => owners.size > 1)
      .map((owners) => [...owners]);
  }
}
