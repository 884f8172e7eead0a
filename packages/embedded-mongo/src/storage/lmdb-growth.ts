import type { LmdbShape, TreeShape } from './lmdb-space.js';
import type { EncodedOp } from './log-records.js';

// Bytes of a page LMDB's own headers may take (its page header is 16 to 24 bytes).
const PAGE_HEADER_BYTES = 64;
// A node's header and its slot in the page's index.
const NODE_OVERHEAD_BYTES = 10;
// A value above this goes to overflow pages of its own; below it, into the leaf. (LMDB moves a
// node out when it is larger than half a page; counting both ways from here only overestimates.)
const INLINE_VALUE_BYTES = 256;
// The state table's one record: its key and a number.
const STATE_RECORD_BYTES = 32;

/** What a transaction does to one tree. */
interface TreeChanges {
  /** Key and value sizes of each put. */
  puts: Array<{ key: number; value: number }>;
  removes: number;
  /** Key sizes of the removes, together. */
  removedKeyBytes: number;
  /** Every record may go (a collection dropped). */
  emptied: boolean;
}

function noChanges(): TreeChanges {
  return { puts: [], removes: 0, removedKeyBytes: 0, emptied: false };
}

/** The documents and catalog changes of a batch; the state table always takes one put. */
function changesOf(ops: readonly EncodedOp[]): { docs: TreeChanges; catalog: TreeChanges } {
  const docs = noChanges();
  const catalog = noChanges();
  for (const op of ops) {
    // A document's key is `<ns>\0<_id key>`, digested beyond 1 500 bytes (doc-key.ts).
    const nsBytes = Buffer.byteLength(op.ns) + 2;
    const docKeyBytes = (id: string): number =>
      nsBytes + Math.min(Buffer.byteLength(id) * 2, 1_600);
    if (op.op === 'put') docs.puts.push({ key: docKeyBytes(op.id), value: op.bytes.byteLength });
    else if (op.op === 'del') {
      docs.removes += 1;
      docs.removedKeyBytes += docKeyBytes(op.id);
    } else if (op.op === 'meta') catalog.puts.push({ key: nsBytes, value: op.bytes.byteLength });
    else {
      docs.emptied = true;
      catalog.removes += 1;
      catalog.removedKeyBytes += nsBytes;
    }
  }
  return { docs, catalog };
}

/**
 * The most pages changing one tree can add: LMDB copies each page it changes (once per
 * transaction), which is the path from the root for every change and, after a delete, a
 * sibling on each level when a page is merged or takes a node from it, never more pages of a
 * level than the tree has; a put may split a page on every level and add a root, and takes
 * overflow pages for a large value. Splits are also bounded by the bytes put, for large
 * batches: a split leaves pages at least a quarter full.
 */
function treeGrowth(tree: TreeShape, changes: TreeChanges, pageSize: number): number {
  const count = changes.puts.length + changes.removes;
  if (count === 0 && !changes.emptied) return 0;
  const levels = tree.depth + 2;
  // Pages of each level a change may copy: one on its path, and a sibling for a delete.
  const perLevel = changes.puts.length + 2 * changes.removes;
  const copied = changes.emptied
    ? tree.leafPages + tree.branchPages
    : Math.min(tree.leafPages, perLevel) +
      Math.min(tree.branchPages, perLevel * Math.max(0, tree.depth - 1));
  const usable = pageSize - PAGE_HEADER_BYTES;
  let overflow = 0;
  // A delete of a page's first key puts the next key in its parent, which may split it.
  let nodeBytes = changes.removes * NODE_OVERHEAD_BYTES + changes.removedKeyBytes;
  for (const { key, value } of changes.puts) {
    if (value > INLINE_VALUE_BYTES) overflow += Math.ceil((value + PAGE_HEADER_BYTES) / pageSize);
    nodeBytes += NODE_OVERHEAD_BYTES + key + Math.min(value, usable / 2);
  }
  const splitsByCount = count * levels;
  const splitsByBytes = 4 * Math.ceil(nodeBytes / usable) + 2 * levels;
  // Emptying a table changes the first key of each of its pages, each time up to the root.
  const emptying = changes.emptied ? 2 * tree.branchPages + levels : 0;
  return copied + Math.min(splitsByCount, splitsByBytes) + emptying + overflow + levels;
}

/**
 * The most pages an LMDB transaction that applies `ops` (and records the sequence number in
 * the state table) can add past the last page of the file. `shape.tables` are the documents,
 * catalog and state tables, in that order. Beside the tables, the commit rewrites the records
 * of the main tree and the list of free pages, whose entries (8 bytes a page) never number
 * more than the pages of the file.
 */
export function growthPages(shape: LmdbShape, ops: readonly EncodedOp[]): number {
  const [docsTree, catalogTree, stateTree] = shape.tables;
  if (docsTree === undefined || catalogTree === undefined || stateTree === undefined)
    throw new Error('growthPages needs the documents, catalog and state tables');
  const { docs, catalog } = changesOf(ops);
  const state: TreeChanges = {
    ...noChanges(),
    puts: [{ key: STATE_RECORD_BYTES, value: STATE_RECORD_BYTES }],
  };
  const tables =
    treeGrowth(docsTree, docs, shape.pageSize) +
    treeGrowth(catalogTree, catalog, shape.pageSize) +
    treeGrowth(stateTree, state, shape.pageSize);
  const main = shape.main.leafPages + shape.main.branchPages + shape.main.depth + 2;
  const ids = shape.usedPages + tables + main;
  const perPage = Math.floor((shape.pageSize - PAGE_HEADER_BYTES) / 8);
  const listPages = Math.ceil(ids / perPage) + 2;
  // The transaction's own freed pages and the free list LMDB keeps in memory, each once.
  const free =
    2 * (2 * listPages + shape.free.depth + 2) + shape.free.leafPages + shape.free.branchPages;
  return tables + main + free;
}
