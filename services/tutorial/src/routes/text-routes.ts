import { z } from 'zod';
import { inputReader, notModifiedResponse, type Route } from '@repo/common';
import { safeHtml } from '../domain/html.js';
import {
  browseText,
  catalogText,
  GREETING,
  leagueText,
  peopleText,
  personText,
  playText,
  productSearchText,
  readsAsNumber,
} from '../domain/replies.js';
import type { AppDeps } from '../app.js';
import { RejectedInputError } from '../http/errors.js';
import { bodyFailures, html, ruleOr400, segment } from '../http/responses.js';

export const PERSON_ID_TEXT = safeHtml`BAD REQUEST: Person ID must be a number`;
export const ITEMID_TEXT = safeHtml`Error: itemid must be a number`;
export const LETTER_TEXT = safeHtml`letter query parameter is required`;

const personIdSchema = z
  .string()
  .refine(readsAsNumber)
  .meta({ description: 'Text that `Number()` reads as a number (`7`, `1e3`, `0x10`, ` 5 `).' });
const readPersonId = inputReader(personIdSchema, () => new RejectedInputError(PERSON_ID_TEXT));

/** Empty reads as 0 and passes; a repeated `itemid` is an array, refused. */
const catalogQuery = z.object({
  itemid: z
    .string()
    .refine(readsAsNumber)
    .meta({ description: 'Text that `Number()` reads as a number; empty reads as 0.' }),
});
const readCatalogQuery = inputReader(catalogQuery, () => new RejectedInputError(ITEMID_TEXT));

/** A repeated `letter` is an array, refused; a `letter` of spaces is not empty. */
const peopleQuery = z.object({
  letter: z.string().min(1).meta({
    description: 'Its first character is compared, case-insensitively.',
    example: 'a',
  }),
});
const readPeopleQuery = inputReader(peopleQuery, () => new RejectedInputError(LETTER_TEXT));

/** Read leniently: a repeated key is its values joined with commas; nothing is refused. */
const keywordsQuery = z.object({
  keywords: z.string().optional().meta({ description: 'Any text; absent reads as empty.' }),
});

const getResponses = { 304: notModifiedResponse, ...bodyFailures };

export const textRoutes: Route<AppDeps>[] = [
  {
    method: 'get',
    path: '/',
    summary: 'Greeting',
    responses: { 200: html('The greeting.', GREETING), ...getResponses },
    handle(_req, res) {
      res.send(GREETING);
    },
  },
  {
    method: 'get',
    path: '/person/{id}',
    summary: 'A person by id',
    request: { params: z.object({ id: personIdSchema.meta({ example: '7' }) }) },
    responses: {
      200: html('`You asked for person <id>`.', 'You asked for person 7', /^You asked for person /),
      ...getResponses,
      400: ruleOr400('`Number(id)` is NaN', [PERSON_ID_TEXT]),
    },
    handle(req, res) {
      res.send(personText(readPersonId(req.params.id)));
    },
  },
  {
    method: 'get',
    path: '/catalog',
    summary: 'An item of the catalog',
    request: { query: catalogQuery },
    responses: {
      200: html(
        "`Oh, you're looking for item <itemid>?`.",
        "Oh, you're looking for item 42?",
        /^Oh, you're looking for item /,
      ),
      ...getResponses,
      400: ruleOr400('`itemid` is missing, repeated, or `Number(itemid)` is NaN', [ITEMID_TEXT]),
    },
    handle(req, res) {
      res.send(catalogText(readCatalogQuery(req.query).itemid));
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
      ...getResponses,
    },
    handle(req, res) {
      res.send(leagueText(req.params.leaguename ?? '', req.params.teamname ?? ''));
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
      ...getResponses,
    },
    handle(req, res) {
      res.send(playText(req.params.artistName ?? '', req.params.songName ?? ''));
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
      ...getResponses,
    },
    handle(req, res) {
      res.send(browseText(req.params.category ?? '', req.query.keywords));
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
      ...getResponses,
    },
    handle(req, res) {
      const { department = '', category = '' } = req.params;
      res.send(productSearchText(department, category, req.query.keywords));
    },
  },
  {
    method: 'get',
    path: '/people',
    summary: 'The first person whose name starts with a letter',
    request: { query: peopleQuery },
    responses: {
      200: html('The name, or `No person found for <letter>`.', 'Alice'),
      ...getResponses,
      400: ruleOr400('`letter` is missing, empty or repeated', [LETTER_TEXT]),
    },
    handle(req, res) {
      res.send(peopleText(readPeopleQuery(req.query).letter));
    },
  },
];
