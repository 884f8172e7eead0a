import type { Database, RootDatabase } from 'lmdb';

/** What `getStats()` reports of one table (lmdb types it loosely). */
interface LmdbStats {
  pageSize: number;
  treeDepth: number;
  treeBranchPageCount: number;
  treeLeafPageCount: number;
  overflowPages: number;
}

/** One B-tree of LMDB's file: how deep it is and how many branch and leaf pages it has. */
export interface TreeShape {
  depth: number;
  branchPages: number;
  leafPages: number;
}

/** LMDB's file as the last committed transaction left it. */
export interface LmdbShape {
  pageSize: number;
  /** Pages up to and including the last one in use: the file LMDB needs, in pages. */
  usedPages: number;
  /** Pages among those that no tree uses (freed by deletes), which later writes reuse. */
  sparePages: number;
  /** The tree of table records, and the tree listing free pages. */
  main: TreeShape;
  free: TreeShape;
  /** The store's tables, in the order they were asked for. */
  tables: TreeShape[];
}

function treeOf(stats: LmdbStats): TreeShape {
  return {
    depth: stats.treeDepth,
    branchPages: stats.treeBranchPageCount,
    leafPages: stats.treeLeafPageCount,
  };
}

export function lmdbShape(root: RootDatabase, tables: readonly Database[]): LmdbShape {
  const env = root.getStats() as LmdbStats & {
    lastPageNumber: number;
    root: LmdbStats;
    free: LmdbStats;
  };
  const tableStats = tables.map((db) => db.getStats() as LmdbStats);
  const pages = (stats: LmdbStats): number =>
    stats.treeBranchPageCount + stats.treeLeafPageCount + stats.overflowPages;
  const used =
    2 + // LMDB's two meta pages
    pages(env.root) +
    pages(env.free) +
    tableStats.map(pages).reduce((a, b) => a + b, 0);
  const usedPages = env.lastPageNumber + 1;
  return {
    pageSize: env.pageSize,
    usedPages,
    sparePages: Math.max(0, usedPages - used),
    main: treeOf(env.root),
    free: treeOf(env.free),
    tables: tableStats.map(treeOf),
  };
}
