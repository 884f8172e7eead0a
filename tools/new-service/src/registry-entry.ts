import type { NewServiceOptions } from './options.js';

/** The peak RSS of the measured services nearest the template (products', books'): a start. */
const TEMPLATE_PEAK_RSS_MIB = { memory: 120, mongo: 189 } as const;

/** The collection the template's mongo repository writes (src/data/items-repository.ts). */
export const ITEMS_COLLECTION = 'items';

/** The new service's entry in services/registry.json, as the template's code answers it. */
export function registryEntry({ name, storage, port }: NewServiceOptions): Record<string, unknown> {
  const mongo = storage === 'mongo';
  return {
    name,
    launcherPort: port,
    usesMongo: mongo,
    replicas: mongo ? 'many' : 'one',
    peakRssMiB: TEMPLATE_PEAK_RSS_MIB[storage],
    tryPath: '/items',
    secrets: [],
    faults: {
      read: '/items',
      create: { path: '/items', body: { name: '{name}' } },
      ...(mongo ? { storedIn: ITEMS_COLLECTION } : {}),
    },
    apiLintExceptions: [
      {
        rules: [
          'owasp:api2:2023-write-restricted',
          'owasp:api2:2023-read-restricted',
          'owasp:api8:2023-define-error-responses-401',
        ],
        why: 'No route asks for a credential yet; when one does, declare its security scheme and its 401 and drop this exception.',
      },
    ],
  };
}
