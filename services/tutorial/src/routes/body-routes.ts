import { z } from 'zod';
import {
  inputReader,
  jsonResponse,
  notModifiedResponse,
  type InputRejection,
  type Route,
} from '@repo/common';
import type { AppDeps } from '../app.js';
import { safeHtml } from '../domain/html.js';
import { FORM_PAGE, isNonBlank, shippingText, SUBMIT_PATH, trackAdded } from '../domain/replies.js';
import { RejectedInputError } from '../http/errors.js';
import { bodyFailures, FORM, html, ruleOr400 } from '../http/responses.js';

export const ARTIST_TEXT = safeHtml`artist must be a valid, non-empty string`;
export const TITLE_TEXT = safeHtml`title must be a valid, non-empty string`;

const requiredText = z
  .string()
  .refine(isNonBlank)
  .meta({ description: 'Not empty once trimmed.', pattern: '\\S' });

/** A JSON or URL-encoded body is read alike; other keys are left out. */
const newTrackSchema = z.object({
  artist: requiredText,
  title: requiredText,
  album: z.unknown().optional(),
  year: z.unknown().optional(),
});

/**
 * `artist` is checked first, then `title`, and the first failure is the only reply. zod reports
 * keys in the order of the shape; a body that is no object fails at its root: no artist.
 */
const rejectTrack: InputRejection = (error) =>
  new RejectedInputError(error.issues[0]?.path[0] === 'title' ? TITLE_TEXT : ARTIST_TEXT);
const readNewTrack = inputReader(newTrackSchema, rejectTrack);

const trackExample = {
  artist: 'Nina Simone',
  title: 'Feeling Good',
  album: 'I Put a Spell on You',
  year: 1965,
};

const formFields = z.object({
  address: z.string().optional(),
  city: z.string().optional(),
  zip: z.string().optional(),
});

const shippingExample = { address: '1 Main St', city: 'Springfield', zip: '12345' };

const currentTime = (): Date => new Date();

export const bodyRoutes: Route<AppDeps>[] = [
  {
    method: 'get',
    path: '/getform',
    summary: 'The shipping form',
    responses: {
      200: html(
        'An HTML page with a form posting address, city and zip to /submitform.',
        FORM_PAGE,
        /<form /,
      ),
      304: notModifiedResponse,
      ...bodyFailures,
    },
    handle(_req, res) {
      res.send(FORM_PAGE);
    },
  },
  {
    method: 'post',
    path: SUBMIT_PATH,
    summary: 'Submit the shipping form',
    description: 'A field left out reads as empty text.',
    request: {
      body: {
        // Both parsers run before any route, so the fields may come as JSON.
        content: {
          [FORM]: { schema: formFields, example: shippingExample },
          'application/json': { schema: formFields, example: shippingExample },
        },
      },
    },
    responses: {
      200: html(
        'Where the package goes.',
        'Great! Your package will be shipped to 1 Main St, Springfield, 12345',
        /^Great! Your package will be shipped to /,
      ),
      ...bodyFailures,
    },
    // The fields are free text read leniently (a missing one reads as empty): nothing is refused.
    handle(req, res) {
      res.send(shippingText(req.body));
    },
  },
  {
    method: 'post',
    path: '/tracks',
    summary: 'Add a track',
    description:
      '`artist` is checked first, then `title`; `album` and `year` pass through unchecked.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': { schema: newTrackSchema, example: trackExample },
          [FORM]: { schema: newTrackSchema },
        },
      },
    },
    responses: {
      200: jsonResponse(
        'The track added, with the time.',
        z.strictObject({
          status: z.literal('success'),
          trackAdded: z.strictObject({
            artist: z.string(),
            title: z.string(),
            album: z.unknown().optional(),
            year: z.unknown().optional(),
          }),
          timestamp: z.iso.datetime(),
        }),
        { status: 'success', trackAdded: trackExample, timestamp: '2026-11-25T10:00:00.000Z' },
      ),
      ...bodyFailures,
      400: ruleOr400('`artist` (checked first) or `title` is missing, not text or blank', [
        ARTIST_TEXT,
        TITLE_TEXT,
      ]),
    },
    // A body that is no object has no artist: the artist's 400, like `{}`.
    readsNonObjectBodies: true,
    // The track is read (and refused with the README's 400) before the clock is read.
    handle(req, res, { clock = currentTime }) {
      const track = readNewTrack(req.body);
      res.json(trackAdded(track, clock()));
    },
  },
  {
    method: 'post',
    path: '/postData',
    summary: 'Echo a body',
    description:
      'The parsed body (JSON object or form) comes back under `received`; `{}` when none was sent.',
    request: {
      body: {
        content: {
          'application/json': {
            schema: z.record(z.string(), z.unknown()),
            example: { any: 'thing' },
          },
          [FORM]: { schema: z.record(z.string(), z.string()) },
        },
      },
    },
    responses: {
      200: jsonResponse('The body as parsed.', z.strictObject({ received: z.unknown() }), {
        received: { any: 'thing' },
      }),
      ...bodyFailures,
    },
    // No body reads as `{}` (common's body rules).
    handle(req, res) {
      res.json({ received: req.body as unknown });
    },
  },
];
