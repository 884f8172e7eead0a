import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config/config.js';
import { loadThrottleConfig } from '../src/throttle/throttle-config.js';

function problemsOf(env: Record<string, string>): string {
  try {
    loadThrottleConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected the configuration to be rejected');
}

describe('the throttling variables', () => {
  it('when none is set, then the request limit is on with its documented defaults, the limit on failed token checks off, counted in memory, TRUST_PROXY off', () => {
    expect(loadThrottleConfig({})).toEqual({
      RATE_LIMIT: 1_000_000,
      RATE_LIMIT_WINDOW_SECONDS: 60,
      AUTH_FAILURE_WINDOW_SECONDS: 60,
      TRUST_PROXY: false,
    });
  });

  it('when each is set, then it is read', () => {
    expect(
      loadThrottleConfig({
        RATE_LIMIT: '100',
        RATE_LIMIT_WINDOW_SECONDS: '10',
        AUTH_FAILURE_LIMIT: '5',
        AUTH_FAILURE_WINDOW_SECONDS: '300',
        TRUST_PROXY: '1',
        RATE_LIMIT_REDIS_URL: 'redis://redis:6379',
      }),
    ).toEqual({
      RATE_LIMIT: 100,
      RATE_LIMIT_WINDOW_SECONDS: 10,
      AUTH_FAILURE_LIMIT: 5,
      AUTH_FAILURE_WINDOW_SECONDS: 300,
      TRUST_PROXY: 1,
      RATE_LIMIT_REDIS_URL: 'redis://redis:6379',
    });
  });

  it.each([
    ['off', false],
    ['false', false],
    ['on', true],
    ['true', true],
    ['2', 2],
    ['loopback', 'loopback'],
    ['10.0.0.0/8, 192.168.1.1', '10.0.0.0/8, 192.168.1.1'],
    ['loopback,fd00::/8,::1', 'loopback, fd00::/8, ::1'],
  ])('when TRUST_PROXY is %j, then Express is given %j', (text, value) => {
    expect(loadThrottleConfig({ TRUST_PROXY: text }).TRUST_PROXY).toEqual(value);
  });

  it.each([
    ['RATE_LIMIT', '0'],
    ['RATE_LIMIT', 'lots'],
    ['RATE_LIMIT_WINDOW_SECONDS', '0'],
    ['RATE_LIMIT_WINDOW_SECONDS', '1.5'],
    ['AUTH_FAILURE_LIMIT', '-1'],
    ['AUTH_FAILURE_WINDOW_SECONDS', '86401'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', 'proxy.internal'],
    ['RATE_LIMIT_REDIS_URL', 'localhost:6379'],
  ])('when %s is %j, then start-up stops naming it', (name, value) => {
    expect(problemsOf({ [name]: value })).toContain(name);
  });
});
