import { crc32 } from 'node:zlib';

/** A write as the log and LMDB take it: the document or catalog entry already as BSON bytes. */
export type EncodedOp =
  | { op: 'put'; ns: string; id: string; bytes: Uint8Array }
  | { op: 'del'; ns: string; id: string }
  | { op: 'meta'; ns: string; bytes: Uint8Array }
  | { op: 'drop'; ns: string };

const KINDS = ['put', 'del', 'meta', 'drop'] as const;
/**
 * Payload length, sequence number (low and high 32 bits), CRC-32 of the payload, CRC-32 of these
 * 16 bytes. The header's own checksum tells a damaged length from a record cut short: only the
 * latter may be skipped, since only the last append before a crash can be cut short.
 */
export const HEADER_BYTES = 20;
const SEQ_HIGH = 2 ** 32;

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

/** One command's writes as a log record with its sequence number. */
export function encodeRecord(seq: number, ops: readonly EncodedOp[]): Buffer {
  const parts: Buffer[] = [Buffer.alloc(HEADER_BYTES)];
  for (const op of ops) {
    parts.push(Buffer.of(KINDS.indexOf(op.op)), text(op.ns));
    if (op.op === 'put' || op.op === 'del') parts.push(text(op.id));
    if (op.op === 'put' || op.op === 'meta') parts.push(...bytesField(op.bytes));
  }
  const record = Buffer.concat(parts);
  const payload = record.subarray(HEADER_BYTES);
  record.writeUInt32LE(payload.length, 0);
  record.writeUInt32LE(seq % SEQ_HIGH, 4);
  record.writeUInt32LE(Math.floor(seq / SEQ_HIGH), 8);
  record.writeUInt32LE(crc32(payload), 12);
  record.writeUInt32LE(crc32(record.subarray(0, 16)), 16);
  return record;
}

export function decodePayload(payload: Buffer): EncodedOp[] {
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

export interface LogRecord {
  seq: number;
  offset: number;
  payload: Buffer;
}

/**
 * How a segment ends: `clean` at the end of its last record; `cut` inside a record that was
 * being appended when the process died (never acknowledged), or in zero bytes a system crash
 * can leave; `damaged` at a record that is whole but fails a checksum, which no crash leaves.
 */
export type SegmentEnd =
  | { kind: 'clean'; offset: number }
  | { kind: 'cut'; offset: number }
  | { kind: 'damaged'; offset: number; reason: string };

function allZero(bytes: Buffer): boolean {
  for (const byte of bytes) if (byte !== 0) return false;
  return true;
}

/** The whole records of a segment in order, and how it ends. */
export function scanSegment(file: Buffer): { records: LogRecord[]; end: SegmentEnd } {
  const records: LogRecord[] = [];
  let at = 0;
  while (at < file.length) {
    if (allZero(file.subarray(at))) return { records, end: { kind: 'cut', offset: at } };
    if (at + HEADER_BYTES > file.length) return { records, end: { kind: 'cut', offset: at } };
    if (crc32(file.subarray(at, at + 16)) !== file.readUInt32LE(at + 16))
      return {
        records,
        end: { kind: 'damaged', offset: at, reason: 'its header fails its checksum' },
      };
    const length = file.readUInt32LE(at);
    const end = at + HEADER_BYTES + length;
    if (end > file.length) return { records, end: { kind: 'cut', offset: at } };
    const payload = file.subarray(at + HEADER_BYTES, end);
    if (crc32(payload) !== file.readUInt32LE(at + 12))
      return {
        records,
        end: { kind: 'damaged', offset: at, reason: 'its data fails its checksum' },
      };
    const seq = file.readUInt32LE(at + 4) + file.readUInt32LE(at + 8) * SEQ_HIGH;
    records.push({ seq, offset: at, payload });
    at = end;
  }
  return { records, end: { kind: 'clean', offset: at } };
}
