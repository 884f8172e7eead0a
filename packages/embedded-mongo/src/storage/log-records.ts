import { crc32 } from 'node:zlib';

/** A write as the log and LMDB take it: the document or catalog entry already as BSON bytes. */
export type EncodedOp =
  | { op: 'put'; ns: string; id: string; bytes: Uint8Array }
  | { op: 'del'; ns: string; id: string }
  | { op: 'meta'; ns: string; bytes: Uint8Array }
  | { op: 'drop'; ns: string };

const KINDS = ['put', 'del', 'meta', 'drop'] as const;
const HEADER = 8; // length and CRC-32 of the payload

function text(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  const out = Buffer.allocUnsafe(4 + bytes.length);
  out.writeUInt32LE(bytes.length, 0);
  bytes.copy(out, 4);
  return out;
}

function bytesField(bytes: Uint8Array): Buffer[] {
  const length = Buffer.allocUnsafe(4);
  length.writeUInt32LE(bytes.byteLength, 0);
  return [length, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)];
}

/**
 * One command's writes as a log record: length, CRC-32, then each operation (kind, namespace,
 * `_id` key, bytes). The checksum lets start-up tell a record cut short by a crash from a whole one.
 */
export function encodeRecord(ops: readonly EncodedOp[]): Buffer {
  const parts: Buffer[] = [Buffer.alloc(HEADER)];
  for (const op of ops) {
    parts.push(Buffer.of(KINDS.indexOf(op.op)), text(op.ns));
    if (op.op === 'put' || op.op === 'del') parts.push(text(op.id));
    if (op.op === 'put' || op.op === 'meta') parts.push(...bytesField(op.bytes));
  }
  const record = Buffer.concat(parts);
  const payload = record.subarray(HEADER);
  record.writeUInt32LE(payload.length, 0);
  record.writeUInt32LE(crc32(payload), 4);
  return record;
}

function decodePayload(payload: Buffer): EncodedOp[] {
  const ops: EncodedOp[] = [];
  let at = 0;
  const readText = (): string => {
    const length = payload.readUInt32LE(at);
    const value = payload.toString('utf8', at + 4, at + 4 + length);
    at += 4 + length;
    return value;
  };
  const readBytes = (): Uint8Array => {
    const length = payload.readUInt32LE(at);
    const value = payload.subarray(at + 4, at + 4 + length);
    at += 4 + length;
    return value;
  };
  while (at < payload.length) {
    const kind = KINDS[payload.readUInt8(at)];
    at += 1;
    const ns = readText();
    if (kind === 'put') ops.push({ op: 'put', ns, id: readText(), bytes: readBytes() });
    else if (kind === 'del') ops.push({ op: 'del', ns, id: readText() });
    else if (kind === 'meta') ops.push({ op: 'meta', ns, bytes: readBytes() });
    else if (kind === 'drop') ops.push({ op: 'drop', ns });
    else throw new Error('unknown operation in the write log');
  }
  return ops;
}

/**
 * The records of a log file in order. Reading stops at the first record that is incomplete or
 * fails its checksum: only the last write before a crash can be like that, and it was never
 * acknowledged.
 */
export function* decodeRecords(file: Buffer): Generator<EncodedOp[]> {
  let at = 0;
  while (at + HEADER <= file.length) {
    const length = file.readUInt32LE(at);
    const end = at + HEADER + length;
    if (end > file.length) return;
    const payload = file.subarray(at + HEADER, end);
    if (crc32(payload) !== file.readUInt32LE(at + 4)) return;
    yield decodePayload(payload);
    at = end;
  }
}
