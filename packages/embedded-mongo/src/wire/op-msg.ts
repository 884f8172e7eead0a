import { BSON, type Document } from 'bson';
import {
  HEADER_SIZE,
  MAX_BSON_INTERNAL_SIZE,
  OP_MSG,
  ProtocolError,
  writeHeader,
} from './protocol.js';
import { deserializeDocument } from '../bson.js';
import { MongoCommandError } from '../errors.js';

const CHECKSUM_PRESENT = 1 << 0;
const MORE_TO_COME = 1 << 1;
const KNOWN_FLAGS = CHECKSUM_PRESENT | MORE_TO_COME | (1 << 16);

export interface OpMsgRequest {
  body: Document;
  moreToCome: boolean;
}

function readDocument(buf: Buffer, offset: number, end: number): { doc: Document; next: number } {
  if (offset + 5 > end) throw new ProtocolError('truncated BSON document');
  const size = buf.readInt32LE(offset);
  if (size < 5 || offset + size > end) throw new ProtocolError('invalid BSON document size');
  const doc = deserializeDocument(buf.subarray(offset, offset + size));
  return { doc, next: offset + size };
}

/** How MongoDB names a document's first element in a size error: `insert: "coll"`. */
function firstElement(buf: Buffer, offset: number): string {
  const nameEnd = buf.indexOf(0, offset + 5);
  if (nameEnd < 0) return '';
  const name = buf.toString('utf8', offset + 5, nameEnd);
  if (buf.readUInt8(offset + 4) !== 2) return name;
  const length = buf.readInt32LE(nameEnd + 1);
  return `${name}: "${buf.toString('utf8', nameEnd + 5, nameEnd + 4 + length)}"`;
}

/**
 * A command document over MongoDB's limit is refused with its error, as a reply: the message
 * itself was well framed, so the connection stays usable.
 */
function checkCommandSize(buf: Buffer, offset: number): void {
  const size = buf.readInt32LE(offset);
  if (size <= MAX_BSON_INTERNAL_SIZE) return;
  throw new MongoCommandError(
    'BSONObjectTooLarge',
    `BSONObj size: ${size} (0x${size.toString(16).toUpperCase()}) is invalid. Size must be between 0 and ${MAX_BSON_INTERNAL_SIZE}(16MB) First element: ${firstElement(buf, offset)}`,
  );
}

/** Parses OP_MSG; document-sequence sections (kind 1) become arrays on the body under their identifier. */
export function parseOpMsg(message: Buffer): OpMsgRequest {
  const flags = message.readUInt32LE(HEADER_SIZE);
  if ((flags & 0xffff & ~KNOWN_FLAGS) !== 0)
    throw new ProtocolError(`unsupported OP_MSG flags ${flags}`);
  const end = flags & CHECKSUM_PRESENT ? message.length - 4 : message.length;
  let offset = HEADER_SIZE + 4;
  let body: Document | undefined;
  const sequences: Array<[string, Document[]]> = [];
  while (offset < end) {
    const kind = message.readUInt8(offset);
    offset += 1;
    if (kind === 0) {
      if (body) throw new ProtocolError('OP_MSG has more than one body section');
      if (offset + 4 <= end) checkCommandSize(message, offset);
      const { doc, next } = readDocument(message, offset, end);
      body = doc;
      offset = next;
    } else if (kind === 1) {
      if (offset + 4 > end) throw new ProtocolError('truncated document sequence');
      const size = message.readInt32LE(offset);
      const sectionEnd = offset + size;
      if (size < 5 || sectionEnd > end) throw new ProtocolError('invalid document sequence size');
      const nameEnd = message.indexOf(0, offset + 4);
      if (nameEnd < 0 || nameEnd >= sectionEnd)
        throw new ProtocolError('invalid document sequence identifier');
      const identifier = message.toString('utf8', offset + 4, nameEnd);
      let cursor = nameEnd + 1;
      const docs: Document[] = [];
      while (cursor < sectionEnd) {
        const { doc, next } = readDocument(message, cursor, sectionEnd);
        docs.push(doc);
        cursor = next;
      }
      sequences.push([identifier, docs]);
      offset = sectionEnd;
    } else {
      throw new ProtocolError(`unknown OP_MSG section kind ${kind}`);
    }
  }
  if (!body) throw new ProtocolError('OP_MSG has no body section');
  for (const [identifier, docs] of sequences) body[identifier] = docs;
  return { body, moreToCome: (flags & MORE_TO_COME) !== 0 };
}

export function buildOpMsgReply(requestId: number, responseTo: number, doc: Document): Buffer {
  const payload = BSON.serialize(doc);
  const buf = Buffer.allocUnsafe(HEADER_SIZE + 4 + 1 + payload.length);
  writeHeader(buf, requestId, responseTo, OP_MSG);
  buf.writeUInt32LE(0, HEADER_SIZE);
  buf.writeUInt8(0, HEADER_SIZE + 4);
  buf.set(payload, HEADER_SIZE + 5);
  return buf;
}
