import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import type { Logger } from 'pino';
import { requestLogFields } from '../observability/request-id.js';

export interface DocumentCursor<T> {
  next(): Promise<T | null>;
  close(): Promise<void>;
}

/** So that 100 000 items are not 100 000 writes. */
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
    // Also when the response is destroyed (client gone): the server-side cursor is released.
    await cursor.close().catch(() => undefined);
  }
}

function isClientGone(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/**
 * Answers 200 with a JSON array read from the cursor as the client takes it (the pipeline waits
 * for the socket to drain), so a chunk or so is in memory however long the list. The first
 * document is read before anything is sent, so a failing query still gets the error handler's
 * 500; a failure after that is logged and cuts the connection, so the client sees a truncated
 * response rather than a valid-looking partial array.
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
