import { runService } from '@repo/common';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { serviceModules } from './service-modules.js';
import { ENVIRONMENTS, SERVICES, plainEnvironment, serviceObjects } from './support.js';

const database = useTestDatabase('deploy_probes');
const running: { stop: () => Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((service) => service.stop()));
});

const cases = ENVIRONMENTS.flatMap((environment) =>
  SERVICES.map((spec) => [environment, spec.name, spec] as const),
);

describe.each(cases)('%s: %s', (environment, name, spec) => {
  it("when the service runs with the manifests' variables, then every path its probes ask answers 200", async () => {
    const objects = serviceObjects(environment, name);
    const { container } = objects;
    const { loadConfig, definition } = await serviceModules(name);
    const secrets = Object.fromEntries(spec.secrets.map((secret) => [secret.variable, 'set']));
    const env = {
      ...plainEnvironment(objects),
      ...secrets,
      // Only where it listens and what it talks to differ from a pod: any free port, the test
      // database, and no log lines in the test output.
      PORT: '0',
      LOG_LEVEL: 'silent',
      MONGODB_URI: database.uri,
      MONGODB_DB: database.dbName,
    };
    const service = await runService({
      ...definition,
      ownsProcess: false,
      loadConfig: () => loadConfig(env),
    });
    running.push(service);
    const paths = [container.startupProbe, container.livenessProbe, container.readinessProbe].map(
      (probe) => probe?.httpGet?.path ?? '(no httpGet probe)',
    );
    for (const path of paths) {
      const response = await fetch(`${service.url}${path}`);
      expect(response.status, `GET ${path}`).toBe(200);
    }
  });
});
