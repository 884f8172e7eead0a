import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { open } from 'lmdb';
import { scanSegment, type LogRecord } from '../src/storage/log-records.js';

/** The write-log segments of a data directory, oldest first. */
export async function logSegments(dbPath: string): Promise<string[]> {
  const names = (await readdir(dbPath)).filter((name) => /^wal-\d+\.log$/.test(name)).sort();
  return names.map((name) => join(dbPath, name));
}

/** The whole records of a segment. */
export async function logRecords(path: string): Promise<LogRecord[]> {
  return scanSegment(await readFile(path)).records;
}

/** The sequence number of the last log record LMDB holds, read by a reader of its own. */
function appliedPosition(dbPath: string): number {
  const root = open({ path: dbPath, readOnly: true, maxDbs: 4, noSubdir: false });
  try {
    return root.openDB<number, string>({ name: 'state' }).get('applied') ?? 0;
  } finally {
    void root.close();
  }
}

/**
 * Waits until LMDB holds every record of the running server's log, so that the log's records
 * are all behind the applied position.
 */
export async function waitUntilApplied(dbPath: string): Promise<void> {
  const segments = await logSegments(dbPath);
  const last = (await logRecords(segments.at(-1) ?? '')).at(-1)?.seq ?? 0;
  for (let attempt = 0; appliedPosition(dbPath) < last; attempt++) {
    if (attempt > 200) throw new Error(`LMDB did not reach write ${last}`);
    await sleep(25);
  }
}
