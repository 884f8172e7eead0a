import type { BaseServiceConfig, ServiceDefinition } from '@repo/common';
import type { ServiceSpec } from '../src/registry.js';

export type Env = Readonly<Record<string, string | undefined>>;
type LoadConfig = (env: Env) => unknown;

// A service keeps its own development secrets in src/config.ts, because it is also deployed alone;
// the launcher hands out the registry's. The tests that load it fail as soon as the two disagree.

/** `loadConfig`, or a per-service name such as `loadBooksConfig` while the services move to one name. */
function loaderIn(module: Readonly<Record<string, unknown>>, file: string): LoadConfig {
  const found = Object.entries(module).filter(
    ([name, value]) =>
      (name === 'loadConfig' || /^load[A-Z]\w*Config$/.test(name)) && typeof value === 'function',
  );
  const preferred = found.find(([name]) => name === 'loadConfig') ?? found[0];
  if (preferred === undefined || (found.length > 1 && preferred[0] !== 'loadConfig')) {
    throw new Error(
      `${file} should export one loadConfig(env); it exports ${Object.keys(module).join(', ')}`,
    );
  }
  return preferred[1] as LoadConfig;
}

/** The service's own `loadConfig(env)`, from its sources. */
export async function loadConfigOf(service: ServiceSpec): Promise<LoadConfig> {
  const module: Readonly<Record<string, unknown>> = await import(
    `../../../services/${service.name}/src/config.ts`
  );
  return loaderIn(module, `${service.dir}/src/config.ts`);
}

/** What `runService` runs of the service: its `src/service.ts`. */
export type AnyServiceDefinition = ServiceDefinition<BaseServiceConfig, unknown>;

/** The service's definition (`export const service`), from its sources. */
export async function serviceDefinitionOf(service: ServiceSpec): Promise<AnyServiceDefinition> {
  const module: Readonly<Record<string, unknown>> = await import(
    `../../../services/${service.name}/src/service.ts`
  );
  const definition = module.service;
  if (typeof definition !== 'object' || definition === null || !('createApp' in definition))
    throw new Error(`${service.dir}/src/service.ts should export its ServiceDefinition as service`);
  return definition as AnyServiceDefinition;
}
