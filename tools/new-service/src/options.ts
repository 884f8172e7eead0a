import { parseArgs } from 'node:util';
import type { ServiceSpec } from '@repo/launcher';

export class UsageError extends Error {
  override name = 'UsageError';
}

export const USAGE = `npm run new:service -- <name> [--storage memory|mongo] [--port <port>]

  <name>     the folder under services/ and the service's name: a-z, 0-9 and -, starting with a letter
  --storage  memory (the default: one replica, its items lost on restart) or mongo (a MongoDB
             collection, several replicas)
  --port     its port, in its own config and when everything runs together
             (default: one above the highest port of services/registry.json)`;

export type Storage = 'memory' | 'mongo';

export interface NewServiceOptions {
  name: string;
  storage: Storage;
  port: number;
}

const NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

function portOf(text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1024 || port > 65535)
    throw new UsageError(`--port ${text}: must be a whole number between 1024 and 65535`);
  return port;
}

/** The options of `npm run new:service`, checked against the services that exist already. */
export function parseOptions(
  args: readonly string[],
  services: readonly Pick<ServiceSpec, 'name' | 'launcherPort'>[],
): NewServiceOptions | 'help' {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      storage: { type: 'string', default: 'memory' },
      port: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  const [name, ...extra] = positionals;
  if (name === undefined) throw new UsageError('the name of the new service is missing');
  if (extra.length > 0) throw new UsageError(`one name only, not also ${extra.join(' ')}`);
  if (!NAME.test(name))
    throw new UsageError(`${name}: a name is a-z, 0-9 and single dashes, starting with a letter`);
  if (services.some((service) => service.name === name))
    throw new UsageError(`${name} is a service already (services/registry.json)`);
  const { storage } = values;
  if (storage !== 'memory' && storage !== 'mongo')
    throw new UsageError(`--storage ${storage}: must be memory or mongo`);
  const port =
    values.port === undefined
      ? Math.max(...services.map((service) => service.launcherPort)) + 1
      : portOf(values.port);
  const holder = services.find((service) => service.launcherPort === port);
  if (holder !== undefined) throw new UsageError(`port ${port} is ${holder.name}'s already`);
  return { name, storage, port };
}
