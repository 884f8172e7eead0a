import { z } from 'zod';
import {
  cannotRouteResponse,
  createApiDocument,
  jsonResponse,
  notModifiedResponse,
  textResponse,
  type ApiDocument,
  type ApiRoute,
} from '@repo/common';
import { GREETING } from '../domain/path-replies.js';
import { INTERNAL_ERROR_TEXT } from './errors.js';
import { PERSON_ID_TEXT, personIdSchema } from './path-schemas.js';
import {
  catalogQuerySchema,
  ITEMID_TEXT,
  LETTER_TEXT,
  peopleQuerySchema,
} from './search-schemas.js';
import { ARTIST_TEXT, newTrackSchema, TITLE_TEXT } from './track-schemas.js';

const HTML = 'text/html';
const FORM = 'application/x-www-form-urlencoded';

/** A reply text, sent as a string and so labelled HTML (spec part A, rule 3); values are escaped. */
function html(description: string, example: string, pattern?: RegExp) {
  return textResponse(description, pattern ? z.string().regex(pattern) : z.string(), example, HTML);
}

/** A path segment, percent-decoded, echoed HTML-escaped. */
const segment = (description: string, example: string) => z.string().meta({ description, example });

/**
 * `keywords` is read leniently: absent reads as empty, a repeated key as its values joined with
 * commas; nothing about it is refused.
 */
const keywordsQuery = z.object({
  keywords: z.string().optional().meta({ description: 'Any text; absent reads as empty.' }),
});

/** Every route parses JSON and form bodies first, so any of them can refuse a body. */
const bodyFailures = {
  400: textResponse(
    "The JSON body is malformed (`Malformed JSON body: <parser message>`), or the path's percent-encoding is broken (the router's message).",
    z.string(),
    "Malformed JSON body: Expected property name or '}' in JSON at position 1",
  ),
  413: textResponse('The body is over 100 kB.', z.string(), 'request entity too large'),
  415: textResponse(
    'The body is in an unsupported charset or encoding.',
    z.string(),
    'unsupported charset "LATIN1"',
  ),
  500: textResponse(
    'A handler threw (logged).',
    z.literal(INTERNAL_ERROR_TEXT),
    INTERNAL_ERROR_TEXT,
  ),
};

/** The 400 of a route with its own rule: its text, or a body refused by the parsers. */
function ruleOr400(description: string, text: string) {
  return {
    description: `${description}; or a body or path the parsers refuse (text/plain).`,
    content: {
      [HTML]: { schema: z.literal(text), example: text },
      'text/plain': bodyFailures[400].content?.['text/plain'] ?? {},
    },
  };
}

const formFields = z.object({
  address: z.string().optional(),
  city: z.string().optional(),
  zip: z.string().optional(),
});

const trackExample = {
  artist: 'Nina Simone',
  title: 'Feeling Good',
  album: 'I Put a Spell on You',
  year: 1965,
};

