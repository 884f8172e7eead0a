import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runService, type RunningService } from '@repo/common';
import { loadConfig } from '../src/config.js';
import { service } from '../src/service.js';
import { HTML } from './support.js';

let running: RunningService;

beforeAll(async () => {
  // The service as main.ts runs it, on a free port, without taking over the process's signals.
  const config = () => loadConfig({ PORT: '0', LOG_LEVEL: 'silent' });
  running = await runService({ ...service, ownsProcess: false, loadConfig: config });
});

afterAll(() => running.stop());

describe('the running tutorial service', () => {
  it('when it has started, then it is ready at once, as it has nothing to connect', async () => {
    const ready = await fetch(`${running.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('when it has started, then it answers its routes over HTTP', async () => {
    const person = await fetch(`${running.url}/person/42`);
    expect(person.status).toBe(200);
    expect(person.headers.get('content-type')).toBe(HTML);
    expect(await person.text()).toBe('You asked for person 42');
  });

  it("when a route's rule refuses the input, then the running service answers the README's 400 text", async () => {
    const refused = await fetch(`${running.url}/people`);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toBe(HTML);
    expect(await refused.text()).toBe('letter query parameter is required');
  });
});
