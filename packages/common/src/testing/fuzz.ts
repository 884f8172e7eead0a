import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { ApiDocument } from '../openapi/api-document.js';
import { PlainClient, type PlainAnswer, type PlainRequest } from './plain-client.js';
import type { ResponseContract } from './response-contract.js';
import {
  arbitraryFromSchema,
  invalidArbitrary,
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
 * The time a test gives one route's run of generated requests: 200 took up to 5 s within a whole
 * `npm test` on two cores, and more than the suite's 20 s with other test runs beside it.
 */
export const FUZZ_ROUTE_TIMEOUT_MS = 60_000;

export interface FuzzOptions {
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

function resolverFor(document: ApiDocument): ResolveRef {
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
  .filter((text) => text !== '.' && text !== '..')
  .map(encodeURIComponent);

/** Segments a client could send that no decoder takes. */
const brokenSegment = fc.constantFrom('%ZZ', '%E0%A4%A', '%', 'a%2');

function pathArbitrary(
  path: string,
  parameters: Parameter[],
  resolve: ResolveRef,
  extra: Readonly<Record<string, fc.Arbitrary<string>>>,
): fc.Arbitrary<string> {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
  const values = names.map((name) => {
    const schema = parameters.find((p) => p.in === 'path' && p.name === name)?.schema ?? {};
    const valid = arbitraryFromSchema(schema, resolve)
      .map(String)
      .filter((text) => text !== '' && text !== '.' && text !== '..')
      .map(encodeURIComponent);
    const own = extra[name];
    return fc.oneof(
      { weight: 3, arbitrary: valid },
      { weight: 2, arbitrary: segment },
      { weight: 1, arbitrary: brokenSegment },
      ...(own === undefined ? [] : [{ weight: 4, arbitrary: own.map(encodeURIComponent) }]),
    );
  });
  return fc
    .tuple(...values)
    .map((chosen) =>
      names.reduce((built, name, index) => built.replace(`{${name}}`, chosen[index] ?? ''), path),
    );
}

/** A query string: each documented parameter absent, valid, any text or repeated; sometimes an unknown one. */
function queryArbitrary(parameters: Parameter[], resolve: ResolveRef): fc.Arbitrary<string> {
  const query = parameters.filter((parameter) => parameter.in === 'query');
  const entries = query.map(({ name, schema = {} }) =>
    fc.oneof(
      fc.constant<[string, string][]>([]),
      arbitraryFromSchema(schema, resolve).map((value): [string, string][] => [
        [name, String(value)],
      ]),
      fc.string({ maxLength: 10 }).map((value): [string, string][] => [[name, value]]),
      fc
        .tuple(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }))
        .map(([a, b]): [string, string][] => [
          [name, a],
          [name, b],
        ]),
    ),
  );
  const unknown = fc.option(
    fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 8 })),
    { nil: undefined },
  );
  return fc.tuple(fc.tuple(...entries), unknown).map(([chosen, other]) => {
    const params = new URLSearchParams();
    for (const [name, value] of chosen.flat()) params.append(name, value);
    if (other !== undefined) params.append(other[0], other[1]);
    const text = params.toString();
    return text === '' ? '' : `?${text}`;
  });
}

type Body = { headers: Record<string, string>; body?: string };

function formText(value: unknown): string {
  const params = new URLSearchParams();
  if (typeof value === 'object' && value !== null) {
    for (const [name, field] of Object.entries(value)) {
      params.append(name, typeof field === 'string' ? field : JSON.stringify(field));
    }
  }
  return params.toString();
}

function bodyArbitrary(
  operation: Operation,
  resolve: ResolveRef,
  extra: fc.Arbitrary<unknown> | undefined,
): fc.Arbitrary<Body> {
  const content = operation.requestBody?.content;
  if (content === undefined) return fc.constant({ headers: {} });
  const json = (value: unknown): Body => ({
    headers: { 'content-type': JSON_TYPE },
    body: JSON.stringify(value) ?? 'null',
  });
  const choices: fc.WeightedArbitrary<Body>[] = [];
  const jsonSchema = content[JSON_TYPE]?.schema;
  if (jsonSchema !== undefined) {
    choices.push(
      { weight: 4, arbitrary: arbitraryFromSchema(jsonSchema, resolve).map(json) },
      { weight: 3, arbitrary: invalidArbitrary(jsonSchema, resolve).map(json) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(...MALFORMED_JSON)
          .map((body) => ({ headers: { 'content-type': JSON_TYPE }, body })),
      },
      {
        weight: 1,
        arbitrary: arbitraryFromSchema(jsonSchema, resolve).map((value) => ({
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify(value) ?? 'null',
        })),
      },
    );
  }
  const formSchema = content[FORM_TYPE]?.schema;
  if (formSchema !== undefined) {
    choices.push({
      weight: 2,
      arbitrary: arbitraryFromSchema(formSchema, resolve).map((value) => ({
        headers: { 'content-type': FORM_TYPE },
        body: formText(value),
      })),
    });
  }
  if (extra !== undefined) choices.push({ weight: 4, arbitrary: extra.map(json) });
  choices.push({ weight: 1, arbitrary: fc.constant({ headers: {} }) });
  return fc.oneof(...choices);
}

function authorizationArbitrary(
  operation: Operation,
  tokens: Readonly<Record<string, string>>,
): fc.Arbitrary<Record<string, string>> {
  const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (schemes.length === 0) return fc.constant({});
  const valid = schemes.map((scheme) => {
    const token = tokens[scheme];
    if (token === undefined) throw new Error(`no token given for the security scheme ${scheme}`);
    return `Bearer ${token}`;
  });
  const refused = fc.constantFrom(
    undefined,
    'Bearer',
    'Bearer not-the-token',
    'Basic dXNlcjpwYXNz',
  );
  return fc
    .oneof({ weight: 4, arbitrary: fc.constantFrom(...valid) }, { weight: 1, arbitrary: refused })
    .map((value): Record<string, string> => (value === undefined ? {} : { authorization: value }));
}

/** Requests for one route of the document: valid ones from its schemas and deliberately invalid ones. */
export function requestArbitrary(target: FuzzTarget, route: string): fc.Arbitrary<FuzzRequest> {
  const [method = 'GET', path = '/'] = route.split(' ');
  const resolve = resolverFor(target.document);
  const item = target.document.paths?.[path] as Record<string, Operation> | undefined;
  const operation = item?.[method.toLowerCase()];
  if (operation === undefined) throw new Error(`the document has no ${route}`);
  const parameters = operation.parameters ?? [];
  return fc
    .tuple(
      pathArbitrary(path, parameters, resolve, target.pathValues ?? {}),
      queryArbitrary(parameters, resolve),
      bodyArbitrary(operation, resolve, target.bodies?.[route]),
      authorizationArbitrary(operation, target.tokens ?? {}),
    )
    .map(([builtPath, query, { headers, body }, auth]) => ({
      method,
      target: `${builtPath}${query}`,
      headers: { ...headers, ...auth },
      ...(body === undefined ? {} : { body }),
    }));
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
 * Sends `runs` generated requests to one route, with a fixed seed, and holds each answer to three
 * rules: no 5xx (unless `allowServerErrors`, for a route that fails by design), the answer matches
 * the document, and a refused write (any 4xx) leaves what the service stores as it was.
 */
export async function fuzzRoute(
  target: FuzzTarget,
  route: string,
  { runs, seed }: FuzzOptions,
  allowServerErrors = false,
): Promise<void> {
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
      { numRuns: runs, seed, endOnFailure: true },
    );
  } finally {
    sender.close();
  }
}
