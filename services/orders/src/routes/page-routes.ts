import { z } from 'zod';
import {
  errorResponse,
  NotFoundError,
  notModifiedResponse,
  textResponse,
  type Route,
} from '@repo/common';
import type { Response } from 'express';
import type { AppDeps } from '../app.js';
import { PAGE_NOT_FOUND_MESSAGE } from '../http/errors.js';
import { pageFileSchema, readPageFileName } from '../http/page-schemas.js';
import { bodyFailures, malformedJson } from '../http/responses.js';
import { KITCHEN_PAGE, PAGE_CSP, PAGES_PATH, TRACKER_PAGE } from '../pages/page-documents.js';
import { pageFiles, type PageFile } from '../pages/page-files.js';

const HTML = 'text/html; charset=utf-8';

/** A page or one of its files: revalidated on every load (ETag), so a new release shows at once. */
function sendPageFile(res: Response, { contentType, body }: PageFile): void {
  res
    .set({
      'content-type': contentType,
      'cache-control': 'no-cache',
      'content-security-policy': PAGE_CSP,
      'referrer-policy': 'no-referrer',
    })
    .send(body);
}

const pageAnswers = { 304: notModifiedResponse, 400: malformedJson, ...bodyFailures };

const html = (description: string) =>
  textResponse(description, z.string(), '<!doctype html>\n<html lang="en">…', 'text/html');

const TOKEN_TYPED =
  'The page holds no data and is served to anyone; its script asks for the token, keeps it in the tab (sessionStorage) and sends it only as `Authorization: Bearer <token>`.';

/** The kitchen board and the order tracker: two small pages over the routes above. */
export const pageRoutes: Route<AppDeps>[] = [
  {
    method: 'get',
    path: '/kitchen',
    summary: 'The kitchen board (HTML)',
    description: `Pending and in-progress orders, live from \`GET /orders/events\`, each with a button that moves it forward (\`PATCH /orders/{id}\`). ${TOKEN_TYPED} The staff token.`,
    responses: { 200: html('The board page.'), ...pageAnswers },
    handle(_req, res) {
      sendPageFile(res, { contentType: HTML, body: KITCHEN_PAGE });
    },
  },
  {
    method: 'get',
    path: '/track',
    summary: 'The order tracker (HTML)',
    description: `One order's status, live from \`GET /orders/{id}/events\`; the order is named by the address's fragment (\`/track#<id>\`) or typed in. ${TOKEN_TYPED} The customer token.`,
    responses: { 200: html('The tracker page.'), ...pageAnswers },
    handle(_req, res) {
      sendPageFile(res, { contentType: HTML, body: TRACKER_PAGE });
    },
  },
  {
    method: 'get',
    path: `${PAGES_PATH}/{file}`,
    summary: 'A script or stylesheet of the pages',
    request: { params: z.object({ file: pageFileSchema }) },
    responses: {
      200: {
        description: 'The file: an ES module or the stylesheet.',
        content: {
          'text/javascript': { schema: z.string(), example: 'import { … } from "./dom.js";' },
          'text/css': { schema: z.string(), example: ':root { … }' },
        },
      },
      ...pageAnswers,
      404: errorResponse('No file of the pages has this name.', PAGE_NOT_FOUND_MESSAGE),
    },
    handle(req, res) {
      const file = pageFiles().get(readPageFileName(req.params.file));
      if (file === undefined) throw new NotFoundError(PAGE_NOT_FOUND_MESSAGE);
      sendPageFile(res, file);
    },
  },
];
