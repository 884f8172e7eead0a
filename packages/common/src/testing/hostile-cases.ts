import { isDeepStrictEqual } from 'node:util';
import { TrackedSender, type FuzzTarget } from './fuzz.js';
import { changed, forbiddenKeys, type HostileRequest } from './hostile.js';
import type { PlainAnswer } from './plain-client.js';

/**
 * What a service promises (its README) for the named hostile cases, route by route (`POST
 * /products`). Every answer is also held to the service's OpenAPI document.
 */
export interface HostilePolicy {
  /** How the service's 4xx bodies look: `{ error }` (or `{ errors }`) JSON, or text. */
  errorBody: 'json' | 'text';
  /**
   * For each route with a body: a request it reads in full, with the path it is sent to (ids that
   * exist), that each hostile value is put into; it should be accepted (2xx), or at least get the
   * same answer however often it is sent. Its first key names the field that nested cases go
   * inside; every key must be one the route reads.
   */
  valid: Readonly<Record<string, { path: string; body: Record<string, unknown> }>>;
  /** Routes that store keys their clients chose in MongoDB: `$` and dotted keys are refused. */
  storesClientKeys?: readonly string[];
  /** Routes that drop unknown top-level keys (whatever they hold) instead of refusing them. */
  dropsUnknownKeys?: readonly string[];
  /** The status of a malformed id in the path, for every route with an id, unless `ids` says. */
  malformedIdStatus: number;
  /** Routes whose path parameters answer otherwise (a route that takes any text: 200). */
  ids?: Readonly<Record<string, number>>;
  /** Routes that answer an array or a scalar body otherwise than 400. */
  notAnObject?: Readonly<Record<string, { array: number; scalar: number }>>;
  /** Bodies with malformed ids inside arrays of ids, by route, and the status each gets. */
  idArrays?: Readonly<Record<string, readonly { body: unknown; status: number }[]>>;
}

/** What a case's answer must be. */
type Expectation =
  /** The guard's 400, its message holding the text given. */
  | { refused: string }
  /** This status, with the service's error body when it is a 4xx. */
  | { status: number }
  /** The answer the same request gets with this body instead: the hostile part is harmless. */
  | { sameAs: Buffer };

interface NamedCase {
  name: string;
  path: string;
  body?: Buffer;
  expect: Expectation;
}

const DEPTH = 10_000;
const MARKER = { hostileMarker: true, polluted: 'yes' };
const DEEP_OBJECTS = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
const DEEP_ARRAYS = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const MALFORMED_IDS = ['%00', '..%2f', 'a'.repeat(10_000)];
const SCALARS = ['"text"', '42', 'null', 'true'];

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

/**
 * `body` with `key: value` added as an own property (`__proto__` too), as JSON text; a value given
 * as `raw` is written as is (`1e309`, 10 000 levels), since JSON.stringify cannot.
 */
