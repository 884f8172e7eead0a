import { ConfigError } from '@repo/common';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('when nothing is set, then port 6790, the local MongoDB, database "products" and a low-stock threshold of 5 are used', () => {
    const config = loadConfig({});

    expect(config).toEqual({
      METRICS: true,
      PORT: 6790,
      LOG_LEVEL: 'info',
      MONGODB_URI: 'mongodb://127.0.0.1:27017',
      MONGODB_DB: 'products',
      LOW_STOCK_THRESHOLD: 5,
      API_DOCS: true,
      IDEMPOTENCY_TTL_SECONDS: 86400,
    });
  });

  it('when LOW_STOCK_THRESHOLD is a whole number, then it is used', () => {
    expect(loadConfig({ LOW_STOCK_THRESHOLD: '12' }).LOW_STOCK_THRESHOLD).toBe(12);
    expect(loadConfig({ LOW_STOCK_THRESHOLD: '0' }).LOW_STOCK_THRESHOLD).toBe(0);
  });

  it.each(['', 'five', '-1', '2.5', '1e3', '99999999999999999999'])(
    'when LOW_STOCK_THRESHOLD is "%s", then start-up fails with a message naming the variable',
    (value) => {
      expect(() => loadConfig({ LOW_STOCK_THRESHOLD: value })).toThrow(ConfigError);
      expect(() => loadConfig({ LOW_STOCK_THRESHOLD: value })).toThrow(/LOW_STOCK_THRESHOLD/);
    },
  );

  it('when PORT or MONGODB_URI are invalid, then start-up fails naming each variable', () => {
    expect(() => loadConfig({ PORT: 'http', MONGODB_URI: 'localhost' })).toThrow(
      /PORT[\s\S]*MONGODB_URI|MONGODB_URI[\s\S]*PORT/,
    );
  });
});
