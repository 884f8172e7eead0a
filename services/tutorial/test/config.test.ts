import { ConfigError } from '@repo/common';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('when PORT and LOG_LEVEL are unset, then the port is 3000 and the level info', () => {
    expect(loadConfig({})).toEqual({
      PORT: 3000,
      LOG_LEVEL: 'info',
      API_DOCS: true,
      METRICS: true,
    });
  });

  it('when METRICS and METRICS_PORT are set, then metrics are off or on their own port', () => {
    expect(loadConfig({ METRICS: 'off' }).METRICS).toBe(false);
    expect(loadConfig({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    // Empty is unset: the launcher clears a METRICS_PORT its own environment holds.
    expect(loadConfig({ METRICS_PORT: '' }).METRICS_PORT).toBeUndefined();
  });

  it.each([
    ['METRICS', 'yes'],
    ['METRICS_PORT', '70000'],
    ['METRICS_PORT', 'metrics'],
  ])('when %s is %s, then start-up stops naming it', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(variable);
  });

  it('when PORT and LOG_LEVEL are set, then they are used', () => {
    expect(loadConfig({ PORT: '4100', LOG_LEVEL: 'warn' })).toEqual({
      METRICS: true,
      PORT: 4100,
      LOG_LEVEL: 'warn',
      API_DOCS: true,
    });
  });

  it('when PORT is not a port number, then start-up fails with an error naming PORT', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});
