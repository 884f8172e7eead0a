import { describe, expect, it } from 'vitest';
import { ROUTES } from '../src/scenarios.js';
import { SERVICES } from '../src/services.js';

describe('HTTP route scenarios', () => {
  it('when the routes are listed, then each names a service of services/registry.json', () => {
    const names = SERVICES.map((service) => service.name);
    for (const route of ROUTES) expect(names, route.label).toContain(route.service);
  });

  it('when the routes are listed, then GET /products/:id is also measured with tracing on, beside the same baseline', () => {
    const plain = ROUTES.find((route) => route.label === 'products GET /products/:id');
    const traced = ROUTES.filter((route) => route.traced === true);
    expect(traced.map((route) => route.label)).toEqual(['products GET /products/:id (traced)']);
    expect(traced[0]?.baseline).toBe(plain?.baseline);
    expect(plain?.traced).toBeUndefined();
  });
});
