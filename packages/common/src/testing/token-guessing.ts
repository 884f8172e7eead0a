import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiDocument } from '../openapi/api-document.js';

/** A service whose document names token routes, as a test starts it. */
export interface TokenService {
  name: string;
  /** Its OpenAPI document: each operation's `security` says which scheme's token it checks. */
  document: ApiDocument;
  /** The token of each security scheme of the document, as the service was started with it. */
  tokens: Readonly<Record<string, string>>;
  /** Starts the service as it runs unconfigured, apart from its port, database and tokens. */
  start: () => Promise<{ url: string; stop: () => Promise<void> }>;
}

/** How many wrong tokens one client sends to each token route before the right one. */
export const WRONG_TOKENS_PER_ROUTE = 50;

const mediaSchema = z.object({ example: z.unknown().optional() });
const operationSchema = z.object({
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  requestBody: z.object({ content: z.record(z.string(), mediaSchema) }).optional(),
  responses: z.record(
    z.string(),
    z.object({ content: z.record(z.string(), mediaSchema).optional() }).loose(),
  ),
});

/** The answer the document gives to a missing or wrong token: its 401 or 403. */
interface Refusal {
  status: number;
  mediaType: string;
  example: unknown;
}

interface TokenRoute {
  name: string;
  method: string;
  path: string;
  scheme: string;
  body: unknown;
  refusal: Refusal;
}

function refusalOf(name: string, operation: z.output<typeof operationSchema>): Refusal {
  const found = ['401', '403'].flatMap((status) => {
    const content = Object.entries(operation.responses[status]?.content ?? {});
    return content.map(([mediaType, { example }]) => ({
      status: Number(status),
      mediaType,
      example,
    }));
  });
  const [refusal, ...more] = found;
  if (refusal === undefined || more.length > 0 || refusal.example === undefined)
    throw new Error(`${name}: the document should give one 401 or 403 with an example`);
  return refusal;
}

/** Every operation of the document that checks a token, with what it is sent and refused. */
function tokenRoutesOf(document: ApiDocument): TokenRoute[] {
  return Object.entries(document.paths ?? {}).flatMap(([template, item]) =>
    Object.entries(item as Record<string, unknown>).flatMap(([method, value]) => {
      const parsed = operationSchema.safeParse(value);
      const scheme = parsed.success ? Object.keys(parsed.data.security?.[0] ?? {})[0] : undefined;
      if (!parsed.success || scheme === undefined) return [];
      const name = `${method.toUpperCase()} ${template}`;
      // Any value serves for a path parameter: the token is checked before it is read.
      const path = template.replace(/\{[^{}]+\}/g, '1');
      const body = parsed.data.requestBody?.content['application/json']?.example;
      return [{ name, method, path, scheme, body, refusal: refusalOf(name, parsed.data) }];
    }),
  );
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

async function send(url: string, route: TokenRoute, authorization?: string): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (authorization !== undefined) headers.authorization = authorization;
  if (route.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${url}${route.path}`, {
    method: route.method.toUpperCase(),
    headers,
    ...(route.body === undefined ? {} : { body: JSON.stringify(route.body) }),
  });
  const contentType = response.headers.get('content-type') ?? '';
  // An event stream stays open: its status and headers are the answer.
  if (contentType.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, contentType, text: '' };
  }
  return { status: response.status, contentType, text: await response.text() };
}

function expectRefusal(answer: Answer, { status, mediaType, example }: Refusal): void {
  expect(answer.status).toBe(status);
  expect(answer.contentType).toContain(mediaType);
  if (mediaType === 'application/json') expect(JSON.parse(answer.text)).toEqual(example);
  else expect(answer.text).toBe(example);
}

/** Served: past the token check, whatever the route then makes of the request. */
function expectServed(answer: Answer, route: TokenRoute): void {
  expect([route.refusal.status, 429], `${route.name} with its token`).not.toContain(answer.status);
}

/**
 * The token rules hold for any sequence of requests at the defaults: one client sends
 * `WRONG_TOKENS_PER_ROUTE` missing or wrong tokens to every token route in turn (some hundreds of
 * requests, well within a minute), each answered as the document says a wrong token is, and its
 * right token is served on each route after them, and on every route once all have been guessed
 * at. A limit on failed token checks that refused the right token, or answered a wrong one
 * otherwise, fails it.
 */
export function describeTokenGuessing(services: readonly TokenService[]): void {
  for (const service of services) {
    const routes = tokenRoutesOf(service.document);

    describe(`${service.name}: ${WRONG_TOKENS_PER_ROUTE} wrong tokens on every token route, then the right ones, at the defaults`, () => {
      let running: Awaited<ReturnType<TokenService['start']>> | undefined;
      const url = (): string => {
        if (running === undefined) throw new Error('the service starts in beforeAll');
        return running.url;
      };
      beforeAll(async () => {
        running = await service.start();
      });
      afterAll(async () => {
        await running?.stop();
      });

      it('when the document is read, then it names token routes, and a token for each scheme they check', () => {
        expect(routes.length).toBeGreaterThan(0);
        const schemes = new Set(routes.map((route) => route.scheme));
        expect(Object.keys(service.tokens).sort()).toEqual(expect.arrayContaining([...schemes]));
      });

      it('when one client sends wrong or missing tokens to each token route in turn, then every one is refused as documented and its right token is served after them', async () => {
        const tokenOf = (route: TokenRoute): string => `Bearer ${service.tokens[route.scheme]}`;
        for (const route of routes) {
          // Another scheme's token is a wrong one too, where the service has several.
          const otherTokens = Object.entries(service.tokens)
            .filter(([scheme]) => scheme !== route.scheme)
            .map(([, token]) => `Bearer ${token}`);
          const wrong = [undefined, 'Bearer not-the-token', 'Basic Zm9vOmJhcg==', ...otherTokens];
          for (let n = 0; n < WRONG_TOKENS_PER_ROUTE; n += 1) {
            expectRefusal(await send(url(), route, wrong[n % wrong.length]), route.refusal);
          }
          expectServed(await send(url(), route, tokenOf(route)), route);
        }
        for (const route of routes) expectServed(await send(url(), route, tokenOf(route)), route);
      });
    });
  }
}
