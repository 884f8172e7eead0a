import { safeHtml } from './html.js';
import { textOf } from './input.js';
import { htmlReply, type Reply } from './reply.js';

/**
 * Missing gives 400; present but empty converts to 0 and passes (spec rule 1). A repeated
 * `itemid` is an array, which `Number()` turns into NaN, so it is a 400 as well.
 */
export function catalogReply(itemid: unknown): Reply {
  if (typeof itemid !== 'string' || Number.isNaN(Number(itemid))) {
    return htmlReply(safeHtml`Error: itemid must be a number`, 400);
  }
  return htmlReply(safeHtml`Oh, you're looking for item ${itemid}?`);
}

/** A missing `keywords` reads as empty text; a repeated one as its values joined with commas. */
export function browseReply(category: string, keywords: unknown): Reply {
  return htmlReply(safeHtml`Searching for ${textOf(keywords) ?? ''} in the ${category} category`);
}

/**
 * Comma-separated keywords, each trimmed; empty items are dropped, so a missing or empty
 * `keywords` gives `[]`. A repeated key counts as one more comma-separated list.
 */
export function splitKeywords(keywords: unknown): string[] {
  return (textOf(keywords) ?? '')
    .split(',')
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== '');
}

export function productSearchReply(department: string, category: string, keywords: unknown): Reply {
  const joined = splitKeywords(keywords).join(' AND ');
  return htmlReply(
    safeHtml`You are looking for [${joined}] in ${department}/${category}, aren't you?`,
  );
}
