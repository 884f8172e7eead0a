import { describe, expect, it } from 'vitest';
import { BODY_TEXT_LIMIT } from '../openapi/limits.js';
import type { ApiDocument } from '../openapi/api-document.js';
import { READS_NON_OBJECT_BODIES } from '../openapi/body-answers-document.js';
import { acceptHeaderName, NOT_A_JSON_OBJECT_MESSAGE } from '../http/request-body.js';
import { templatePattern } from '../http/route-index.js';
import { PayloadTooLargeError } from '../errors/http-errors.js';
import type { FuzzTarget } from './fuzz.js';
import { PlainClient, type PlainAnswer, type PlainRequest } from './plain-client.js';

interface Parameter {
  name: string;
  in: string;
  example?: unknown;
  schema?: { pattern?: string; example?: unknown };
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
  security?: Record<string, unknown>[];
  [READS_NON_OBJECT_BODIES]?: boolean;
}

interface DocumentedRoute {
  method: string;
  path: string;
  operation: Operation;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const JSON_TYPE = 'application/json';
const MALFORMED_JSON = '{"a" 1}';
/** A key no route reads. */
const UNKNOWN_KEY = 'keyNoRouteReads';
/** Ids in no form a service hands out: another form, and a broken percent-encoding. */
const MALFORMED_IDS = ['not-an-id', '%ZZ'];

function routesOf(document: ApiDocument): DocumentedRoute[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = (item as Record<string, Operation | undefined>)[method];
      return operation === undefined ? [] : [{ method: method.toUpperCase(), path, operation }];
    }),
  );
}

const nameOf = ({ method, path }: DocumentedRoute): string => `${method} ${path}`;

/** The path with each parameter at its documented example, and `id` at `id` when given. */
function pathOf({ path, operation }: DocumentedRoute, id?: string): string {
  return path.replace(/\{([^{}]+)\}/g, (_whole, name: string) => {
    if (name === 'id' && id !== undefined) return id;
    const parameter = operation.parameters?.find((p) => p.in === 'path' && p.name === name);
    const example = parameter?.schema?.example ?? parameter?.example ?? 'x';
    return encodeURIComponent(String(example));
  });
}

/** A JSON-encoded string or the text as it is, whichever the body holds: the message's text. */
function says(answer: PlainAnswer, message: string): boolean {
  const text = answer.body.toString('utf8');
  return text.includes(message) || text.includes(JSON.stringify(message).slice(1, -1));
}

