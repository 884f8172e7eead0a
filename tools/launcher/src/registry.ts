import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { apiLintExceptionSchema, faultsSchema } from './registry-tool-facts.js';

// The one list of the services, read by the launcher, its CI checks, the bench and the compose
// check. Each service keeps its own defaults too (it is also deployed alone); a test compares them.
export const REGISTRY_FILE = fileURLToPath(
  new URL('../../../services/registry.json', import.meta.url),
);

export class RegistryError extends Error {
  override name = 'RegistryError';
}

const PORT = 'must be a port number between 1 and 65535';

const serviceSchema = z.strictObject({
  // The name is also the folder under services/ and part of a variable name (MINI_STORE_PORT).
  name: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be a folder name (a-z, 0-9, -)'),
  // Its port when everything runs together (books moves off its own default 6790, which products holds).
  launcherPort: z.number({ error: PORT }).int(PORT).min(1, PORT).max(65535, PORT),
  usesMongo: z.boolean({ error: 'must be true or false' }),
  // "one" for a service whose state lives in its process (its Deployment is one replica,
  // replaced by Recreate); "many" for one an autoscaler may run as several.
  replicas: z.enum(['one', 'many'], { error: 'must be "one" or "many"' }),
  // Its peak RSS under load (`npm run bench`), which the manifests' memory request must cover.
  peakRssMiB: z.number({ error: 'must be a number of MiB' }).int().positive(),
  // One read-only request that shows the service working, for the URL table.
  tryPath: z.string().regex(/^\/\S*$/, 'must be a path starting with /'),
  // Pages a person opens in a browser (the orders kitchen board), for the URL table.
  pages: z.array(z.string().regex(/^\/\S*$/, 'must be a path starting with /')).optional(),
  secrets: z.array(
    z.strictObject({
      variable: z
        .string()
        .regex(/^[A-Z][A-Z0-9_]*$/, 'must be an environment variable name (A-Z, 0-9, _)'),
      // The value the service itself falls back to outside production.
      developmentValue: z.string().regex(/^\S+$/, 'must be a non-empty text without spaces'),
      // The security scheme of the service's OpenAPI document that the token answers.
      scheme: z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/, 'must be a security scheme name'),
    }),
  ),
  faults: faultsSchema,
  apiLintExceptions: z.array(apiLintExceptionSchema, {
    error: 'must list the Spectral rules its contract turns off ([] for none)',
  }),
});

/** Two services with one name, one port or one secret variable would clash when run together. */
const registrySchema = z
  .array(serviceSchema, { error: 'must be a list' })
  .min(1, 'must list at least one service')
  .superRefine((services, context) => {
    const seen = new Set<string>();
    const refuse = (key: string, path: PropertyKey[]): void => {
      if (seen.has(key))
        context.addIssue({ code: 'custom', path, message: 'repeats an earlier one' });
      seen.add(key);
    };
    services.forEach((service, index) => {
      refuse(`name ${service.name}`, [index, 'name']);
      refuse(`port ${service.launcherPort}`, [index, 'launcherPort']);
      service.secrets.forEach(({ variable }, at) =>
        refuse(`variable ${variable}`, [index, 'secrets', at, 'variable']),
      );
      // The fault suite counts a MongoDB service's acknowledged writes in their collection.
      if (service.usesMongo && service.faults.storedIn === undefined)
        context.addIssue({
          code: 'custom',
          path: [index, 'faults', 'storedIn'],
          message: 'must name the collection the creates land in (the service uses MongoDB)',
        });
      const token = service.faults.create.token;
      if (token !== undefined && !service.secrets.some(({ variable }) => variable === token))
        context.addIssue({
          code: 'custom',
          path: [index, 'faults', 'create', 'token'],
          message: 'must be one of the secret variables of the service',
        });
    });
  });

export type ServiceSpec = z.output<typeof serviceSchema> & {
  /** Folder of the service, relative to the repository root. */
  dir: string;
};

/** Where an issue is, as `[1].secrets[0].variable`; the whole file is "the top level". */
function describeIssue(issue: z.core.$ZodIssue): string {
  const path =
    issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  const where = path
    .map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
    .join('');
  const what =
    issue.code === 'unrecognized_keys' ? 'is not a field of the registry' : issue.message;
  return `${where || 'the top level'} ${what}`;
}

/** What `run` returns, or a RegistryError naming the file and what went wrong. */
function orFail<T>(file: string, what: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RegistryError(`${file}: ${what} (${reason})`);
  }
}

/** The registry's services, in its order (the launcher's URL-table order), from the file's text. */
export function parseServiceRegistry(text: string, file: string): readonly ServiceSpec[] {
  const result = registrySchema.safeParse(orFail(file, 'not valid JSON', () => JSON.parse(text)));
  if (!result.success) {
    throw new RegistryError(`${file}: ${result.error.issues.map(describeIssue).join('; ')}`);
  }
  return result.data.map((service) => ({ ...service, dir: `services/${service.name}` }));
}

export function readServiceRegistry(file: string = REGISTRY_FILE): readonly ServiceSpec[] {
  return parseServiceRegistry(
    orFail(file, 'cannot be read', () => readFileSync(file, 'utf8')),
    file,
  );
}
