import { describe, expect, it } from 'vitest';
import { capturingLogger, errorLogProblems } from '@repo/common/testing';
import { AUTH, buildApp } from './support.js';

const DEEP = `{"title":"T","author":"A","year":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;

describe('the error log', () => {
  it('when a request meets an unexpected error, then one error line with its request id and stack; a client mistake logs none', async () => {
    const { logger, lines } = capturingLogger();
    const { app } = buildApp({ logger });
    const problems = await errorLogProblems({
      app,
      lines,
      unexpected: (client) => client.get('/books/badroute'),
      mistake: (client) => client.post('/books').set('Authorization', AUTH).type('json').send(DEEP),
    });
    expect(problems).toEqual([]);
  });
});
