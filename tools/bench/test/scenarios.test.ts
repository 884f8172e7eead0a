import { describe, expect, it } from 'vitest';
import { ROUTES } from '../src/scenarios.js';
import { SERVICES } from '../src/services.js';

describe('HTTP route scenarios', () => {
  it('when the routes are listed, then each names a service of services/registry.json', () => {
    const names = SERVICES.map((service) => service.name);
    for (const route of ROUTES) expect(names, route.label).toContain(route.service);
  });
});
