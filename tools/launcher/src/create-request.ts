import type { ServiceSpec } from './registry.js';

/** One POST of the registry's `faults.create`, ready for `fetch(url + path, request)`. */
export interface CreateRequest {
  method: 'POST';
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** The value with `{name}` and the other placeholders of its texts replaced, at any depth. */
export function fillPlaceholders(
  value: unknown,
  values: Readonly<Record<string, string>>,
): unknown {
  if (typeof value === 'string')
    return value.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
  if (Array.isArray(value)) return value.map((item) => fillPlaceholders(item, values));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillPlaceholders(item, values)]),
    );
  return value;
}

/** The `id` (or `_id`) a service answered for a resource, as text. */
export function idIn(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, _id } = value as { id?: unknown; _id?: unknown };
  const found = id ?? _id;
  return typeof found === 'string' || typeof found === 'number' ? String(found) : undefined;
}

/** The id of the first element GET `firstOf` lists: what `{first}` stands for. */
async function firstListed(spec: ServiceSpec, url: string, firstOf: string): Promise<string> {
  const response = await fetch(`${url}${firstOf}`);
  if (response.status !== 200) throw new Error(`GET ${url}${firstOf}: ${response.status}`);
  const list: unknown = await response.json();
  const first = Array.isArray(list) ? idIn(list[0]) : undefined;
  if (first === undefined) throw new Error(`${spec.name}: GET ${firstOf} lists nothing with an id`);
  return first;
}

/**
 * The registry's create (`faults.create`) of the service running at `url`, as a request for each
 * name: `{name}` is the name, `{first}` the id of the first element `firstOf` lists (read once,
 * now), and the token the development value of its secret, which the service uses when unset.
 */
export async function prepareCreate(
  spec: ServiceSpec,
  url: string,
): Promise<(name: string) => CreateRequest> {
  const { firstOf, create } = spec.faults;
  const values: Record<string, string> =
    firstOf === undefined ? {} : { first: await firstListed(spec, url, firstOf) };
  const token = spec.secrets.find(({ variable }) => variable === create.token)?.developmentValue;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
  };
  return (name) => ({
    method: 'POST',
    path: create.path,
    headers,
    body: JSON.stringify(fillPlaceholders(create.body, { ...values, name })),
  });
}
