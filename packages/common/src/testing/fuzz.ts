import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { ApiDocument } from '../openapi/api-document.js';
import { PlainClient, type PlainAnswer, type PlainRequest } from './plain-client.js';
import type { ResponseContract } from './response-contract.js';
import {
  anyJson,
  arbitraryFromSchema,
  invalidCases,
  type JsonSchema,
  type ResolveRef,
} from './schema-arbitrary.js';

/** One generated request. */
export interface FuzzRequest {
  method: string;
  /** Path and query, percent-encoded as sent. */
  target: string;
  headers: Record<string, string>;
  body?: string;
}

export interface FuzzTarget {
  /** Where a server over the app (and the test database) listens. */
  baseUrl: string;
  document: ApiDocument;
  contract: ResponseContract;
  /** Everything the service has stored; compared before and after each refused write. */
  snapshot: () => Promise<unknown>;
  /** The token each bearer scheme of the document accepts. */
  tokens?: Readonly<Record<string, string>>;
  /** Values a path parameter takes besides those its schema generates (ids that exist). */
  pathValues?: Readonly<Record<string, fc.Arbitrary<string>>>;
  /** JSON bodies to send besides the generated ones, by route (`POST /orders`). */
  bodies?: Readonly<Record<string, fc.Arbitrary<unknown>>>;
}

/**
 * The time a test gives one route's run of generated requests: 200 requests took up to 5 s within
 * a whole `npm test` on two cores, and more than the suite's 20 s with other test runs beside it.
 */
export const FUZZ_ROUTE_TIMEOUT_MS = 60_000;

export interface FuzzOptions {
  /** The requests drawn at random, after one of each kind. */
  runs: number;
  seed: number;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, unknown>[];
}

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const MALFORMED_JSON = ['{', '{"a":', '[1,', 'nul', '{"a" 1}', '"unterminated'];

/** What one part of a request adds to it. */
interface Piece {
  /** Path parameters, percent-encoded. */
  segments?: Record<string, string>;
  query?: [string, string][];
  headers?: Record<string, string>;
  body?: string;
}

/**
 * One kind of value for one part of a request (a path or query parameter, the body, the
 * credentials): its weight among the part's kinds when drawn at random, and its cases, each of
 * which a run also sends once on its own, so that no kind depends on the draw to be tried.
 */
interface Kind {
  weight: number;
  cases: [fc.Arbitrary<Piece>, ...fc.Arbitrary<Piece>[]];
}

/** The kinds of one part of a request; the first case of the first kind is its usual value. */
type Part = [Kind, ...Kind[]];

function kind(weight: number, ...cases: Kind['cases']): Kind {
  return { weight, cases };
}

function part([usual, ...others]: Kind[]): Part {
  if (usual === undefined) throw new Error('a part of a request has at least one kind');
  return [usual, ...others];
}

export function resolverFor(document: ApiDocument): ResolveRef {
  return (ref) => {
    let node: unknown = document;
    for (const token of ref.replace(/^#\//, '').split('/')) {
      node = (node as Record<string, unknown>)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    if (node === undefined) throw new Error(`unresolved reference ${ref}`);
    return node as JsonSchema;
  };
}

/** A path segment as a client would send it; `.` and `..` would be folded away by the URL parser. */
const segment = fc
  .string({ minLength: 1, maxLength: 30 })
  .filter((text) => text !== '.' && text !== '..');

/** Segments a client could send that no decoder takes. */
const brokenSegment = fc.constantFrom('%ZZ', '%E0%A4%A', '%', 'a%2');

/** A path parameter: an existing value (when given), one its schema takes, any text, a broken one. */
function pathPart(
  name: string,
  schema: JsonSchema,
  resolve: ResolveRef,
  own?: fc.Arbitrary<string>,
): Part {
  const encoded = (values: fc.Arbitrary<string>) =>
    values.map((value) => ({ segments: { [name]: encodeURIComponent(value) } }));
  const valid = arbitraryFromSchema(schema, resolve)
    .map(String)
    .filter((text) => text !== '' && text !== '.' && text !== '..');
  return part([
    ...(own === undefined ? [] : [kind(4, encoded(own))]),
    kind(3, encoded(valid)),
    kind(2, encoded(segment)),
    kind(
      1,
      brokenSegment.map((broken) => ({ segments: { [name]: broken } })),
    ),
  ]);
}

/** A query parameter: absent, valid, any text, or repeated. */
function queryPart(name: string, schema: JsonSchema, resolve: ResolveRef): Part {
  const query = (pairs: [string, string][]): Piece => ({ query: pairs });
  return [
    kind(1, fc.constant(query([]))),
    kind(
      1,
      arbitraryFromSchema(schema, resolve).map((value) => query([[name, String(value)]])),
    ),
    kind(
      1,
      fc.string({ maxLength: 10 }).map((value) => query([[name, value]])),
    ),
    kind(
      1,
      fc.tuple(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 })).map(([a, b]) =>
        query([
          [name, a],
          [name, b],
        ]),
      ),
    ),
  ];
}

