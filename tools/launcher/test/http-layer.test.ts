import { runService, type Env, type ServiceDefinition } from '@repo/common';
import { describeHttpLayer } from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { SERVICES } from '../src/services.js';

// Every registered service, run in this thread over the test database, is held to the HTTP
// layer's guarantees: a new service gets them by being in services/registry.json.
const testDb = useTestDatabase('http_layer');

interface ServiceModules {
  service: ServiceDefinition<{ PORT: number; LOG_LEVEL: 'silent' }, unknown>;
  loadConfig: (env: Env) => { PORT: number; LOG_LEVEL: 'silent' };
}

async function modulesOf(name: string): Promise<ServiceModules> {
  const [{ service }, { loadConfig }] = (await Promise.all([
    import(`../../../services/${name}/src/service.ts`),
    import(`../../../services/${name}/src/config.ts`),
  ])) as [Pick<ServiceModules, 'service'>, Pick<ServiceModules, 'loadConfig'>];
  return { service, loadConfig };
}

for (const registered of SERVICES) {
  describeHttpLayer({
    name: registered.name,
    secrets: Object.fromEntries(
      registered.secrets.map((secret) => [secret.variable, secret.developmentValue]),
    ),
    start: async (runnerEnv) => {
      const { service, loadConfig } = await modulesOf(registered.name);
      return runService({
        ...service,
        ownsProcess: false,
        runnerEnv,
        loadConfig: () =>
          loadConfig({
            PORT: '0',
            LOG_LEVEL: 'silent',
            MONGODB_URI: testDb.uri,
            MONGODB_DB: `${testDb.dbName}_${registered.name.replace('-', '_')}`,
          }),
      });
    },
  });
}
