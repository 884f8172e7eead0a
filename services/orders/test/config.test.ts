import { ConfigError } from '@repo/common';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('when nothing is set outside production, then the documented defaults apply', () => {
    expect(loadConfig({})).toEqual({
      METRICS: true,
      PORT: 6792,
      LOG_LEVEL: 'info',
      MONGODB_URI: 'mongodb://127.0.0.1:27017',
      MONGODB_DB: 'orders',
      ORDERS_CUSTOMER_TOKEN: 'dev-customer-token',
      ORDERS_STAFF_TOKEN: 'dev-staff-token',
      API_DOCS: true,
      IDEMPOTENCY_TTL_SECONDS: 86400,
      ORDERS_EVENTS_HEARTBEAT_MS: 15_000,
      ORDERS_EVENTS_POLL_MS: 100,
      ORDERS_EVENTS_SETTLE_MS: 500,
      ORDERS_EVENTS_MAX_STREAM_MS: 3_600_000,
      ORDERS_STREAM_REPLICAS: 1,
    });
  });

  it('when NATS_URL names one or more nats:// or tls:// servers, then it is kept; anything else fails naming it', () => {
    expect(loadConfig({ NATS_URL: 'nats://nats:4222' }).NATS_URL).toBe('nats://nats:4222');
    expect(loadConfig({ NATS_URL: 'nats://a:4222,tls://b:4222' }).NATS_URL).toBe(
      'nats://a:4222,tls://b:4222',
    );
    for (const wrong of ['localhost:4222', 'http://nats:4222', 'nats://a:4222,', ''])
      expect(() => loadConfig({ NATS_URL: wrong }), wrong).toThrow(/NATS_URL/);
  });

  it('when ORDERS_EVENTS_HEARTBEAT_MS is not a whole number of milliseconds, then loading fails naming it', () => {
    expect(() => loadConfig({ ORDERS_EVENTS_HEARTBEAT_MS: '1.5s' })).toThrow(
      /ORDERS_EVENTS_HEARTBEAT_MS/,
    );
    expect(loadConfig({ ORDERS_EVENTS_HEARTBEAT_MS: '50' }).ORDERS_EVENTS_HEARTBEAT_MS).toBe(50);
  });

  it('when NODE_ENV=production and no tokens are set, then loading fails naming both variables', () => {
    const load = () => loadConfig({ NODE_ENV: 'production' });

    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/ORDERS_CUSTOMER_TOKEN/);
    expect(load).toThrow(/ORDERS_STAFF_TOKEN/);
  });

  it('when NODE_ENV=production and both tokens are set, then they are used', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ORDERS_CUSTOMER_TOKEN: 'c-secret',
      ORDERS_STAFF_TOKEN: 's-secret',
      PORT: '8080',
      MONGODB_DB: 'shop',
    });

    expect(config).toMatchObject({
      PORT: 8080,
      MONGODB_DB: 'shop',
      ORDERS_CUSTOMER_TOKEN: 'c-secret',
      ORDERS_STAFF_TOKEN: 's-secret',
    });
  });

  it('when PORT or MONGODB_URI is malformed, then loading fails naming each variable', () => {
    const load = () => loadConfig({ PORT: 'eighty', MONGODB_URI: 'http://db' });

    expect(load).toThrow(/PORT/);
    expect(load).toThrow(/MONGODB_URI/);
  });
});
