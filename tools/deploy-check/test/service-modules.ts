import type { runService } from '@repo/common';

/** A service definition as `runService` takes it. */
export type Definition = Parameters<typeof runService>[0];
export type Config = ReturnType<Definition['loadConfig']>;
type Env = Readonly<Record<string, string | undefined>>;

export interface ServiceModules {
  /** The service's own `loadConfig(env)` (src/config.ts). */
  loadConfig: (env: Env) => Config;
  /** The service's definition (src/service.ts), as `main.ts` runs it. */
  definition: Definition;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The service's own config and definition, imported from its sources, so the tests check the
 * manifests against the code that runs in the image rather than against a copy of its defaults.
 */
export async function serviceModules(name: string): Promise<ServiceModules> {
  const config: unknown = await import(`../../../services/${name}/src/config.ts`);
  const service: unknown = await import(`../../../services/${name}/src/service.ts`);
  if (!isRecord(config) || typeof config['loadConfig'] !== 'function') {
    throw new Error(`services/${name}/src/config.ts should export loadConfig(env)`);
  }
  if (!isRecord(service) || !isRecord(service['service'])) {
    throw new Error(`services/${name}/src/service.ts should export service`);
  }
  // Shapes checked above; the types are the ones these files declare (docs/service-anatomy.md).
  const loadConfig: unknown = config['loadConfig'];
  const definition: unknown = service['service'];
  return {
    loadConfig: loadConfig as ServiceModules['loadConfig'],
    definition: definition as Definition,
  };
}

/** How long runService lets requests in flight run on after SIGTERM when a service sets nothing. */
export const RUN_SERVICE_DEFAULT_GRACE_MS = 10_000;

export function shutdownGraceMs(definition: Definition): number {
  return definition.shutdownGraceMs ?? RUN_SERVICE_DEFAULT_GRACE_MS;
}
