import { jsonReply, type Reply } from './reply.js';

/** A track as `/tracks` takes it (spec part A): `album` and `year` may hold any JSON value. */
export interface NewTrack {
  artist: string;
  title: string;
  album?: unknown;
  year?: unknown;
}

/** The spec's rule for `artist` and `title`: a string that is not empty once trimmed. */
export function isNonBlank(text: string): boolean {
  return text.trim() !== '';
}

/**
 * The success reply of spec rule 2. The values are echoed as sent (not trimmed); `album` and
 * `year` pass through unchecked, and a missing one is simply absent from the JSON.
 */
export function addTrackReply({ artist, title, album, year }: NewTrack, now: Date): Reply {
  return jsonReply({
    status: 'success',
    trackAdded: { artist, title, album, year },
    timestamp: now.toISOString(),
  });
}
