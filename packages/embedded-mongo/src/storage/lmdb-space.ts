import type { Database, RootDatabase } from 'lmdb';

/** What `getStats()` reports of one table (lmdb types it loosely). */
interface LmdbStats {
  pageSize: number;
  treeBranchPageCount: number;
  treeLeafPageCount: number;
  overflowPages: number;
}

/** Pages inside LMDB's file that no table uses (freed by deletes), in bytes. */
export function lmdbSpareBytes(root: RootDatabase, tables: readonly Database[]): number {
  const env = root.getStats() as LmdbStats & {
    lastPageNumber: number;
    root: LmdbStats;
    free: LmdbStats;
  };
  const pages = (stats: LmdbStats): number =>
    stats.treeBranchPageCount + stats.treeLeafPageCount + stats.overflowPages;
  const used =
    2 + // LMDB's two meta pages
    pages(env.root) +
    pages(env.free) +
    tables.map((db) => pages(db.getStats() as LmdbStats)).reduce((a, b) => a + b, 0);
  return Math.max(0, env.lastPageNumber + 1 - used) * env.pageSize;
}
