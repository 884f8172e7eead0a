import type { Request, Response } from 'express';
import { ObjectId } from 'mongodb';
import { z } from 'zod';

/**
 * The `?after=` cursor of a paged list: the id of a page's last record, opaque to clients. Ids
 * only grow, so the next page starts at the same place however many records arrive meanwhile;
 * `prefix` names the list, so one list refuses another's cursor.
 */
export function idCursor(prefix: string) {
  return {
    encode: (id: ObjectId) => Buffer.from(prefix + id.toHexString()).toString('base64url'),
    decode(cursor: string): ObjectId | undefined {
      const text = Buffer.from(cursor, 'base64url').toString();
      if (!text.startsWith(prefix)) return undefined;
      const hex = text.slice(prefix.length);
      return /^[0-9a-f]{24}$/.test(hex) ? ObjectId.createFromHexString(hex) : undefined;
    },
  };
}

export type IdCursor = ReturnType<typeof idCursor>;

export interface PageLimits {
  max: number;
  /** The page size when the client asks for none. */
  fallback: number;
  /** What a page holds, for the description: `orders`. */
  of: string;
}

/** The `limit` and `after` query parameters, as zod fields of the list's query schema. */
export function pageQueryFields(cursor: IdCursor, { max, fallback, of }: PageLimits) {
  return {
    limit: z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1).max(max))
      .optional()
      .meta({
        description: `${of[0]?.toUpperCase() ?? ''}${of.slice(1)} per page, 1 to ${max}; ${fallback} when absent.`,
      }),
    after: z
      .string()
      .transform((text, context) => {
        const id = cursor.decode(text);
        if (id === undefined) {
          context.addIssue({ code: 'custom', message: 'is not a cursor this service gave out' });
          return z.NEVER;
        }
        return id;
      })
      .optional()
      .meta({
        description: 'The cursor of the next page, from the `Link` header of the previous one.',
      }),
  };
}

function nextPageLink(originalUrl: string, after: string): string {
  const url = new URL(originalUrl, 'http://service');
  url.searchParams.set('after', after);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

/**
 * Answers one page of a list read with `limit + 1` (telling whether a next page exists), with its
 * `Link`.
 */
export function sendPage<T extends { _id: ObjectId }>(
  req: Request,
  res: Response,
  found: readonly T[],
  { limit, cursor, present }: { limit: number; cursor: IdCursor; present: (item: T) => unknown },
): void {
  const page = found.slice(0, limit);
  const last = page.at(-1);
  if (found.length > limit && last !== undefined) {
    res.setHeader('Link', nextPageLink(req.originalUrl, cursor.encode(last._id)));
  }
  res.json(page.map(present));
}
