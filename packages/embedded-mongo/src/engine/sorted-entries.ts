/** A place in a `SortedEntries`: the chunk and the offset inside it. */
export interface Position {
  chunk: number;
  offset: number;
}

const MAX_CHUNK = 1024;

/**
 * A sorted list kept as a list of sorted chunks, so an insert or delete moves at most one chunk
 * of entries (a flat array would move half the index each time). Lookups are binary searches over
 * the chunks' last entries and then inside one chunk. `version` changes on every write, which is
 * how a paused scan knows its position may have moved.
 */
export class SortedEntries<T> {
  readonly #compare: (a: T, b: T) => number;
  #chunks: T[][] = [];
  #size = 0;
  version = 0;

  constructor(compare: (a: T, b: T) => number) {
    this.#compare = compare;
  }

  get size(): number {
    return this.#size;
  }

  /** The first position whose entry `isAfter` says lies after the target (entries are ordered by it). */
  seek(isAfter: (entry: T) => boolean): Position {
    const chunks = this.#chunks;
    let low = 0;
    let high = chunks.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const chunk = chunks[mid] as T[];
      if (isAfter(chunk[chunk.length - 1] as T)) high = mid;
      else low = mid + 1;
    }
    if (low === chunks.length) return { chunk: low, offset: 0 };
    const chunk = chunks[low] as T[];
    let lo = 0;
    let hi = chunk.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (isAfter(chunk[mid] as T)) hi = mid;
      else lo = mid + 1;
    }
    return { chunk: low, offset: lo };
  }

  /** The entry at a position, or undefined past either end. */
  at(pos: Position): T | undefined {
    return this.#chunks[pos.chunk]?.[pos.offset];
  }

  /** The position after `pos` (normalised across chunk ends). */
  next(pos: Position): Position {
    const chunk = this.#chunks[pos.chunk];
    if (chunk && pos.offset + 1 < chunk.length) return { chunk: pos.chunk, offset: pos.offset + 1 };
    return { chunk: pos.chunk + 1, offset: 0 };
  }

  /** The position before `pos`; chunk -1 once past the start. */
  previous(pos: Position): Position {
    if (pos.offset > 0) return { chunk: pos.chunk, offset: pos.offset - 1 };
    const before = pos.chunk - 1;
    const chunk = this.#chunks[before];
    return { chunk: before, offset: chunk ? chunk.length - 1 : 0 };
  }

  /** How many entries lie before a position: the difference of two ranks is a range's size. */
  rank(pos: Position): number {
    let n = 0;
    const end = Math.min(pos.chunk, this.#chunks.length);
    for (let i = 0; i < end; i++) n += (this.#chunks[i] as T[]).length;
    return n + (pos.chunk < this.#chunks.length ? pos.offset : 0);
  }

  /** Replaces the contents with `entries` (any order): one sort instead of an insert each. */
  load(entries: T[]): void {
    entries.sort(this.#compare);
    this.#chunks = [];
    for (let i = 0; i < entries.length; i += MAX_CHUNK / 2)
      this.#chunks.push(entries.slice(i, i + MAX_CHUNK / 2));
    this.#size = entries.length;
    this.version += 1;
  }

  insert(entry: T): void {
    this.version += 1;
    this.#size += 1;
    if (this.#chunks.length === 0) {
      this.#chunks.push([entry]);
      return;
    }
    const pos = this.seek((e) => this.#compare(e, entry) > 0);
    const at = pos.chunk === this.#chunks.length ? pos.chunk - 1 : pos.chunk;
    const chunk = this.#chunks[at] as T[];
    chunk.splice(pos.chunk === at ? pos.offset : chunk.length, 0, entry);
    if (chunk.length > MAX_CHUNK)
      this.#chunks.splice(at, 1, chunk.slice(0, MAX_CHUNK / 2), chunk.slice(MAX_CHUNK / 2));
  }

  /** Removes the entry that compares equal to `entry`; false when there is none. */
  remove(entry: T): boolean {
    const pos = this.seek((e) => this.#compare(e, entry) >= 0);
    const found = this.at(pos);
    if (found === undefined || this.#compare(found, entry) !== 0) return false;
    this.version += 1;
    this.#size -= 1;
    const chunk = this.#chunks[pos.chunk] as T[];
    chunk.splice(pos.offset, 1);
    if (chunk.length === 0) this.#chunks.splice(pos.chunk, 1);
    return true;
  }
}
