import { ConfigError } from '@repo/common';
import { describe, expect, it } from 'vitest';
import { loadTutorialConfig } from '../src/config.js';

describe('configuration', () => {
  it('when PORT and LOG_LEVEL are unset, then the port is 3000 and the level info', () => {
    expect(loadTutorialConfig({})).toEqual({ PORT: 3000, LOG_LEVEL: 'info' });
  });

  it('when PORT and LOG_LEVEL are set, then they are used', () => {
    expect(loadTutorialConfig({ PORT: '4100', LOG_LEVEL: 'warn' })).toEqual({
      PORT: 4100,
      LOG_LEVEL: 'warn',
    });
  });

  it('when PORT is not a port number, then start-up fails with an error naming PORT', () => {
    expect(() => loadTutorialConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadTutorialConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});
