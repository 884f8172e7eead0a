import { describe, expect, it } from 'vitest';
import type { ServiceSpec } from '../src/registry.js';
import { SECRETS, SERVICES } from '../src/services.js';
import { loadConfigOf, type Env } from './service-modules.js';

/** Everything a production start needs apart from the secrets. */
const PRODUCTION: Env = { NODE_ENV: 'production', MONGODB_URI: 'mongodb://127.0.0.1:27017' };

function serviceNamed(name: string): ServiceSpec {
  const service = SERVICES.find((candidate) => candidate.name === name);
  if (service === undefined) throw new Error(`no service ${name} in the registry`);
  return service;
}

describe("services/registry.json against each service's src/config.ts", () => {
  it.each(SECRETS.map((secret) => [secret.service, secret.variable, secret] as const))(
    "when %s loads with an empty environment, then %s falls back to the registry's development value",
    async (_service, _variable, secret) => {
      const loadConfig = await loadConfigOf(serviceNamed(secret.service));
      expect(loadConfig({})).toMatchObject({ [secret.variable]: secret.developmentValue });
    },
  );

  it.each(SECRETS.map((secret) => [secret.service, secret.variable, secret] as const))(
    'when %s loads in production without %s, then it refuses naming that variable',
    async (_service, _variable, missing) => {
      const service = serviceNamed(missing.service);
      const loadConfig = await loadConfigOf(service);
      const others = service.secrets.filter((secret) => secret.variable !== missing.variable);
      const env = {
        ...PRODUCTION,
        ...Object.fromEntries(others.map((secret) => [secret.variable, 'set'])),
      };
      expect(() => loadConfig(env)).toThrow(missing.variable);
    },
  );

  it.each(SERVICES.map((service) => [service.name, service] as const))(
    "when %s loads in production with the registry's secrets set, then it needs no other secret",
    async (_name, service) => {
      const loadConfig = await loadConfigOf(service);
      const secrets = Object.fromEntries(
        service.secrets.map((secret) => [secret.variable, `set-${secret.variable}`]),
      );
      expect(loadConfig({ ...PRODUCTION, ...secrets })).toMatchObject(secrets);
    },
  );
});