/** Sometimes a query parameter the document does not name. */
const unknownQueryPart: Part = [
  kind(1, fc.constant({})),
  kind(
    1,
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 8 }))
      .map((pair) => ({ query: [pair] })),
  ),
];

function formText(value: unknown): string {
  const params = new URLSearchParams();
  if (typeof value === 'object' && value !== null) {
    for (const [name, field] of Object.entries(value)) {
      params.append(name, typeof field === 'string' ? field : JSON.stringify(field));
    }
  }
  return params.toString();
}

const jsonBody = (value: unknown): Piece => ({
  headers: { 'content-type': JSON_TYPE },
  body: JSON.stringify(value) ?? 'null',
});

/**
 * The body: valid JSON, JSON built to be refused (one case per property replaced or left out),
 * malformed JSON, JSON sent as text/plain, a form, the route's own bodies, none at all.
 */
function bodyPart(operation: Operation, resolve: ResolveRef, own?: fc.Arbitrary<unknown>): Part {
  const none = kind(1, fc.constant({}));
  const content = operation.requestBody?.content;
  if (content === undefined) return [none];
  const kinds: Kind[] = [];
  const jsonSchema = content[JSON_TYPE]?.schema;
  if (jsonSchema !== undefined) {
    const valid = arbitraryFromSchema(jsonSchema, resolve);
    const invalid = invalidCases(jsonSchema, resolve).map((values) => values.map(jsonBody));
    kinds.push(
      kind(4, valid.map(jsonBody)),
      // Any JSON at all, then each case built to be refused.
      kind(3, anyJson.map(jsonBody), ...invalid),
      kind(
        1,
        fc
          .constantFrom(...MALFORMED_JSON)
          .map((body) => ({ headers: { 'content-type': JSON_TYPE }, body })),
      ),
      kind(
        1,
        valid.map((value) => ({
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify(value) ?? 'null',
        })),
      ),
    );
  }
  const formSchema = content[FORM_TYPE]?.schema;
  if (formSchema !== undefined) {
    kinds.push(
      kind(
        2,
        arbitraryFromSchema(formSchema, resolve).map((value) => ({
          headers: { 'content-type': FORM_TYPE },
          body: formText(value),
        })),
      ),
    );
  }
  if (own !== undefined) kinds.push(kind(4, own.map(jsonBody)));
  return part([...kinds, none]);
}

/** The credentials: each accepted token, then none, a bare scheme, a wrong token, another scheme. */
function authorizationPart(operation: Operation, tokens: Readonly<Record<string, string>>): Part {
  const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  const [first, ...others] = schemes.map((scheme) => {
    const token = tokens[scheme];
    if (token === undefined) throw new Error(`no token given for the security scheme ${scheme}`);
    return fc.constant({ headers: { authorization: `Bearer ${token}` } });
  });
  if (first === undefined) return [kind(1, fc.constant({}))];
  const refused = ['Bearer', 'Bearer not-the-token', 'Basic dXNlcjpwYXNz'].map((value) =>
    fc.constant({ headers: { authorization: value } }),
  );
  return [kind(4, first, ...others), kind(1, fc.constant({}), ...refused)];
}

/** The parts of one route's requests, in the order they are put together. */
function partsOf(
  target: FuzzTarget,
  route: string,
): { method: string; path: string; parts: Part[] } {
  const [method = 'GET', path = '/'] = route.split(' ');
  const resolve = resolverFor(target.document);
  const item = target.document.paths?.[path] as Record<string, Operation> | undefined;
  const operation = item?.[method.toLowerCase()];
  if (operation === undefined) throw new Error(`the document has no ${route}`);
  const parameters = operation.parameters ?? [];
  const schemaOf = (name: string, where: string): JsonSchema =>
    parameters.find((p) => p.in === where && p.name === name)?.schema ?? {};
  const names = [...path.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1] ?? '');
  return {
    method,
    path,
    parts: [
      ...names.map((name) =>
        pathPart(name, schemaOf(name, 'path'), resolve, target.pathValues?.[name]),
      ),
      ...parameters
        .filter((parameter) => parameter.in === 'query')
        .map(({ name, schema = {} }) => queryPart(name, schema, resolve)),
      unknownQueryPart,
      bodyPart(operation, resolve, target.bodies?.[route]),
      authorizationPart(operation, target.tokens ?? {}),
    ],
  };
}