function parserMessage(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${text} parses`);
}

export interface ErrorAnswersOptions {
  /**
   * The status of a malformed `id` in a path, where the service's README fixes one other
   * than the table's 404 (docs/error-answers.md names the exception).
   */
  malformedIdStatus?: number;
}

/**
 * The rows of docs/error-answers.md, checked on one service over HTTP, route by route from its
 * OpenAPI document: every route with a body, every path, every `id` with a documented format.
 * Each answer is also held to the document (status, content type, body schema), so the body is
 * the service's own error shape. Called once from each service's tests.
 */
export function describeErrorAnswers(
  document: ApiDocument,
  target: () => FuzzTarget,
  { malformedIdStatus = 404 }: ErrorAnswersOptions = {},
): void {
  const routes = routesOf(document);
  const bodyRoutes = routes.filter(({ operation }) => operation.requestBody !== undefined);
  const idRoutes = routes.filter(({ operation }) =>
    (operation.parameters ?? []).some(
      (p) => p.in === 'path' && p.name === 'id' && p.schema?.pattern !== undefined,
    ),
  );
  const paths = [...new Set(routes.map(({ path }) => path))];

  async function send(request: PlainRequest): Promise<PlainAnswer> {
    const { baseUrl, contract } = target();
    const client = new PlainClient(baseUrl);
    try {
      const answer = await client.send(request);
      const problems = contract.check({
        method: request.method,
        url: request.target,
        status: answer.status,
        contentType: answer.contentType,
        body: answer.body,
      });
      expect(problems, `${request.method} ${request.target}`).toEqual([]);
      return answer;
    } finally {
      client.close();
    }
  }

  function tokenHeaders({ operation }: DocumentedRoute): Record<string, string> {
    const scheme = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement))[0];
    const token = scheme === undefined ? undefined : target().tokens?.[scheme];
    return token === undefined ? {} : { authorization: `Bearer ${token}` };
  }

  /** Sends a body to the route with its token and this Content-Type (none for `null`). */
  function sendBody(
    route: DocumentedRoute,
    body: string,
    contentType: string | null = JSON_TYPE,
  ): Promise<PlainAnswer> {
    return send({
      method: route.method,
      target: pathOf(route),
      headers: {
        ...tokenHeaders(route),
        ...(contentType === null ? {} : { 'content-type': contentType }),
      },
      body,
    });
  }

  function exampleOf(route: DocumentedRoute): Record<string, unknown> {
    const example = route.operation.requestBody?.content?.[JSON_TYPE]?.example;
    return typeof example === 'object' && example !== null ? { ...example } : {};
  }

  /** Same status; for a refusal the same body too (a success may carry a new id). */
  function expectSameAnswer(what: string, answer: PlainAnswer, expected: PlainAnswer): void {
    expect(answer.status, what).toBe(expected.status);
    if (expected.status >= 400) expect(answer.body.toString(), what).toBe(expected.body.toString());
  }

  describe('the answers of docs/error-answers.md', () => {
    it('when a path has no route, then the catch-all 404, without Allow', async () => {
      const answer = await send({ method: 'GET', target: '/no-route-has-this-path', headers: {} });
      expect(answer.status).toBe(404);
      expect(answer.headers.allow).toBeUndefined();
    });

    it.each(paths)(
      'when %s gets a method no route there takes, then the catch-all 404 with Allow naming those that are',
      async (path) => {
        const route = routes.find((candidate) => candidate.path === path);
        if (route === undefined) throw new Error(`no route at ${path}`);
        const target = pathOf(route);
        // Every route whose template takes the path: `/orders/events` is also an `/orders/{id}`.
        const taken = routes
          .filter((candidate) => templatePattern(candidate.path).test(target))
          .map(({ method }) => method);
        const method = ['PUT', 'PATCH', 'DELETE', 'POST'].find((m) => !taken.includes(m)) ?? 'PUT';
        const answer = await send({ method, target, headers: {} });
        expect(answer.status).toBe(404);
        const expected = new Set(taken);
        if (expected.has('GET')) expected.add('HEAD');
        expect(answer.headers.allow).toBe([...expected].sort().join(', '));
      },
    );

    it.each(bodyRoutes.map(nameOf))(
      'when %s gets a body it cannot read, then each row of the table: 415 (no or another Content-Type, another charset) with Accept-*, 400 (malformed JSON, no object), 413 (too large); no body and unknown keys answered as `{}` and as without them',
      async (name) => {
        const route = bodyRoutes.find((candidate) => nameOf(candidate) === name);
        if (route === undefined) throw new Error(`no route ${name}`);
        const mediaTypes = Object.keys(route.operation.requestBody?.content ?? {});
        const [firstType = JSON_TYPE] = mediaTypes;
        const readsJson = mediaTypes.includes(JSON_TYPE);
        const example = JSON.stringify(exampleOf(route));
        const header = acceptHeaderName(route.method);

        const unreadable: [string, string | null][] = [
          ['no Content-Type', null],
          ['text/plain', 'text/plain'],
          readsJson ? ['another charset', 'application/json; charset=latin1'] : ['JSON', JSON_TYPE],
        ];
        for (const [what, contentType] of unreadable) {
          const answer = await sendBody(route, example, contentType);
          expect(answer.status, what).toBe(415);
          expect(answer.headers.accept, what).toBe(mediaTypes.join(', '));
          if (header !== undefined) {
            expect(answer.headers[header.toLowerCase()], what).toBe(mediaTypes.join(', '));
          }
        }

        const large = `{"a":"${'x'.repeat(BODY_TEXT_LIMIT)}"}`;
        const tooLarge = await sendBody(route, large, firstType);
        expect(tooLarge.status, 'too large').toBe(413);
        expect(says(tooLarge, new PayloadTooLargeError().message), 'too large').toBe(true);

        const noBody = await sendBody(route, '', null);
        if (!readsJson) {
          expectSameAnswer('no body', noBody, await sendBody(route, '', firstType));
          return;
        }

        const malformed = await sendBody(route, MALFORMED_JSON);
        expect(malformed.status, 'malformed JSON').toBe(400);
        expect(says(malformed, parserMessage(MALFORMED_JSON)), 'the parser message').toBe(true);

        const emptyObject = await sendBody(route, '{}');
        expectSameAnswer('no body, as {}', noBody, emptyObject);
        for (const notAnObject of ['[]', '"text"', '42', 'null']) {
          const answer = await sendBody(route, notAnObject);
          if (route.operation[READS_NON_OBJECT_BODIES] === true) {
            expectSameAnswer(`${notAnObject}, as {}`, answer, emptyObject);
          } else {
            expect(answer.status, notAnObject).toBe(400);
            expect(says(answer, NOT_A_JSON_OBJECT_MESSAGE), notAnObject).toBe(true);
          }
        }

        const withUnknownKey = JSON.stringify({ ...exampleOf(route), [UNKNOWN_KEY]: 1 });
        const unknownKey = await sendBody(route, withUnknownKey);
        expectSameAnswer('an unknown key', unknownKey, await sendBody(route, example));
      },
    );

    it.each(idRoutes.map(nameOf))(
      `when %s gets an id in no form the service hands out, or with a broken percent-encoding, then ${malformedIdStatus}`,
      async (name) => {
        const route = idRoutes.find((candidate) => nameOf(candidate) === name);
        if (route === undefined) throw new Error(`no route ${name}`);
        const body = route.operation.requestBody === undefined ? undefined : exampleOf(route);
        for (const id of MALFORMED_IDS) {
          const answer = await send({
            method: route.method,
            target: pathOf(route, id),
            headers: {
              ...tokenHeaders(route),
              ...(body === undefined ? {} : { 'content-type': JSON_TYPE }),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          expect(answer.status, id).toBe(malformedIdStatus);
        }
      },
    );
  });
}
