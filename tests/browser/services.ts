import { runService, type RunningService } from '@repo/common';
import { SECRETS, SERVICES } from '@repo/launcher';

export type ServiceName = string;

/** Every service of `services/registry.json`, in its order. */
export const SERVICE_NAMES: readonly ServiceName[] = SERVICES.map((service) => service.name);

/** The tokens the running services are given, by variable, so the Authorize dialog can be filled. */
export const TOKENS: Readonly<Record<string, string>> = Object.fromEntries(
  SECRETS.map(({ variable }) => [
    variable,
    `browser-${variable.toLowerCase().replaceAll('_', '-')}`,
  ]),
);

type ServiceOptions = Parameters<typeof runService>[0];

interface ServiceModule {
  service: ServiceOptions;
}

interface ConfigModule {
  loadConfig: (env: Record<string, string>) => ReturnType<ServiceOptions['loadConfig']>;
}

/**
 * Starts one service as `main.ts` does (connect, then listen), on a free port, with its docs on
 * and its database (if any) on the test server, and `settings` added to its environment. Each
 * service of `services/registry.json` is loaded from its own sources.
 */
export async function startService(
  name: ServiceName,
  database: { uri: string; dbName: string },
  settings: Readonly<Record<string, string>> = {},
): Promise<RunningService> {
  const env = {
    PORT: '0',
    LOG_LEVEL: 'silent',
    API_DOCS: 'on',
    MONGODB_URI: database.uri,
    MONGODB_DB: `${database.dbName}_${name.replaceAll('-', '_')}`,
    ...TOKENS,
    ...settings,
  };
  const root = new URL(`../../services/${name}/src/`, import.meta.url);
  const { service } = (await import(new URL('service.ts', root).href)) as ServiceModule;
  const { loadConfig } = (await import(new URL('config.ts', root).href)) as ConfigModule;
  return runService({ ...service, ownsProcess: false, loadConfig: () => loadConfig(env) });
}
