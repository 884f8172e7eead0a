import { decodePayload, scanSegment, type EncodedOp } from './log-records.js';

export interface Segment {
  /** The sequence number of its first record, from its name. */
  start: number;
  path: string;
  bytes: Buffer;
}

export interface Replay {
  /** The records after the applied position, in order. */
  records: Array<{ seq: number; ops: EncodedOp[] }>;
  /** The last sequence number the log holds (or the applied position when it holds nothing newer). */
  last: number;
  /** What start-up should say about what it skipped. */
  notes: string[];
}

/** The write log cannot be replayed without losing or inventing writes; start-up stops. */
export class WriteLogDamagedError extends Error {
  readonly code = 'EWRITELOGDAMAGED';
  readonly path: string;
  readonly offset: number;

  constructor(path: string, offset: number, what: string) {
    super(
      `the write log ${path} is damaged at byte ${offset}: ${what}. No write after that point ` +
        'was applied and the server did not start; keep a copy of the directory. Removing this ' +
        'file and every later write-log file starts the server with what the database held ' +
        'before them, without the writes they hold.',
    );
    this.path = path;
    this.offset = offset;
  }
}

/**
 * The writes of the log's segments that the database does not hold yet (those after `applied`,
 * the last sequence number LMDB committed). They must follow each other without a gap from
 * `applied + 1`; a segment may end inside a record only where the next one takes over at that
 * record's number (an append the process did not live to finish). A record that is whole but
 * fails its checksum is damage: replaying around it would serve a state that never existed, so
 * it stops start-up, unless every write of its segment is provably in the database already.
 */
export function planReplay(segments: readonly Segment[], applied: number): Replay {
  const records: Replay['records'] = [];
  const notes: string[] = [];
  let last = applied;
  segments.forEach((segment, i) => {
    const next = segments[i + 1];
    const { records: whole, end } = scanSegment(segment.bytes);
    for (const record of whole) {
      if (record.seq <= applied) continue;
      if (record.seq !== last + 1) {
        const what =
          record.seq > last + 1
            ? `writes ${last + 1} to ${record.seq - 1} are missing before it`
            : `write ${record.seq} comes again after write ${last}`;
        throw new WriteLogDamagedError(segment.path, record.offset, what);
      }
      records.push({ seq: record.seq, ops: decodePayload(record.payload) });
      last = record.seq;
    }
    if (end.kind === 'damaged') {
      // Every write of this segment is in the database when the next one starts at or before
      // the applied position's successor.
      if (next !== undefined && next.start <= applied + 1) {
        notes.push(
          `the write log ${segment.path} is damaged at byte ${end.offset} (${end.reason}); every write it holds was already in the database, so nothing was lost`,
        );
        return;
      }
      throw new WriteLogDamagedError(segment.path, end.offset, `a record there ${end.reason}`);
    }
    if (end.kind === 'cut' && end.offset < segment.bytes.length)
      notes.push(
        `the write log ${segment.path} ends with ${segment.bytes.length - end.offset} bytes of an append that never completed (not acknowledged); ignored`,
      );
  });
  return { records, last, notes };
}
