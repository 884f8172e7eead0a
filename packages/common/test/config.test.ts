import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ConfigError,
  databaseNameVariable,
  developmentSecretsInUse,
  loadEnv,
  logLevelVariable,
  mongoServiceVariables,
  mongoUriVariable,
  portVariable,
  secretVariable,
  type Env,
} from '../src/config/config.js';

function serviceSchema(env: Env) {
  return z.object({
    PORT: portVariable(6790),
    LOG_LEVEL: logLevelVariable,
    MONGODB_URI: mongoUriVariable(),
    MONGODB_DB: databaseNameVariable('products'),
    API_TOKEN: secretVariable(env, 'dev-api-token'),
  });
}

function load(env: Env) {
  return loadEnv(serviceSchema(env), env);
}

function problemsOf(env: Env): string {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected the configuration to be rejected');
}

describe('loadEnv', () => {
  it('when nothing is set outside production, then every default applies', () => {
    expect(load({})).toEqual({
      PORT: 6790,
      LOG_LEVEL: 'info',
      MONGODB_URI: 'mongodb://127.0.0.1:27017',
      MONGODB_DB: 'products',
      API_TOKEN: 'dev-api-token',
    });
  });

  it('when variables are set, then their values are used and PORT becomes a number', () => {
    const config = load({
      PORT: '8080',
      LOG_LEVEL: 'debug',
      MONGODB_URI: 'mongodb://db.internal:27018/?retryWrites=false',
      MONGODB_DB: 'catalog',
      API_TOKEN: 'real',
    });
    expect(config).toEqual({
      PORT: 8080,
      LOG_LEVEL: 'debug',
      MONGODB_URI: 'mongodb://db.internal:27018/?retryWrites=false',
      MONGODB_DB: 'catalog',
      API_TOKEN: 'real',
    });
  });

  it('when several variables are bad, then one error names each of them', () => {
    const message = problemsOf({ PORT: '70000', LOG_LEVEL: 'loud', MONGODB_URI: 'postgres://x' });
    expect(message).toContain('PORT: must be between 0 and 65535');
    expect(message).toContain('LOG_LEVEL:');
    expect(message).toContain(
      'MONGODB_URI: must be a mongodb:// or mongodb+srv:// connection string',
    );
  });

  it('when NODE_ENV is production and a secret is missing, then it is refused by name', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toContain(
      'API_TOKEN: is required when NODE_ENV=production',
    );
  });

  it('when a secret is set to an empty string, then it is refused in any environment', () => {
    expect(problemsOf({ API_TOKEN: '' })).toContain('API_TOKEN: must not be empty');
    expect(problemsOf({ NODE_ENV: 'production', API_TOKEN: '' })).toContain('API_TOKEN:');
  });

  it('when development defaults stand in for secrets, then they are listed; in production never', () => {
    expect(developmentSecretsInUse({}, ['API_TOKEN', 'OTHER'])).toEqual(['API_TOKEN', 'OTHER']);
    expect(developmentSecretsInUse({ API_TOKEN: 'x' }, ['API_TOKEN'])).toEqual([]);
    expect(developmentSecretsInUse({ NODE_ENV: 'production' }, ['API_TOKEN'])).toEqual([]);
  });
});

describe('mongoServiceVariables', () => {
  it('when nothing is set, then PORT, LOG_LEVEL, MONGODB_URI and MONGODB_DB take the service defaults', () => {
    expect(loadEnv(z.object(mongoServiceVariables(6793, 'mini_store')), {})).toEqual({
      PORT: 6793,
      LOG_LEVEL: 'info',
      MONGODB_URI: 'mongodb://127.0.0.1:27017',
      MONGODB_DB: 'mini_store',
    });
  });

  it('when LOG_FORMAT is json or pretty, then it is kept; anything else is refused by name', () => {
    const schema = z.object(mongoServiceVariables(1, 'x'));
    expect(loadEnv(schema, { LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
    expect(loadEnv(schema, { LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(() => loadEnv(schema, { LOG_FORMAT: 'xml' })).toThrow(
      /LOG_FORMAT: must be "json" or "pretty"/,
    );
  });

  it('when MONGODB_DB is not a usable database name, then it is refused by name', () => {
    expect(() => loadEnv(z.object(mongoServiceVariables(1, 'x')), { MONGODB_DB: 'a/b' })).toThrow(
      /MONGODB_DB: must be 1-63 letters/,
    );
  });
});
