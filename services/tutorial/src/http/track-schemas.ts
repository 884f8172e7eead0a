import { z } from 'zod';
import { inputReader, type InputRejection } from '@repo/common';
import { safeHtml } from '../domain/html.js';
import { isNonBlank } from '../domain/tracks.js';
import { RejectedInputError } from './errors.js';

export const ARTIST_TEXT = safeHtml`artist must be a valid, non-empty string`;
export const TITLE_TEXT = safeHtml`title must be a valid, non-empty string`;

const requiredText = z
  .string()
  .refine(isNonBlank)
  .meta({ description: 'Not empty once trimmed.', pattern: '\\S' });

/**
 * The track of spec part A: `artist` and `title` required and not blank, `album` and `year` any
 * value or absent; other keys are left out. A JSON or URL-encoded body is read alike.
 */
export const newTrackSchema = z.object({
  artist: requiredText,
  title: requiredText,
  album: z.unknown().optional(),
  year: z.unknown().optional(),
});

/**
 * Spec rule 2: `artist` is checked before `title`, and the first failure is the only reply. zod
 * reports the keys in the order of the shape, so the first issue is artist's whenever artist
 * fails; a missing body or one that is not an object fails at its root and reads as no artist.
 */
const rejectTrack: InputRejection = (error) =>
  new RejectedInputError(error.issues[0]?.path[0] === 'title' ? TITLE_TEXT : ARTIST_TEXT);

export const readNewTrack = inputReader(newTrackSchema, rejectTrack);
