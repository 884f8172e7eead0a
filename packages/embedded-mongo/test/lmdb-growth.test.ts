import { describe, expect, it } from 'vitest';
import { valueKey } from '../src/bson.js';
import { growthPages } from '../src/storage/lmdb-growth.js';
import { lmdbShape } from '../src/storage/lmdb-space.js';
import { applyOp, openTables, type LmdbTables } from '../src/storage/lmdb-tables.js';
import type { EncodedOp } from '../src/storage/log-records.js';
import { useTempDirs } from './temp-dirs.js';

const NS = 'db.items';

function put(id: string, bytes: number, ns = NS): EncodedOp {
  return { op: 'put', ns, id: valueKey(id), bytes: new Uint8Array(bytes).fill(7) };
}

function del(id: string): EncodedOp {
  return { op: 'del', ns: NS, id: valueKey(id) };
}

const ids = (count: number, prefix = 'doc-'): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}`);

/**
 * Commits `ops` as the store does (with its sequence number in the state table) and returns how
 * many pages LMDB's file grew by, beside the bound the store lays room down for beforehand.
 */
async function commit(
  tables: LmdbTables,
  ops: EncodedOp[],
): Promise<{ grown: number; bound: number }> {
  const all = [tables.docs, tables.catalog, tables.state];
  const before = lmdbShape(tables.root, all);
  const bound = growthPages(before, ops);
  await tables.root.transaction(() => {
    for (const op of ops) applyOp(tables, op);
    tables.state.putSync('applied', Date.now());
  });
  return { grown: lmdbShape(tables.root, all).usedPages - before.usedPages, bound };
}

// The guarantee: the room the store lays down past LMDB's last page before a transaction
// (lmdb-file-room.ts) is never less than what that transaction adds, so LMDB never writes
// where the disk has not already given the file space. Each case is a shape of batch that
// grows the file in its own way, checked against the real LMDB.
describe('the most pages a transaction can add to LMDB', () => {
  const tempDir = useTempDirs('embedded-mongo-growth-');

  it('when batches insert, overwrite, delete and drop documents of many sizes, then none adds more pages than its bound', async () => {
    const tables = openTables(await tempDir());
    const outcomes: Array<{ what: string; grown: number; bound: number }> = [];
    const record = async (what: string, ops: EncodedOp[]): Promise<void> => {
      outcomes.push({ what, ...(await commit(tables, ops)) });
    };
    try {
      await record(
        '10 000 small documents into an empty table',
        ids(10_000).map((id) => put(id, 200)),
      );
      await record(
        '1 200 documents of 10 KB',
        ids(1_200, 'big-').map((id) => put(id, 10_000)),
      );
      await record('one document of 10 KB', [put('one', 10_000)]);
      await record(
        '5 000 overwritten with 1 KB',
        ids(5_000).map((id) => put(id, 1_000)),
      );
      await record('200 deleted', ids(200, 'big-').map(del));
      await record('1 000 deleted', ids(1_000).map(del));
      await record(
        '2 000 documents with 1 400-character ids',
        ids(2_000).map((id) => put(`${id}-${'k'.repeat(1_400)}`, 100)),
      );
      await record('a catalog entry of 8 KB', [
        { op: 'meta', ns: NS, bytes: new Uint8Array(8_000) },
      ]);
      await record('a collection of 12 000 documents dropped', [{ op: 'drop', ns: NS }]);
      await record('nothing but the sequence number', []);
    } finally {
      await tables.root.close();
    }
    const exceeded = outcomes.filter((o) => o.grown > o.bound);
    expect(exceeded).toEqual([]);
    // The file did grow, so the comparison above was not made against nothing.
    expect(outcomes.reduce((sum, o) => sum + o.grown, 0)).toBeGreaterThan(3_000);
  });
});
