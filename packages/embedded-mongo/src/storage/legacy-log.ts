import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { decodePayload, type EncodedOp } from './log-records.js';

// Segments of the log before sequence numbers: `write-log-<n>.bin`, records of length, CRC-32
// and payload (the payload as today's).
const NAME = /^write-log-(\d+)\.bin$/;
const HEADER = 8;

/** The segments an earlier version left behind, oldest first. */
export function legacySegments(dir: string): string[] {
  return readdirSync(dir)
    .map((name) => ({ name, match: NAME.exec(name) }))
    .filter((f): f is { name: string; match: RegExpExecArray } => f.match !== null)
    .sort((a, b) => Number(a.match[1]) - Number(b.match[1]))
    .map((f) => join(dir, f.name));
}

/**
 * Every whole record of those segments, in order. That version replayed them all over LMDB and
 * stopped at the first record that was not whole; so does this, once, before they are deleted.
 */
export function* legacyRecords(paths: readonly string[]): Generator<EncodedOp[]> {
  for (const path of paths) {
    const file = readFileSync(path);
    for (let at = 0; at + HEADER <= file.length;) {
      const end = at + HEADER + file.readUInt32LE(at);
      if (end > file.length) break;
      const payload = file.subarray(at + HEADER, end);
      if (crc32(payload) !== file.readUInt32LE(at + 4)) break;
      yield decodePayload(payload);
      at = end;
    }
  }
}

export function removeLegacySegments(paths: readonly string[]): void {
  for (const path of paths) rmSync(path, { force: true });
}
