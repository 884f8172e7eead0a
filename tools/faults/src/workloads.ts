import { fillPlaceholders, idIn, prepareCreate, SERVICES, type ServiceSpec } from '@repo/launcher';
import type { LoadAnswer, LoadRequest } from '@repo/common/testing';

/** Mixed reads and writes for one service: half the connections read, half write. */
export interface Workload {
  next: (worker: number) => LoadRequest;
  /** The id an acknowledged write created, to look for it in the database afterwards. */
  createdId: (answer: LoadAnswer) => string | undefined;
}

/** Each security scheme's token, as the hostile generator sends it (`FuzzTarget.tokens`). */
export const SCHEME_TOKENS: Readonly<Record<string, string>> = Object.fromEntries(
  SERVICES.flatMap((service) =>
    service.secrets.map((secret) => [secret.scheme, secret.developmentValue] as const),
  ),
);

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
  const { read, create } = spec.faults;
  const post = await prepareCreate(spec, url);
  const values: Record<string, string> = {};
  if (read.includes('{id}')) {
    const seed = post('read me');
    const response = await fetch(`${url}${seed.path}`, { ...seed });
    const id = response.status === 201 ? idIn(await response.json()) : undefined;
    if (id === undefined) throw new Error(`${service}: POST ${create.path}: ${response.status}`);
    values['id'] = id;
  }
  const readPath = String(fillPlaceholders(read, values));
  return {
    next: (worker) => (worker % 2 === 0 ? { method: 'GET', path: readPath } : post(nextName())),
    createdId: idOf,
  };
}