function assemble(method: string, path: string, pieces: Piece[]): FuzzRequest {
  let built = path;
  const params = new URLSearchParams();
  const headers: Record<string, string> = {};
  let body: string | undefined;
  for (const piece of pieces) {
    for (const [name, value] of Object.entries(piece.segments ?? {})) {
      built = built.replace(`{${name}}`, value);
    }
    for (const [name, value] of piece.query ?? []) params.append(name, value);
    Object.assign(headers, piece.headers);
    body = piece.body ?? body;
  }
  const query = params.toString();
  return {
    method,
    target: query === '' ? built : `${built}?${query}`,
    headers,
    ...(body === undefined ? {} : { body }),
  };
}

/** Requests for one route of the document, each part of each drawn at random among its kinds. */
function requestArbitrary(target: FuzzTarget, route: string): fc.Arbitrary<FuzzRequest> {
  const { method, path, parts } = partsOf(target, route);
  const atRandom = (part: Part) =>
    fc.oneof(...part.map(({ weight, cases }) => ({ weight, arbitrary: fc.oneof(...cases) })));
  return fc.tuple(...parts.map(atRandom)).map((pieces) => assemble(method, path, pieces));
}

/**
 * One request for each case of each part of a route's requests, the other parts at their usual
 * value, and one with every part at its usual value: what a run sends before its random draws.
 */
function requestOfEachKind(target: FuzzTarget, route: string, seed: number): FuzzRequest[] {
  const { method, path, parts } = partsOf(target, route);
  const usual = parts.map((part) => part[0].cases[0]);
  const variants = parts.flatMap((part, index) =>
    part
      .flatMap(({ cases }) => cases)
      .slice(1)
      .map((variant) => usual.map((value, at) => (at === index ? variant : value))),
  );
  return [usual, ...variants].map((chosen, index) => {
    const [pieces] = fc.sample(fc.tuple(...chosen), { seed: seed + index, numRuns: 1 });
    return assemble(method, path, pieces ?? []);
  });
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Sends a run's requests one at a time and keeps what the target stored before each write. Nothing
 * else writes to the target's storage during a run, so what is stored after one request is what is
 * stored before the next: a snapshot taken after a write serves as the next write's "before", and
 * a fresh one is taken only after a write that succeeded. (A read that wrote would still show, as
 * a change the next refused write is held to.)
 */
export class TrackedSender {
  private readonly client: PlainClient;
  /** What is stored now, when a snapshot since the last change has it. */
  private stored: { state: unknown } | undefined;

  constructor(private readonly target: FuzzTarget) {
    this.client = new PlainClient(target.baseUrl);
  }

  /** Sends one request; for a write, `before` is what was stored just before it. */
  async send(
    request: PlainRequest,
  ): Promise<{ answer: PlainAnswer; write: boolean; before: unknown }> {
    const write = WRITES.has(request.method);
    const before = write ? await this.storedNow() : undefined;
    const answer = await this.client.send(request);
    if (write) this.stored = undefined;
    return { answer, write, before };
  }

  /** What is stored now, read afresh, and kept as the next write's "before". */
  async snapshotAfter(): Promise<unknown> {
    const state = await this.target.snapshot();
    this.stored = { state };
    return state;
  }

  close(): void {
    this.client.close();
  }

  private async storedNow(): Promise<unknown> {
    return this.stored === undefined ? this.snapshotAfter() : this.stored.state;
  }
}

/**
 * Sends one request of each kind to one route, then `runs` generated at random, with a fixed
 * seed, and holds each answer to three rules: no 5xx (unless `allowServerErrors`, for a route that
 * fails by design), the answer matches the document, and a refused write (any 4xx) leaves what the
 * service stores as it was.
 */
export async function fuzzRoute(
  target: FuzzTarget,
  route: string,
  { runs, seed }: FuzzOptions,
  allowServerErrors = false,
): Promise<void> {
  const examples = requestOfEachKind(target, route, seed).map((request): [FuzzRequest] => [
    request,
  ]);
  const sender = new TrackedSender(target);
  try {
    await fc.assert(
      fc.asyncProperty(requestArbitrary(target, route), async (request) => {
        const { answer: response, write, before } = await sender.send(request);
        const answer = `${response.status} ${response.body.toString('utf8').slice(0, 200)}`;
        if (response.status >= 500 && !allowServerErrors)
          throw new Error(`a server error: ${answer}`);
        const problems = target.contract.check({
          method: request.method,
          url: request.target,
          status: response.status,
          contentType: response.contentType,
          body: response.body,
        });
        if (problems.length > 0) throw new Error(problems.join('\n'));
        if (
          write &&
          response.status >= 400 &&
          !isDeepStrictEqual(await sender.snapshotAfter(), before)
        ) {
          throw new Error(`a refused request changed what is stored: ${answer}`);
        }
      }),
      // fast-check counts the examples among the runs.
      { numRuns: examples.length + runs, seed, endOnFailure: true, examples },
    );
  } finally {
    sender.close();
  }
}
