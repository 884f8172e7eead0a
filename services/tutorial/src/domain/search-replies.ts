import { safeHtml } from './html.js';
import { textOf } from './input.js';
import { htmlReply, type Reply } from './reply.js';

/** An empty `itemid` is echoed as empty text (spec rule 1); `readCatalogQuery` has checked it. */
export function catalogReply(itemid: string): Reply {
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
