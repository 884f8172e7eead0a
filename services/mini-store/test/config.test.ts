import { describe, expect, it } from 'vitest';
import { ConfigError } from '@repo/common';
import { loadConfig } from '../src/config.js';

describe('mini-store configuration', () => {
  it('when no variable is set, then it uses port 6793, the local MongoDB and database mini_store', () => {
    expect(loadConfig({})).toEqual({
      METRICS: true,
      PORT: 6793,
      LOG_LEVEL: 'info',
      MONGODB_URI: 'mongodb://127.0.0.1:27017',
      MONGODB_DB: 'mini_store',
      API_DOCS: true,
      IDEMPOTENCY_TTL_SECONDS: 86400,
    });
  });

  it('when the variables are set, then their values are used', () => {
    const config = loadConfig({
      PORT: '7001',
      LOG_LEVEL: 'warn',
      MONGODB_URI: 'mongodb://db.internal:27018',
      MONGODB_DB: 'store_test',
    });
    expect(config).toEqual({
      METRICS: true,
      PORT: 7001,
      LOG_LEVEL: 'warn',
      MONGODB_URI: 'mongodb://db.internal:27018',
      MONGODB_DB: 'store_test',
      API_DOCS: true,
      IDEMPOTENCY_TTL_SECONDS: 86400,
    });
  });

  it('when API_DOCS is off, or NODE_ENV=production, then the API docs are not served', () => {
    expect(loadConfig({ API_DOCS: 'off' }).API_DOCS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).API_DOCS).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'maybe' })).toThrow(/API_DOCS/);
  });

  it('when PORT and MONGODB_URI are invalid, then start-up fails naming both variables', () => {
    expect(() => loadConfig({ PORT: 'eighty', MONGODB_URI: 'localhost' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', MONGODB_URI: 'localhost' })).toThrow(
      /PORT[\s\S]*MONGODB_URI/,
    );
  });
});
