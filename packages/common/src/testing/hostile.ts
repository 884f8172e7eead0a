import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { resolverFor, TrackedSender, type FuzzTarget } from './fuzz.js';
import { arbitraryFromSchema, type JsonSchema, type ResolveRef } from './schema-arbitrary.js';

/** One hostile request: the body is bytes, since some of it is not even UTF-8. */
export interface HostileRequest {
  method: string;
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What it tries, for the failure message. */
  attack: string;
}

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, unknown>[];
}

/** The services' JSON body limit (100 kB, `BODY_LIMIT`). */
const LIMIT = 100 * 1024;
const DEPTH = 10_000;
/** Keys that would pollute a prototype or reach MongoDB as an operator or a path. */
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', '$where', '$set', '$gt', 'a.b', '$'];
/** What a hostile key carries; finding `hostileMarker` in storage means it got through. */
const MARKER = { hostileMarker: true, $ne: null, polluted: 'yes' };

const hostileIds = fc.constantFrom(
  '%00',
  'abc%00def',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f',
  '..%5c..%5c',
  'a'.repeat(10_000),
  '%24where',
  '%7B%22%24gt%22%3A%22%22%7D',
  '%ZZ',
  '%C0%AF',
);

const hostileQueries = fc.constantFrom(
  '',
  '?price[$gt]=0',
  '?__proto__[polluted]=yes',
  '?constructor[prototype][polluted]=yes',
  '?lowStock[]=true&lowStock[]=false',
  `?q=${'x'.repeat(10_000)}`,
  '?%00=%00',
  '?a[b][c][d][e][f][g][h][i][j][k]=1',
);

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
);

/** `value` with `key: MARKER` added at the depth `depth` picks, as an own property. */
function inject(value: unknown, key: string, depth: number): unknown {
  if (Array.isArray(value)) {
    const [first, ...rest] = value as unknown[];
    return first === undefined ? [inject({}, key, 0)] : [inject(first, key, depth), ...rest];
  }
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const nested = Object.keys(copy).find((name) => typeof copy[name] === 'object');
  if (depth > 0 && nested !== undefined) {
    copy[nested] = inject(copy[nested], key, depth - 1);
    return copy;
  }
  // defineProperty, so `__proto__` is an own key that JSON.stringify writes out.
  Object.defineProperty(copy, key, { value: MARKER, enumerable: true, writable: true });
  return copy;
}

const text = (body: string): Buffer => Buffer.from(body, 'utf8');

function bodyAttacks(schema: JsonSchema | undefined, resolve: ResolveRef) {
  const valid =
    schema === undefined ? fc.constant<unknown>({}) : arbitraryFromSchema(schema, resolve);
  const json = (attack: string) => (value: unknown) => ({
    attack,
    body: text(JSON.stringify(value) ?? 'null'),
  });
  return fc.oneof(
    fc
      .tuple(valid, fc.constantFrom(...HOSTILE_KEYS), fc.nat({ max: 3 }))
      .map(([value, key, depth]) =>
        json(`key ${key} at depth ${depth}`)(inject(value, key, depth)),
      ),
    valid
      .chain((value) => {
        const whole = JSON.stringify(value) ?? 'null';
        return fc.nat({ max: Math.max(whole.length - 1, 0) }).map((cut) => whole.slice(0, cut));
      })
      .map((cut) => ({ attack: 'truncated JSON', body: text(cut) })),
    fc.constantFrom('[]', '[{}]', '1', '"text"', 'true', 'null', '[1,2,3]', '{}').map((body) => ({
      attack: `a scalar or array: ${body}`,
      body: text(body),
    })),
    fc.constantFrom(
      {
        attack: 'arrays nested 10 000 deep',
        body: text(`${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`),
      },
      {
        attack: 'objects nested 10 000 deep',
        body: text(`${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`),
      },
      { attack: 'a body exactly at the limit', body: text(`{"a":"${'x'.repeat(LIMIT - 8)}"}`) },
      { attack: 'a body one byte over the limit', body: text(`{"a":"${'x'.repeat(LIMIT - 7)}"}`) },
      { attack: 'a 1 MB string', body: text(`{"name":"${'x'.repeat(1024 * 1024)}"}`) },
      {
        attack: 'invalid UTF-8',
        body: Buffer.concat([text('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), text('"}')]),
      },
      { attack: '$where', body: text('{"$where":"sleep(10000) || true"}') },
      { attack: 'an operator value', body: text('{"price":{"$gt":0},"name":{"$ne":null}}') },
      { attack: 'an update operator', body: text('{"$set":{"price":-1},"$inc":{"quantity":-5}}') },
      { attack: 'a dotted key', body: text('{"a.b":1,"price.$":2}') },
    ),
    valid.map(json('a valid body')),
  );
}

function authorization(
  operation: Operation,
  tokens: Readonly<Record<string, string>>,
): Record<string, string> {
  const scheme = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement))[0];
  const token = scheme === undefined ? undefined : tokens[scheme];
  return token === undefined ? {} : { authorization: `Bearer ${token}` };
}

/** Hostile requests for one route of the document, with the token it asks for. */
export function hostileRequestArbitrary(
  target: FuzzTarget,
  route: string,
): fc.Arbitrary<HostileRequest> {
  const [method = 'GET', path = '/'] = route.split(' ');
  const item = target.document.paths?.[path] as Record<string, Operation> | undefined;
  const operation = item?.[method.toLowerCase()];
  if (operation === undefined) throw new Error(`the document has no ${route}`);
  const names = [...path.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1] ?? '');
  const segments = names.map((name) => {
    const own = target.pathValues?.[name];
    return own === undefined ? hostileIds : fc.oneof(hostileIds, own);
  });
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const hasBody = operation.requestBody !== undefined || method !== 'GET';
  const body = hasBody
    ? fc.tuple(bodyAttacks(schema, resolverFor(target.document)), contentTypes)
    : fc.constant(undefined);
  return fc
    .tuple(fc.tuple(...segments), hostileQueries, body)
    .map(([chosen, query, withBody]): HostileRequest => {
      const builtPath = names.reduce(
        (built, name, index) => built.replace(`{${name}}`, chosen[index] ?? ''),
        path,
      );
      const headers = authorization(operation, target.tokens ?? {});
      if (withBody === undefined) {
        return { method, target: `${builtPath}${query}`, headers, attack: `path and query` };
      }
      const [{ attack, body: bytes }, contentType] = withBody;
      return {
        method,
        target: `${builtPath}${query}`,
        headers: { ...headers, 'content-type': contentType },
        body: bytes,
        attack: `${attack} as ${contentType}`,
      };
    });
}