function withKey(body: Record<string, unknown>, key: string, value: unknown, raw = false): string {
  const copy = { ...body };
  const slot = '\u0001slot\u0001';
  Object.defineProperty(copy, key, {
    value: raw ? slot : value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  const text = JSON.stringify(copy);
  return raw ? text.replace(JSON.stringify(slot), String(value)) : text;
}

function bodyCases(route: string, policy: HostilePolicy): NamedCase[] {
  const valid = policy.valid[route];
  if (valid === undefined) throw new Error(`the policy has no valid request for ${route}`);
  const { path, body } = valid;
  const field = Object.keys(body)[0];
  if (field === undefined) throw new Error(`the valid body of ${route} has no field`);
  const drops = policy.dropsUnknownKeys?.includes(route) ?? false;
  const stores = policy.storesClientKeys?.includes(route) ?? false;
  const inField = (value: unknown, raw = false) => bytes(withKey(body, field, value, raw));
  const atTop = (key: string, value: unknown) => bytes(withKey(body, key, value));
  const validText = bytes(JSON.stringify(body));
  /** A hostile top-level key: dropped by a route that drops unknown keys, else refused. */
  const topKey = (refused: string): Expectation => (drops ? { sameAs: validText } : { refused });
  /** A key only MongoDB minds: refused where client keys are stored, else like a plain key. */
  const mongoKey = (plain: Buffer, refused: string, top: boolean): Expectation =>
    top && drops ? { sameAs: validText } : stores ? { refused } : { sameAs: plain };
  const notObject = policy.notAnObject?.[route] ?? { array: 400, scalar: 400 };
  const cases: NamedCase[] = [
    {
      name: 'objects nested 10 000 deep at the top',
      path,
      body: bytes(DEEP_OBJECTS),
      expect: drops ? { sameAs: bytes('{}') } : { refused: 'deeper than 32 levels' },
    },
    {
      name: 'arrays nested 10 000 deep at the top',
      path,
      body: bytes(DEEP_ARRAYS),
      expect: { refused: 'deeper than 32 levels' },
    },
    {
      name: 'objects nested 10 000 deep inside a field',
      path,
      body: inField(DEEP_OBJECTS, true),
      expect: { refused: 'deeper than 32 levels' },
    },
    {
      name: 'arrays nested 10 000 deep inside a field',
      path,
      body: inField(DEEP_ARRAYS, true),
      expect: { refused: 'deeper than 32 levels' },
    },
    ...['__proto__', 'constructor', 'prototype'].flatMap((key): NamedCase[] => [
      {
        name: `${key} at the top`,
        path,
        body: atTop(key, MARKER),
        expect: topKey(`invalid field name "${key}": a name must not be "${key}"`),
      },
      {
        name: `${key} nested`,
        path,
        body: inField(JSON.parse(withKey({}, key, MARKER)) as unknown),
        expect: { refused: `invalid field name "${key}" inside "${field}"` },
      },
    ]),
    {
      name: 'NUL in a key at the top',
      path,
      body: atTop('a\u0000b', 1),
      expect: topKey('a name must not contain a NUL character'),
    },
    {
      name: 'NUL in a nested key',
      path,
      body: inField({ 'a\u0000b': 1 }),
      expect: { refused: 'a name must not contain a NUL character' },
    },
    {
      name: 'NUL in a value',
      path,
      body: inField('a\u0000b'),
      expect: { sameAs: inField('ab') },
    },
    {
      name: '$-key at the top',
      path,
      body: atTop('$set', { price: -1 }),
      expect: mongoKey(atTop('set', { price: -1 }), 'invalid field name "$set"', true),
    },
    {
      name: '$-key nested',
      path,
      body: inField({ $gt: 1 }),
      expect: mongoKey(inField({ gt: 1 }), `invalid field name "$gt" inside "${field}"`, false),
    },
    {
      name: '.-key at the top',
      path,
      body: atTop('a.b', 1),
      expect: mongoKey(atTop('ab', 1), 'invalid field name "a.b"', true),
    },
    {
      name: '.-key nested',
      path,
      body: inField({ 'a.b': 1 }),
      expect: mongoKey(inField({ ab: 1 }), `invalid field name "a.b" inside "${field}"`, false),
    },
    {
      name: '1e309',
      path,
      body: inField('1e309', true),
      expect: { refused: `a number inside "${field}" is too large to be given back as JSON` },
    },
    {
      name: 'a 1 MB string',
      path,
      body: inField('x'.repeat(1024 * 1024)),
      expect: { status: 413 },
    },
    {
      name: 'invalid UTF-8',
      path,
      body: Buffer.concat([
        bytes(`{${JSON.stringify(field)}:"`),
        Buffer.from([0xff, 0xfe, 0xc3, 0x28]),
        bytes('"}'),
      ]),
      expect: { refused: 'request body is not valid UTF-8' },
    },
    {
      name: 'an array where an object is expected',
      path,
      body: bytes(`[${JSON.stringify(body)}]`),
      expect: { status: notObject.array },
    },
    ...SCALARS.map((text): NamedCase => ({
      name: `the scalar ${text} where an object is expected`,
      path,
      body: bytes(text),
      expect: { status: notObject.scalar },
    })),
    ...(policy.idArrays?.[route] ?? []).map(({ body: withIds, status }): NamedCase => ({
      name: `malformed ids inside an array of ids: ${JSON.stringify(withIds).slice(0, 60)}`,
      path,
      body: bytes(JSON.stringify(withIds)),
      expect: { status },
    })),
  ];
  return cases;
}

function idCases(route: string, policy: HostilePolicy, hasBody: boolean): NamedCase[] {
  const [, template = '/'] = route.split(' ');
  if (!template.includes('{')) return [];
  const status = policy.ids?.[route] ?? policy.malformedIdStatus;
  const body = hasBody ? policy.valid[route]?.body : undefined;
  // The first parameter takes the hostile id; two of 10 000 characters would pass Node's limit
  // on the request head (16 kB, a 431).
  return MALFORMED_IDS.map((id) => ({
    name: `the id ${id.length > 20 ? `of ${id.length} characters` : id}`,
    path: template.replace(/\{[^{}]+\}/, id).replace(/\{[^{}]+\}/g, 'x'),
    ...(body === undefined ? {} : { body: bytes(JSON.stringify(body)) }),
    expect: { status },
  }));
}

/** Why `answer` is not the service's error body, or undefined when it is. */
function errorBodyProblem(
  policy: HostilePolicy,
  answer: PlainAnswer,
  refused?: string,
): string | undefined {
  const text = answer.body.toString('utf8');
  if (policy.errorBody === 'text') {
    if (!/^text\/(?:plain|html)/.test(answer.contentType ?? '')) return 'not a text body';
    if (refused !== undefined && !/^text\/plain/.test(answer.contentType ?? ''))
      return 'not a text/plain body';
    if (refused !== undefined && !text.includes(refused)) return `not a text holding "${refused}"`;
    return undefined;
  }
  if (!/^application\/json/.test(answer.contentType ?? '')) return 'not a JSON body';
  const parsed = JSON.parse(text) as Record<string, unknown>;
  if (refused !== undefined) {
    const keys = Object.keys(parsed);
    return keys.length === 1 && typeof parsed.error === 'string' && parsed.error.includes(refused)
      ? undefined
      : `not { error } holding "${refused}"`;
  }
  const errors = parsed.errors;
  const isList = Array.isArray(errors) && errors.every((item) => typeof item === 'string');
  return typeof parsed.error === 'string' || isList ? undefined : 'not an { error } body';
}

interface Operation {
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  security?: Record<string, unknown>[];
}

function operationOf(target: FuzzTarget, route: string): Operation {
  const [method = 'GET', template = '/'] = route.split(' ');
  const item = target.document.paths?.[template] as Record<string, Operation> | undefined;
  const operation = item?.[method.toLowerCase()];
  if (operation === undefined) throw new Error(`the document has no ${route}`);
  return operation;
}

/** Every named case that applies to the route, and the headers (token, JSON) they are sent with. */
function routeCases(
  target: FuzzTarget,
  route: string,
  policy: HostilePolicy,
): { headers: Record<string, string>; cases: NamedCase[] } {
  const operation = operationOf(target, route);
  // The apps parse JSON whatever body a route documents (the tutorial's form too).
  const hasBody = operation.requestBody !== undefined;
  const cases = [...(hasBody ? bodyCases(route, policy) : []), ...idCases(route, policy, hasBody)];
  const scheme = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement))[0];
  const token = scheme === undefined ? undefined : target.tokens?.[scheme];
  const headers: Record<string, string> = {
    ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    'content-type': 'application/json',
  };
  return { headers, cases };
}

