import { describe, expect, it } from 'vitest';
import { ConfigError } from '@repo/common';
import { loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('when nothing is set, then port 6790, log level info and the development token', () => {
    expect(loadConfig({})).toEqual({
      METRICS: true,
      PORT: 6790,
      LOG_LEVEL: 'info',
      BOOKS_TOKEN: 'dev-books-token',
      API_DOCS: true,
      IDEMPOTENCY_TTL_SECONDS: 86400,
    });
  });

  it('when PORT=6791 (everything run together), then the service uses 6791', () => {
    expect(loadConfig({ PORT: '6791' }).PORT).toBe(6791);
  });

  it('when BOOKS_TOKEN is set, then it is the token', () => {
    expect(loadConfig({ BOOKS_TOKEN: 's3cret' }).BOOKS_TOKEN).toBe('s3cret');
  });

  it('when NODE_ENV=production and BOOKS_TOKEN is missing, then a ConfigError names BOOKS_TOKEN', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/BOOKS_TOKEN/);
  });

  it('when NODE_ENV=production and BOOKS_TOKEN is set, then it is used', () => {
    expect(loadConfig({ NODE_ENV: 'production', BOOKS_TOKEN: 'prod' }).BOOKS_TOKEN).toBe('prod');
  });

  it.each([
    ['PORT', { PORT: 'http' }],
    ['PORT', { PORT: '70000' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['BOOKS_TOKEN', { BOOKS_TOKEN: '' }],
  ])('when %s is invalid, then a ConfigError names it', (name, env) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(name));
  });
});
