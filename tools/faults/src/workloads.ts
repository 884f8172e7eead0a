import { SERVICES, type ServiceSpec } from '@repo/launcher';
import type { LoadAnswer, LoadRequest } from '@repo/common/testing';

/** Mixed reads and writes for one service: half the connections read, half write. */
export interface Workload {
  next: (worker: number) => LoadRequest;
  /** The id an acknowledged write created, to look for it in the database afterwards. */
  createdId: (answer: LoadAnswer) => string | undefined;
}

/** The development value of each secret variable, which the services use when it is unset. */
const TOKENS: ReadonlyMap<string, string> = new Map(
  SERVICES.flatMap((service) =>
    service.secrets.map((secret) => [secret.variable, secret.developmentValue] as const),
  ),
);

/** Each security scheme's token, as the hostile generator sends it (`FuzzTarget.tokens`). */
export const SCHEME_TOKENS: Readonly<Record<string, string>> = Object.fromEntries(
  SERVICES.flatMap((service) =>
    service.secrets.map((secret) => [secret.scheme, secret.developmentValue] as const),
  ),
);

function authorization(variable: string | undefined): Record<string, string> {
  const token = variable === undefined ? undefined : TOKENS.get(variable);
  return token === undefined ? {} : { authorization: `Bearer ${token}` };
}

/** The value with `{name}` and the other placeholders of its texts replaced, at any depth. */
function fill(value: unknown, values: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string')
    return value.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
  if (Array.isArray(value)) return value.map((item) => fill(item, values));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fill(item, values)]),
    );
  return value;
}

function idIn(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, _id } = value as { id?: unknown; _id?: unknown };
  const found = id ?? _id;
  return typeof found === 'string' || typeof found === 'number' ? String(found) : undefined;
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
  return response.json();
}

function idOf(answer: LoadAnswer): string | undefined {
  if (answer.request.method !== 'POST' || answer.status !== 201) return undefined;
  return idIn(JSON.parse(answer.body));
}

let counter = 0;
const nextName = (): string => `fault ${(counter += 1)}`;

/** The workload services/registry.json describes for the service (its `faults`). */
export async function prepareWorkload(service: string, url: string): Promise<Workload> {
  const spec: ServiceSpec | undefined = SERVICES.find((entry) => entry.name === service);
  if (spec === undefined) throw new Error(`${service} is not in services/registry.json`);
  const { firstOf, read, create } = spec.faults;
  const values: Record<string, string> = {};
  if (firstOf !== undefined) {
    const list = await getJson(`${url}${firstOf}`);
    const first = Array.isArray(list) ? idIn(list[0]) : undefined;
    if (first === undefined) throw new Error(`${service}: GET ${firstOf} lists nothing with an id`);
    values['first'] = first;
  }
  const post = (name: string): LoadRequest => ({
    method: 'POST',
    path: create.path,
    headers: { 'content-type': 'application/json', ...authorization(create.token) },
    body: JSON.stringify(fill(create.body, { ...values, name })),
  });
  if (read.includes('{id}')) {
    const seed = post('read me');
    const response = await fetch(`${url}${seed.path}`, { ...seed });
    const id = response.status === 201 ? idIn(await response.json()) : undefined;
    if (id === undefined) throw new Error(`${service}: POST ${create.path}: ${response.status}`);
    values['id'] = id;
  }
  const readPath = String(fill(read, values));
  return {
    next: (worker) => (worker % 2 === 0 ? { method: 'GET', path: readPath } : post(nextName())),
    createdId: idOf,
  };
}
