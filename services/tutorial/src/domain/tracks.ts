import { safeHtml } from './html.js';
import { fieldOf } from './input.js';
import { htmlReply, jsonReply, type Reply } from './reply.js';

function isNonBlankString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Spec rule 2: `artist` is checked before `title`; the first failure is the only reply. The values
 * are echoed as sent (not trimmed); `album` and `year` pass through unchecked, and a missing one is
 * simply absent from the JSON.
 */
export function addTrackReply(body: unknown, now: Date): Reply {
  const artist = fieldOf(body, 'artist');
  if (!isNonBlankString(artist)) {
    return htmlReply(safeHtml`artist must be a valid, non-empty string`, 400);
  }
  const title = fieldOf(body, 'title');
  if (!isNonBlankString(title)) {
    return htmlReply(safeHtml`title must be a valid, non-empty string`, 400);
  }
  return jsonReply({
    status: 'success',
    trackAdded: { artist, title, album: fieldOf(body, 'album'), year: fieldOf(body, 'year') },
    timestamp: now.toISOString(),
  });
}