/** The first property the route's JSON body schema names, following one `$ref`. */
function firstBodyField(target: FuzzTarget, operation: Operation): string | undefined {
  let schema = operation.requestBody?.content?.['application/json']?.schema;
  const ref = schema?.$ref;
  if (typeof ref === 'string') {
    let node: unknown = target.document;
    for (const token of ref.replace(/^#\//, '').split('/')) {
      node = (node as Record<string, unknown> | undefined)?.[token];
    }
    schema = node as Record<string, unknown> | undefined;
  }
  const properties = schema?.properties;
  return typeof properties === 'object' && properties !== null
    ? Object.keys(properties)[0]
    : undefined;
}

/**
 * The named cases of a route as plain requests, for a service whose policy is not at hand (the
 * fault suite, which counts only answers of 500 or more): the body is the route's first
 * documented field holding text, each path parameter a well-formed id that names nothing.
 */
export function namedHostileRequests(target: FuzzTarget, route: string): HostileRequest[] {
  const [method = 'GET', template = '/'] = route.split(' ');
  const field = firstBodyField(target, operationOf(target, route)) ?? 'name';
  const policy: HostilePolicy = {
    errorBody: 'json',
    valid: {
      [route]: {
        path: template.replace(/\{[^{}]+\}/g, '000000000000000000000000'),
        body: { [field]: 'text' },
      },
    },
    malformedIdStatus: 404,
  };
  const { headers, cases } = routeCases(target, route, policy);
  return cases.map((named) => ({
    method,
    target: named.path,
    headers,
    ...(named.body === undefined ? {} : { body: named.body }),
    attack: named.name,
  }));
}

/**
 * Sends every named hostile case that applies to one route (bodies for a route with a body,
 * malformed ids for a route with an id) and holds each answer to the policy: the exact status,
 * the service's error body, the document, nothing stored by a refused write, nothing hostile
 * stored by an accepted one. Returns how many cases were sent.
 */
export async function hostileCases(
  target: FuzzTarget,
  route: string,
  policy: HostilePolicy,
  freeFields: readonly string[] = [],
): Promise<number> {
  const [method = 'GET'] = route.split(' ');
  const { headers, cases } = routeCases(target, route, policy);
  const sender = new TrackedSender(target);
  try {
    for (const named of cases) {
      const what = `${route} with ${named.name}`;
      const request = { method, target: named.path, headers, body: named.body };
      const { answer, write, before } = await sender.send(request);
      const said = `${answer.status} ${answer.body.toString('utf8').slice(0, 200)}`;
      const expectation = named.expect;
      let status: number;
      if ('sameAs' in expectation) {
        status = (await sender.send({ ...request, body: expectation.sameAs })).answer.status;
      } else status = 'refused' in expectation ? 400 : expectation.status;
      if (answer.status !== status) throw new Error(`${what}: expected ${status}, got ${said}`);
      if (answer.status >= 400) {
        const refused = 'refused' in expectation ? expectation.refused : undefined;
        const problem = errorBodyProblem(policy, answer, refused);
        if (problem !== undefined) throw new Error(`${what}: ${problem}: ${said}`);
      }
      const problems = target.contract.check({
        method,
        url: named.path,
        status: answer.status,
        contentType: answer.contentType,
        body: answer.body,
      });
      if (problems.length > 0) throw new Error(`${what}: ${problems.join('\n')}`);
      if (!write) continue;
      const after = await sender.snapshotAfter();
      if (answer.status >= 400 && !isDeepStrictEqual(after, before)) {
        throw new Error(`${what}: refused (${said}) but what is stored changed`);
      }
      const stored = forbiddenKeys(changed(before, after), freeFields);
      if (stored.length > 0) throw new Error(`${what} stored the keys ${stored.join(', ')}`);
    }
  } finally {
    sender.close();
  }
  return cases.length;
}
