import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import type { Logger } from 'pino';
import { requestLogFields } from '../observability/request-id.js';

/** The part of a driver cursor the stream uses. */
export interface DocumentCursor<T> {
  next(): Promise<T | null>;
  close(): Promise<void>;
}

/** Items are gathered into chunks of about this many characters, so 100 000 items are not 100 000 writes. */
const CHUNK_CHARACTERS = 64 * 1024;

async function* jsonArrayChunks<T>(
  first: T | null,
  cursor: DocumentCursor<T>,
  toItem: (document: T) => unknown,
): AsyncGenerator<string> {
  try {
    let chunk = '[';
    let separator = '';
    for (let document = first; document !== null; document = await cursor.next()) {
      chunk += separator + JSON.stringify(toItem(document));
      separator = ',';
      if (chunk.length >= CHUNK_CHARACTERS) {
        yield chunk;
        chunk = '';
      }
    }
    yield `${chunk}]`;
  } finally {
    // Runs on completion, on error and when the response is destroyed (client gone): the server
    // side cursor is released in every case.
    await cursor.close().catch(() => undefined);
  }
}

function isClientGone(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/**
 * Answers 200 with a JSON array read from the cursor as the client takes it: only a chunk or so is
 * held in memory at any time, however long the list, because the pipeline waits for the socket
 * to drain before it pulls more documents.
 *
 * The first document is read before anything is sent, so a query that fails outright still
 * rejects (and the error handler answers a clean 500). A failure after the status line has gone
 * out can no longer be reported in the body: it is logged and the connection is cut, so the
 * client sees a truncated response rather than a valid-looking partial array.
 */
export async function sendJsonArray<T>(
  res: Response,
  cursor: DocumentCursor<T>,
  toItem: (document: T) => unknown,
  logger: Logger,
): Promise<void> {
  let first: T | null;
  try {
    first = await cursor.next();
  } catch (error) {
    await cursor.close().catch(() => undefined);
    throw error;
  }
  res.status(200).type('application/json');
  if (res.req.method === 'HEAD') {
    await cursor.close().catch(() => undefined);
    res.end();
    return;
  }
  try {
    await pipeline(Readable.from(jsonArrayChunks(first, cursor, toItem)), res);
  } catch (error) {
    if (isClientGone(error)) {
      logger.debug(
        { ...requestLogFields(res.req), url: res.req.originalUrl },
        'client closed the connection during a list',
      );
      return;
    }
    logger.error(
      {
        ...requestLogFields(res.req),
        err: error,
        method: res.req.method,
        url: res.req.originalUrl,
      },
      'list failed after the response had started; connection closed',
    );
    res.destroy();
  }
}
