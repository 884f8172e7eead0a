import { describe, expect, it } from 'vitest';
import { walkStep, type RequestWalk } from '../src/load.js';

const walk: RequestWalk = {
  paths: ['/orders/a', '/orders/b', '/orders/c'],
  bodies: ['{"status":"in-progress"}', '{"status":"completed"}'],
};

describe('a request walk', () => {
  it('when walked, then every path takes the first body, then every path the second', () => {
    const cursor = { next: 0 };
    const steps = Array.from({ length: 6 }, () => walkStep(walk, cursor));
    expect(steps.map((step) => `${step.path} ${step.body}`)).toEqual([
      '/orders/a {"status":"in-progress"}',
      '/orders/b {"status":"in-progress"}',
      '/orders/c {"status":"in-progress"}',
      '/orders/a {"status":"completed"}',
      '/orders/b {"status":"completed"}',
      '/orders/c {"status":"completed"}',
    ]);
  });

  it('when two cursors walk it, then each starts at the first path on its own', () => {
    const first = { next: 0 };
    const second = { next: 0 };
    walkStep(walk, first);
    walkStep(walk, first);
    expect(walkStep(walk, second).path).toBe('/orders/a');
    expect(walkStep(walk, first).path).toBe('/orders/c');
  });

  it('when walked past its last body, then it starts again from the first', () => {
    const cursor = { next: 6 };
    expect(walkStep(walk, cursor)).toEqual({
      path: '/orders/a',
      body: '{"status":"in-progress"}',
    });
  });
});
