import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../config/config.js';
import type { RunningService } from '../runtime/run-service.js';
import { exampleRequests, type ExampleDocument, type ExampleRequest } from './example-requests.js';
import { parsedHeaderCases } from './header-attacks.js';
import { PlainClient } from './plain-client.js';
import { rawExchange } from './raw-exchange.js';
import { relativeCost } from './relative-cost.js';
import { stalledReader } from './slow-clients.js';

export interface HttpLayerTarget {
  /** The service's name, for the tests' titles. */
  name: string;
  /**
   * Starts the service on a free port in this thread (its server is watched and its CPU counted)
   * with `runnerEnv` as the runner's variables, its API documents served.
   */
  start: (runnerEnv: Env) => Promise<RunningService>;
  /** Its secrets by variable: a security scheme's token is the one its description names. */
  secrets: Readonly<Record<string, string>>;
}

/** What the service may cost for a hostile header, relative to a well-formed one. */
const COST_RATIO_LIMIT = 3;

/**
 * Short enough for a test, and over twice the database deadline (1 s), so that no request of
 * these tests is cut by it however slow a loaded machine makes the database.
 */
const SEND_TIMEOUT_MS = 2_500;

const RUNNER_ENV: Env = {
  HTTP_SEND_TIMEOUT_MS: String(SEND_TIMEOUT_MS),
  // The cost test sends thousands of wrong tokens: counted, they would end in 429s unread.
  AUTH_FAILURE_LIMIT: '1000000',
};

/** The targets answered in front of the app, which compared the raw target, and a path no route has. */
const FRONT_TARGETS = ['/healthz', '/openapi.json', '/docs', '/docs/swagger-ui.css', '/metrics'];
const UNROUTED = '/no-route-has-this-path';

function get(target: string, host: string): string {
  return `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;
}

function head(request: ExampleRequest, host: string, framing: string): string {
  const headers = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `${request.method} ${request.target} HTTP/1.1\r\nHost: ${host}\r\n${headers.join('')}${framing}\r\n\r\n`;
}

/** The head of `request` declaring a body of `length` bytes, and no body. */
function declaring(request: ExampleRequest, host: string, length: string): string {
  return head(request, host, `Content-Length: ${length}`);
}

/** `request` with a body of `length` bytes in one chunk, its length declared nowhere. */
function chunked(request: ExampleRequest, host: string, length: number): string {
  const framing = 'Transfer-Encoding: chunked\r\nConnection: close';
  return `${head(request, host, framing)}${length.toString(16)}\r\n${'x'.repeat(length)}\r\n0\r\n\r\n`;
}

/** The body of a raw answer. */
function bodyOf(text: string): string {
  return text.slice(text.indexOf('\r\n\r\n') + 4);
}

/**
 * The guarantees every service holds against hostile clients at the HTTP layer, over sockets
 * against the running service (its routes read from its own OpenAPI document): absolute-form
 * targets reach everything, a body declared over the limit is a 413 at once, a client that stops
 * reading is cut off, and no parsed header costs more than its size.
 */
export function describeHttpLayer(target: HttpLayerTarget): void {
  describe(`${target.name}: hostile clients at the HTTP layer`, () => {
    let service: RunningService;
    let requests: ExampleRequest[];
    let host: string;

    beforeAll(async () => {
      service = await target.start(RUNNER_ENV);
      host = new URL(service.url).host;
      const document = (await (
        await fetch(`${service.url}/openapi.json`)
      ).json()) as ExampleDocument;
      requests = exampleRequests(document, target.secrets);
    });

    afterAll(() => service.stop());

    it('when a target is in the absolute form (http://host:port/path), then the probes, /openapi.json, /docs, /metrics and the routes answer as to the origin form', async () => {
      const absolute = (path: string) =>
        rawExchange(service.url, get(`http://${host}${path}`, host));
      for (const path of FRONT_TARGETS) {
        expect((await absolute(path)).status, path).toBe(200);
      }
      // Ready or not, depending on the database: the probe answers either way, never a 404.
      expect((await absolute('/readyz')).text, '/readyz').toMatch(
        /"status":"(ready|dependencies unavailable)"/,
      );
      // The app's own 404 names the path alone, as for the origin form.
      const unrouted = await absolute(`${UNROUTED}?x=1`);
      const origin = await rawExchange(service.url, get(`${UNROUTED}?x=1`, host));
      expect(unrouted.status).toBe(404);
      expect(bodyOf(unrouted.text)).toBe(bodyOf(origin.text));
    });

    it('when each route that reads a body is declared 10 000 000 000 bytes and sent none, then it answers at once the 413 it gives a body over the limit', async () => {
      for (const request of requests.filter((candidate) => candidate.bodyType !== undefined)) {
        // The answer body-parser gives a body found over the limit as it arrives (chunked).
        const over = await rawExchange(service.url, chunked(request, host, 102_401));
        expect(over.status, request.route).toBe(413);
        // Without the early refusal this one waits for its body until the request deadline.
        const declared = await rawExchange(service.url, declaring(request, host, '10000000000'));
        expect(declared.status, request.route).toBe(413);
        expect(bodyOf(declared.text), request.route).toBe(bodyOf(over.text));
      }
    });

    it('when a client asks for the Swagger UI bundle twenty times, pipelined, and stops reading, then its connection is cut off', async () => {
      const reader = await stalledReader(
        service.server,
        service.url,
        '/docs/swagger-ui-bundle.js',
        20,
      );
      try {
        await reader.cutOff;
      } finally {
        reader.stop();
      }
    });

    it(`when each header the service parses is at its worst at PARSED_HEADER_LIMIT and past it, then a request costs under ${COST_RATIO_LIMIT} times what one with a well-formed value does`, async () => {
      const client = new PlainClient(service.url);
      try {
        for (const { header, request, wellFormed, attacks } of parsedHeaderCases(requests)) {
          let sent = 0;
          const sending = (values: readonly string[]) => () =>
            client.send({
              ...request,
              headers: { ...request.headers, [header]: values[sent++ % values.length] ?? '' },
            });
          const ratio = await relativeCost(
            sending(wellFormed),
            sending(attacks.map((attack) => attack.value)),
            { rounds: 5, batch: attacks.length },
          );
          expect(ratio, `${header} on ${request.route}`).toBeLessThan(COST_RATIO_LIMIT);
        }
      } finally {
        client.close();
      }
      // A thousand requests or so: minutes when the machine is loaded many times over.
    }, 180_000);
  });
}
