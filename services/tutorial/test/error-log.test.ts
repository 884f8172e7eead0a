import { describe, expect, it } from 'vitest';
import { capturingLogger, errorLogProblems } from '@repo/common/testing';
import { buildApp } from './support.js';

const DEEP = `{"artist":"A","title":"T","year":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;

describe('the error log', () => {
  it('when a request meets an unexpected error, then one error line with its request id and stack; a client mistake logs none', async () => {
    const { logger, lines } = capturingLogger();
    const app = buildApp({
      logger,
      clock: () => {
        throw new Error('forced failure');
      },
    });
    const problems = await errorLogProblems({
      app,
      lines,
      unexpected: (client) => client.post('/tracks').send({ artist: 'A', title: 'T' }),
      mistake: (client) => client.post('/tracks').type('json').send(DEEP),
    });
    expect(problems).toEqual([]);
  });
});
