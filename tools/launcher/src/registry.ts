import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The one list of the services (`services/registry.json`), read by the launcher, its CI checks,
 * the bench and docker/check-compose.sh. Each service still keeps its own defaults in its
 * src/config.ts, because it is also deployed alone; a launcher test checks the two agree.
 */
export const REGISTRY_FILE = fileURLToPath(
  new URL('../../../services/registry.json', import.meta.url),
);

export interface ServiceSecret {
  /** The environment variable, e.g. BOOKS_TOKEN. */
  variable: string;
  /** The value the service itself falls back to outside production. */
  developmentValue: string;
}

export interface ServiceSpec {
  name: string;
  /** Folder of the service, relative to the repository root. */
  dir: string;
  /** Its port when everything runs together (books moves off its own default 6790, which products holds). */
  launcherPort: number;
  usesMongo: boolean;
  /** One read-only request that shows the service working, for the URL table. */
  tryPath: string;
  secrets: readonly ServiceSecret[];
}

export class RegistryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegistryError';
  }
}

const SERVICE_FIELDS = ['name', 'launcherPort', 'usesMongo', 'tryPath', 'secrets'];
const SECRET_FIELDS = ['variable', 'developmentValue'];

type Fields = Readonly<Record<string, unknown>>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks one JSON value, naming the file and the field in every refusal. */
class Checker {
  constructor(private readonly file: string) {}

  fail(at: string, problem: string, value?: unknown): never {
    const got = value === undefined ? '' : `, got ${JSON.stringify(value)}`;
    throw new RegistryError(`${this.file}: ${at} ${problem}${got}`);
  }

  fields(value: unknown, at: string, allowed: readonly string[]): Fields {
    if (!isFields(value)) this.fail(at, 'must be an object', value);
    // An unknown field is most likely a misspelt one whose value would otherwise be ignored.
    const unknown = Object.keys(value).find((key) => !allowed.includes(key));
    if (unknown !== undefined) {
      this.fail(`${at}.${unknown}`, `is not a field of the registry (${allowed.join(', ')})`);
    }
    return value;
  }

  text(value: unknown, at: string, pattern: RegExp, shape: string): string {
    if (typeof value !== 'string' || !pattern.test(value)) this.fail(at, `must be ${shape}`, value);
    return value;
  }

  port(value: unknown, at: string): number {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 65535) {
      this.fail(at, 'must be a port number between 1 and 65535', value);
    }
    return value;
  }

  flag(value: unknown, at: string): boolean {
    if (typeof value !== 'boolean') this.fail(at, 'must be true or false', value);
    return value;
  }

  list(value: unknown, at: string): readonly unknown[] {
    if (!Array.isArray(value)) this.fail(at, 'must be a list', value);
    return value;
  }
}

function readSecret(check: Checker, value: unknown, at: string): ServiceSecret {
  const fields = check.fields(value, at, SECRET_FIELDS);
  return {
    variable: check.text(
      fields.variable,
      `${at}.variable`,
      /^[A-Z][A-Z0-9_]*$/,
      'an environment variable name (A-Z, 0-9, _)',
    ),
    developmentValue: check.text(
      fields.developmentValue,
      `${at}.developmentValue`,
      /^\S+$/,
      'a non-empty text without spaces',
    ),
  };
}

function readService(check: Checker, value: unknown, index: number): ServiceSpec {
  const fields = check.fields(value, `[${index}]`, SERVICE_FIELDS);
  // The name is also the folder under services/ and part of a variable name (MINI_STORE_PORT).
  const name = check.text(
    fields.name,
    `[${index}].name`,
    /^[a-z][a-z0-9-]*$/,
    'a folder name (a-z, 0-9, -)',
  );
  return {
    name,
    dir: `services/${name}`,
    launcherPort: check.port(fields.launcherPort, `${name}.launcherPort`),
    usesMongo: check.flag(fields.usesMongo, `${name}.usesMongo`),
    tryPath: check.text(fields.tryPath, `${name}.tryPath`, /^\/\S*$/, 'a path starting with /'),
    secrets: check
      .list(fields.secrets, `${name}.secrets`)
      .map((secret, secretIndex) => readSecret(check, secret, `${name}.secrets[${secretIndex}]`)),
  };
}

/** Two services with one name, one port or one secret variable would clash when run together. */
function refuseRepeats(check: Checker, services: readonly ServiceSpec[]): void {
  const names = new Set<string>();
  const ports = new Set<number>();
  const variables = new Set<string>();
  services.forEach((service, index) => {
    if (names.has(service.name)) {
      check.fail(`[${index}].name`, 'repeats an earlier one', service.name);
    }
    if (ports.has(service.launcherPort)) {
      check.fail(`${service.name}.launcherPort`, 'repeats an earlier one', service.launcherPort);
    }
    service.secrets.forEach((secret, secretIndex) => {
      if (variables.has(secret.variable)) {
        check.fail(
          `${service.name}.secrets[${secretIndex}].variable`,
          'repeats an earlier one',
          secret.variable,
        );
      }
      variables.add(secret.variable);
    });
    names.add(service.name);
    ports.add(service.launcherPort);
  });
}

/** The registry's services, in its order (the launcher's URL-table order), from the file's text. */
export function parseServiceRegistry(text: string, file: string): readonly ServiceSpec[] {
  const check = new Checker(file);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new RegistryError(
      `${file}: not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const entries = check.list(json, 'the top level');
  if (entries.length === 0) check.fail('the top level', 'must list at least one service');
  const services = entries.map((entry, index) => readService(check, entry, index));

  refuseRepeats(check, services);
  return services;
}

export function readServiceRegistry(file: string = REGISTRY_FILE): readonly ServiceSpec[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new RegistryError(
      `${file}: cannot be read (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  return parseServiceRegistry(text, file);
}
