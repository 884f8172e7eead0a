import { BSON, Long, type Document } from 'bson';
import { HEADER_SIZE, OP_REPLY, ProtocolError, writeHeader } from './protocol.js';
import { deserializeDocument } from '../bson.js';

export interface OpQueryRequest {
  collection: string;
  query: Document;
}

/** Legacy OP_QUERY survives only as the first handshake on a connection (`admin.$cmd`). */
export function parseOpQuery(message: Buffer): OpQueryRequest {
  let offset = HEADER_SIZE + 4;
  const nameEnd = message.indexOf(0, offset);
  if (nameEnd < 0) throw new ProtocolError('invalid OP_QUERY collection name');
  const collection = message.toString('utf8', offset, nameEnd);
  offset = nameEnd + 1 + 8;
  if (offset + 5 > message.length) throw new ProtocolError('truncated OP_QUERY');
  const size = message.readInt32LE(offset);
  if (size < 5 || offset + size > message.length)
    throw new ProtocolError('invalid OP_QUERY document size');
  let query = deserializeDocument(message.subarray(offset, offset + size));
  // Old clients wrap the command as { $query: {...}, $readPreference: ... }.
  const wrapped: unknown = query['$query'];
  if (wrapped !== null && typeof wrapped === 'object' && !Array.isArray(wrapped))
    query = wrapped as Document;
  return { collection, query };
}

export function buildOpReply(requestId: number, responseTo: number, doc: Document): Buffer {
  const payload = BSON.serialize(doc);
  const buf = Buffer.allocUnsafe(HEADER_SIZE + 20 + payload.length);
  writeHeader(buf, requestId, responseTo, OP_REPLY);
  buf.writeInt32LE(0, HEADER_SIZE);
  buf.writeBigInt64LE(Long.ZERO.toBigInt(), HEADER_SIZE + 4);
  buf.writeInt32LE(0, HEADER_SIZE + 12);
  buf.writeInt32LE(1, HEADER_SIZE + 16);
  buf.set(payload, HEADER_SIZE + 20);
  return buf;
}