/**
 * Keys that must never reach storage: operators, paths, prototype keys, the attack's marker.
 * The content of a field in `free` (one stored as sent, whatever JSON it holds) is data.
 */
export function forbiddenKeys(
  value: unknown,
  free: readonly string[],
  found: string[] = [],
): string[] {
  if (Array.isArray(value)) {
    for (const item of value) forbiddenKeys(item, free, found);
    return found;
  }
  if (typeof value !== 'object' || value === null || value instanceof Date) return found;
  if (Object.getPrototypeOf(value) !== Object.prototype) return found;
  for (const key of Object.keys(value)) {
    if (
      key.startsWith('$') ||
      key.includes('.') ||
      ['__proto__', 'constructor', 'prototype', 'hostileMarker', 'polluted'].includes(key)
    ) {
      found.push(key);
    }
    if (!free.includes(key)) forbiddenKeys((value as Record<string, unknown>)[key], free, found);
  }
  return found;
}

/**
 * The items of `after` equal to no item of `before`. A snapshot lists the stored documents in one
 * order and a write touches few of them, so the item after the last one matched is tried first and
 * the whole list is searched only when it differs: linear in the usual case instead of comparing
 * every pair, which by the end of a fuzz file (a few hundred documents) was most of its time.
 */
function itemsNotIn(before: readonly unknown[], after: readonly unknown[]): unknown[] {
  let next = 0;
  return after.filter((item) => {
    if (next < before.length && isDeepStrictEqual(before[next], item)) {
      next += 1;
      return false;
    }
    const found = before.findIndex((old) => isDeepStrictEqual(old, item));
    if (found === -1) return true;
    next = found + 1;
    return false;
  });
}

/** What a write added or changed: the items of `after` not in `before`, list by list. */
export function changed(before: unknown, after: unknown): unknown[] {
  if (Array.isArray(before) && Array.isArray(after)) return itemsNotIn(before, after);
  if (
    typeof before === 'object' &&
    before !== null &&
    typeof after === 'object' &&
    after !== null
  ) {
    const old = before as Record<string, unknown>;
    return Object.entries(after).flatMap(([key, value]) => changed(old[key], value));
  }
  return isDeepStrictEqual(before, after) ? [] : [after];
}

export interface HostileOptions {
  runs: number;
  seed: number;
  /** Fields the service stores as sent, any JSON value: hostile keys inside them are data. */
  freeFields?: readonly string[];
}

/**
 * Sends `runs` hostile requests (seeded) to one route and holds each answer to: no 5xx, the
 * service still answers afterwards, a refused write changes nothing stored, nothing stored
 * carries an operator, a dotted or prototype key or the attack's marker, and no prototype of
 * this process was polluted.
 */
export async function hostileRoute(
  target: FuzzTarget,
  route: string,
  { runs, seed, freeFields = [] }: HostileOptions,
): Promise<void> {
  const sender = new TrackedSender(target);
  try {
    await fc.assert(
      fc.asyncProperty(hostileRequestArbitrary(target, route), async (request) => {
        const { answer: response, write, before } = await sender.send(request);
        const answer = `${response.status} ${response.body.toString('utf8').slice(0, 200)}`;
        const what = `${request.method} ${request.target.slice(0, 80)} with ${request.attack}`;
        if (response.status >= 500) throw new Error(`a server error for ${what}: ${answer}`);
        if (!write) return;
        const after = await sender.snapshotAfter();
        if (response.status >= 400 && !isDeepStrictEqual(after, before)) {
          throw new Error(`a refused request changed what is stored (${what}): ${answer}`);
        }
        const stored = forbiddenKeys(changed(before, after), freeFields);
        if (stored.length > 0) throw new Error(`${what} stored the keys ${stored.join(', ')}`);
        if ((Object.prototype as Record<string, unknown>).polluted !== undefined) {
          throw new Error(`${what} polluted Object.prototype`);
        }
      }),
      { numRuns: runs, seed, endOnFailure: true },
    );
  } finally {
    sender.close();
  }
}
