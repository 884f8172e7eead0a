import { runService, type BaseServiceConfig } from '@repo/common';
import { describeDiskFull, documentedAnswerPattern } from '@repo/common/testing';
import { startEmbeddedMongo } from '@repo/embedded-mongo';
import { prepareCreate, type CreateRequest } from '../src/create-request.js';
import type { ServiceSpec } from '../src/registry.js';
import { SERVICES } from '../src/services.js';
import { loadConfigOf, serviceDefinitionOf } from './service-modules.js';

// The guarantee, for every service of services/registry.json that keeps its data in MongoDB:
// when the database's disk fills, a write through the service (the registry's `faults.create`)
// is answered with the service's generic 500, the example its OpenAPI document gives for that
// route, without hanging; `/readyz` answers 503 "database refuses writes: disk full"; reads (its
// `tryPath`) keep working; and once space is freed, writes and readiness come back without a
// restart. A service is held to it by being in the registry with `usesMongo`.

async function diskFullTarget(spec: ServiceSpec): Promise<Parameters<typeof describeDiskFull>[0]> {
  const definition = await serviceDefinitionOf(spec);
  const loadConfig = await loadConfigOf(spec);
  const document = definition.apiDocument?.();
  if (document === undefined) throw new Error(`${spec.name} has no API document`);
  const secrets = Object.fromEntries(spec.secrets.map((s) => [s.variable, s.developmentValue]));
  // One per running service: its `{first}` is read from it once, before the disk fills.
  const creates = new Map<string, Promise<(name: string) => CreateRequest>>();
  const createAt = (url: string): Promise<(name: string) => CreateRequest> => {
    const create = creates.get(url) ?? prepareCreate(spec, url);
    creates.set(url, create);
    return create;
  };
  return {
    name: spec.name,
    startDatabase: (dbPath) => startEmbeddedMongo({ port: 0, host: '127.0.0.1', dbPath }),
    startService: (uri, dbName) => {
      const env = { PORT: '0', LOG_LEVEL: 'silent', MONGODB_URI: uri, MONGODB_DB: dbName };
      const config = loadConfig({ ...env, ...secrets }) as BaseServiceConfig;
      return runService({ ...definition, ownsProcess: false, loadConfig: () => config });
    },
    write: async (url, n) => {
      const request = (await createAt(url))(`disk-full ${n}`);
      return fetch(`${url}${request.path}`, request);
    },
    read: (url) => fetch(`${url}${spec.tryPath}`),
    generic500: documentedAnswerPattern(document, 'POST', spec.faults.create.path, 500),
  };
}

for (const target of await Promise.all(
  SERVICES.filter((spec) => spec.usesMongo).map(diskFullTarget),
)) {
  describeDiskFull(target);
}