const routes: ApiRoute[] = [
  {
    method: 'get',
    path: '/',
    summary: 'Greeting',
    responses: { 200: html('The greeting.', GREETING), 304: notModifiedResponse, ...bodyFailures },
  },
  {
    method: 'get',
    path: '/person/{id}',
    summary: 'A person by id',
    request: { params: z.object({ id: personIdSchema.meta({ example: '7' }) }) },
    responses: {
      200: html('`You asked for person <id>`.', 'You asked for person 7', /^You asked for person /),
      304: notModifiedResponse,
      ...bodyFailures,
      400: ruleOr400('`Number(id)` is NaN', PERSON_ID_TEXT),
    },
  },
  {
    method: 'get',
    path: '/catalog',
    summary: 'An item of the catalog',
    request: { query: catalogQuerySchema },
    responses: {
      200: html(
        "`Oh, you're looking for item <itemid>?`.",
        "Oh, you're looking for item 42?",
        /^Oh, you're looking for item /,
      ),
      304: notModifiedResponse,
      ...bodyFailures,
      400: ruleOr400('`itemid` is missing, repeated, or `Number(itemid)` is NaN', ITEMID_TEXT),
    },
  },
  {
    method: 'get',
    path: '/league/{leaguename}/team/{teamname}',
    summary: 'A team of a league',
    request: {
      params: z.object({
        leaguename: segment('The league.', 'NBA'),
        teamname: segment('The team.', 'Celtics'),
      }),
    },
    responses: {
      200: html(
        'The team and its league.',
        "You want to know about the Celtics? They're in the NBA!",
        /^You want to know about the /,
      ),
      304: notModifiedResponse,
      ...bodyFailures,
    },
  },
  {
    method: 'get',
    path: '/play/artist/{artistName}/song/{songName}',
    summary: 'A song of an artist',
    request: {
      params: z.object({
        artistName: segment('The artist, percent-decoded.', 'Nina Simone'),
        songName: segment('The song, percent-decoded.', 'Feeling Good'),
      }),
    },
    responses: {
      200: html(
        'The song and its artist.',
        'Oh, you want to listen to Feeling Good by Nina Simone?',
        /^Oh, you want to listen to /,
      ),
      304: notModifiedResponse,
      ...bodyFailures,
    },
  },
  {
    method: 'get',
    path: '/browse/{category}',
    summary: 'Search a category',
    request: {
      params: z.object({ category: segment('The category.', 'books') }),
      query: keywordsQuery,
    },
    responses: {
      200: html(
        'What is searched, where.',
        'Searching for dune in the books category',
        /^Searching for /,
      ),
      304: notModifiedResponse,
      ...bodyFailures,
    },
  },
  {
    method: 'get',
    path: '/products/{department}/{category}',
    summary: 'Search products by comma-separated keywords',
    request: {
      params: z.object({
        department: segment('The department.', 'garden'),
        category: segment('The category.', 'tools'),
      }),
      query: keywordsQuery,
    },
    responses: {
      200: html(
        'The keywords, trimmed and joined with AND.',
        "You are looking for [rake AND hoe] in garden/tools, aren't you?",
        /^You are looking for \[/,
      ),
      304: notModifiedResponse,
      ...bodyFailures,
    },
  },
  {
    method: 'get',
    path: '/people',
    summary: 'The first person whose name starts with a letter',
    request: {
      query: peopleQuerySchema.extend({
        letter: peopleQuerySchema.shape.letter.meta({
          description: 'Its first character is compared, case-insensitively.',
          example: 'a',
        }),
      }),
    },
    responses: {
      200: html('The name, or `No person found for <letter>`.', 'Alice'),
      304: notModifiedResponse,
      ...bodyFailures,
      400: ruleOr400('`letter` is missing, empty or repeated', LETTER_TEXT),
    },
  },
  {
    method: 'get',
    path: '/getform',
    summary: 'The shipping form',
    responses: {
      200: html(
        'An HTML page with a form posting address, city and zip to /submitform.',
        '<!doctype html>…',
        /<form /,
      ),
      304: notModifiedResponse,
      ...bodyFailures,
    },
  },
  {
    method: 'post',
    path: '/submitform',
    summary: 'Submit the shipping form',
    description: 'A field left out reads as empty text.',
    request: {
      body: {
        content: {
          [FORM]: {
            schema: formFields,
            example: { address: '1 Main St', city: 'Springfield', zip: '12345' },
          },
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
      400: {
        description:
          '`artist` (checked first) or `title` is missing, not text or blank; or a body or path the parsers refuse (text/plain).',
        content: {
          [HTML]: { schema: z.enum([ARTIST_TEXT, TITLE_TEXT]), example: ARTIST_TEXT },
          'text/plain': bodyFailures[400].content?.['text/plain'] ?? {},
        },
      },
    },
  },
  {
    method: 'post',
    path: '/postData',
    summary: 'Echo a body',
    description:
      'The parsed body (JSON or form) comes back under `received`; `null` when none was sent.',
    request: {
      body: {
        content: {
          'application/json': { schema: z.unknown(), example: { any: 'thing' } },
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
  },
];

/** The tutorial routes as OpenAPI 3.1, from the zod schemas their readers use. */
export function apiDocument(): ApiDocument {
  return createApiDocument({
    service: 'tutorial',
    version: '1.0.0',
    summary:
      'Small tutorial routes that answer mostly in text, labelled HTML (specification document 3, part A).',
    routes,
    unmatchedRoute: cannotRouteResponse(),
  });
}
