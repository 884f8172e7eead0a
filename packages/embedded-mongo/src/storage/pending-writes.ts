import type { EncodedOp } from './log-records.js';

/**
 * One logged write waiting for LMDB. The last write of a log record carries the record's
 * sequence number and size: a transaction records a position only once it holds a whole record.
 */
export interface PendingWrite {
  op: EncodedOp;
  recordEnd?: { seq: number; bytes: number };
}

/** The writes of log records, each record's last carrying its sequence number and size. */
export function writesOf(
  records: ReadonlyArray<{ seq: number; ops: EncodedOp[]; bytes?: number }>,
) {
  return records.flatMap(({ seq, ops, bytes = 0 }) =>
    ops.map((op, i): PendingWrite =>
      i === ops.length - 1 ? { op, recordEnd: { seq, bytes } } : { op },
    ),
  );
}

/**
 * The position a transaction holding `batch` records: that of its last whole record (one cut
 * short is replayed whole), and the log bytes of its whole records.
 */
export function positionOf(batch: readonly PendingWrite[]): {
  last: number | undefined;
  bytes: number;
} {
  const ends = batch.flatMap((write) => (write.recordEnd ? [write.recordEnd] : []));
  return { last: ends.at(-1)?.seq, bytes: ends.reduce((sum, end) => sum + end.bytes, 0) };
}
