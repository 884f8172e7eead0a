import { runService, type BaseServiceConfig } from '@repo/common';
import { describeTokenGuessing, type TokenService } from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import type { ServiceSpec } from '../src/registry.js';
import { SERVICES } from '../src/services.js';
import { loadConfigOf, serviceDefinitionOf } from './service-modules.js';

// Every service of the registry with tokens, as it runs unconfigured: nothing of the throttling
// is set, so whatever limit is on by default meets the guessing client.
const database = useTestDatabase('token_routes');

async function tokenService(spec: ServiceSpec): Promise<TokenService> {
  const definition = await serviceDefinitionOf(spec);
  const loadConfig = await loadConfigOf(spec);
  const secrets = Object.fromEntries(spec.secrets.map((s) => [s.variable, s.developmentValue]));
  const apiDocument = definition.apiDocument;
  if (apiDocument === undefined) throw new Error(`${spec.name} has no API document`);
  return {
    name: spec.name,
    document: apiDocument(),
    tokens: Object.fromEntries(spec.secrets.map((s) => [s.scheme, s.developmentValue])),
    start: async () => {
      const env = {
        PORT: '0',
        LOG_LEVEL: 'silent',
        METRICS: 'off',
        MONGODB_URI: database.uri,
        MONGODB_DB: database.dbName,
        ...secrets,
      };
      const config = loadConfig(env) as BaseServiceConfig;
      const running = await runService({
        ...definition,
        ownsProcess: false,
        loadConfig: () => config,
      });
      return { url: running.url, stop: running.stop };
    },
  };
}

describeTokenGuessing(
  await Promise.all(SERVICES.filter((spec) => spec.secrets.length > 0).map(tokenService)),
);
