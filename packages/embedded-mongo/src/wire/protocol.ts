export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;

export const HEADER_SIZE = 16;
export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
/** What MongoDB accepts for a command document: the user limit plus room for the command itself. */
export const MAX_BSON_INTERNAL_SIZE = MAX_BSON_OBJECT_SIZE + 16 * 1024;
export const MAX_MESSAGE_SIZE_BYTES = 48_000_000;
export const MAX_WRITE_BATCH_SIZE = 100_000;

export interface MessageHeader {
  messageLength: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export function readHeader(buf: Buffer): MessageHeader {
  return {
    messageLength: buf.readInt32LE(0),
    requestId: buf.readInt32LE(4),
    responseTo: buf.readInt32LE(8),
    opCode: buf.readInt32LE(12),
  };
}

export function writeHeader(
  buf: Buffer,
  requestId: number,
  responseTo: number,
  opCode: number,
): void {
  buf.writeInt32LE(buf.length, 0);
  buf.writeInt32LE(requestId, 4);
  buf.writeInt32LE(responseTo, 8);
  buf.writeInt32LE(opCode, 12);
}

export class ProtocolError extends Error {}

/**
 * Splits a TCP byte stream into whole messages. Chunks are kept in a list and joined only once
 * a full message is available, so a large message arriving in many small chunks costs O(n).
 */
export class MessageFramer {
  #chunks: Buffer[] = [];
  #buffered = 0;

  push(chunk: Buffer): Buffer[] {
    this.#chunks.push(chunk);
    this.#buffered += chunk.length;
    const messages: Buffer[] = [];
    for (;;) {
      if (this.#buffered < 4) break;
      const head = this.#peek(4);
      const length = head.readInt32LE(0);
      if (length < HEADER_SIZE || length > MAX_MESSAGE_SIZE_BYTES) {
        throw new ProtocolError(`invalid message length ${length}`);
      }
      if (this.#buffered < length) break;
      messages.push(this.#take(length));
    }
    return messages;
  }

  #peek(n: number): Buffer {
    const first = this.#chunks[0];
    if (first && first.length >= n) return first;
    const all = Buffer.concat(this.#chunks);
    this.#chunks = [all];
    return all;
  }

  #take(n: number): Buffer {
    const all =
      this.#chunks.length === 1 ? (this.#chunks[0] as Buffer) : Buffer.concat(this.#chunks);
    const message = all.subarray(0, n);
    const rest = all.subarray(n);
    this.#chunks = rest.length > 0 ? [rest] : [];
    this.#buffered = rest.length;
    return message;
  }
}
