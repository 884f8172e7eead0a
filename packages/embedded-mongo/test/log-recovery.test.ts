import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { BSON } from 'bson';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { valueKey } from '../src/bson.js';
import { startEmbeddedMongo } from '../src/index.js';
import { encodeRecord, HEADER_BYTES, type EncodedOp } from '../src/storage/log-records.js';
import { planReplay, WriteLogDamagedError, type Segment } from '../src/storage/log-recovery.js';
import { useTempDirs } from './temp-dirs.js';

function put(id: string, v: number): EncodedOp {
  return { op: 'put', ns: 'db.items', id: valueKey(id), bytes: BSON.serialize({ _id: id, v }) };
}

function segment(start: number, ...records: Buffer[]): Segment {
  return { start, path: `wal-${start}.log`, bytes: Buffer.concat(records) };
}

const seqs = (segments: Segment[], applied: number): number[] =>
  planReplay(segments, applied).records.map((r) => r.seq);

describe('replaying the write log', () => {
  const tempDir = useTempDirs('embedded-mongo-legacy-');

  it('when LMDB holds some records, then only those after its position are replayed, in order', () => {
    const segments = [
      segment(1, encodeRecord(1, [put('a', 1)]), encodeRecord(2, [put('a', 2)])),
      segment(3, encodeRecord(3, [put('a', 3)])),
    ];
    expect(seqs(segments, 0)).toEqual([1, 2, 3]);
    expect(seqs(segments, 2)).toEqual([3]);
    expect(planReplay(segments, 3)).toMatchObject({ records: [], last: 3 });
  });

  it('when a segment ends inside an append and the next one takes over at that record, then nothing is lost and the cut is reported', () => {
    const cut = encodeRecord(2, [put('b', 1)]).subarray(0, HEADER_BYTES + 2);
    const segments = [
      segment(1, encodeRecord(1, [put('a', 1)]), cut),
      segment(2, encodeRecord(2, [put('c', 1)])),
    ];
    const replay = planReplay(segments, 0);
    expect(replay.records.map((r) => r.ops)).toEqual([[put('a', 1)], [put('c', 1)]]);
    expect(replay.notes.join('\n')).toContain('wal-1.log ends with');
  });

  it('when a whole record fails its checksum, then replay stops naming the file and the record, unless the database provably holds all of its segment', () => {
    const second = encodeRecord(2, [put('a', 2)]);
    const flipped = Buffer.from(second);
    flipped[HEADER_BYTES + 5] = (flipped[HEADER_BYTES + 5] ?? 0) ^ 1;
    const first = encodeRecord(1, [put('a', 1)]);
    const damaged = segment(1, first, flipped, encodeRecord(3, [put('a', 3)]));
    expect(() => planReplay([damaged], 0)).toThrow(WriteLogDamagedError);
    expect(() => planReplay([damaged], 0)).toThrow(`wal-1.log is damaged at byte ${first.length}`);
    // LMDB holds 1 to 3 and the next segment starts at 4: every write of the damaged one is in.
    const next = segment(4, encodeRecord(4, [put('a', 4)]));
    const replay = planReplay([damaged, next], 3);
    expect(replay.records.map((r) => r.seq)).toEqual([4]);
    expect(replay.notes.join('\n')).toContain('nothing was lost');
    // With 3 not in LMDB, the damaged segment's later writes may be needed: refused.
    expect(() => planReplay([damaged, next], 1)).toThrow(WriteLogDamagedError);
  });

  it('when a damaged length makes a record run past the end of its file, then the header checksum tells it from a cut', () => {
    const first = encodeRecord(1, [put('a', 1)]);
    const second = Buffer.from(encodeRecord(2, [put('a', 2)]));
    second.writeUInt32LE(1_000_000, 0);
    expect(() => planReplay([segment(1, first, second)], 0)).toThrow('its header fails');
  });

  it('when an earlier version left its log behind, then its writes are replayed once and the files removed', async () => {
    const dbPath = await tempDir();
    const first = await startEmbeddedMongo({ dbPath });
    const client = await new MongoClient(first.uri).connect();
    await client
      .db('db')
      .collection('items')
      .insertOne({ _id: 'a', v: 1 } as never);
    await client.close();
    await first.stop();
    // The earlier layout: length and CRC-32 of the payload, then the payload.
    const payload = encodeRecord(1, [put('a', 2), put('b', 1)]).subarray(HEADER_BYTES);
    const header = Buffer.alloc(8);
    header.writeUInt32LE(payload.length, 0);
    header.writeUInt32LE(crc32(payload), 4);
    await writeFile(join(dbPath, 'write-log-0000000007.bin'), Buffer.concat([header, payload]));

    const second = await startEmbeddedMongo({ dbPath });
    const again = await new MongoClient(second.uri).connect();
    try {
      const items = await again.db('db').collection('items').find({}).sort({ _id: 1 }).toArray();
      expect(items).toEqual([
        { _id: 'a', v: 2 },
        { _id: 'b', v: 1 },
      ]);
      expect((await readdir(dbPath)).filter((n) => n.startsWith('write-log-'))).toEqual([]);
    } finally {
      await again.close();
      await second.stop();
    }
  });
});
