import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { clientKey } from '../src/throttle/client-key.js';

function keyApp(trustProxy: string | false) {
  const app = express();
  app.set('trust proxy', trustProxy);
  app.get('/', (req, res) => {
    res.send(clientKey(req));
  });
  return app;
}

describe('the client a limit counts', () => {
  it('when an IPv4 client reaches a dual-stack listener, then it is counted by its IPv4 address', async () => {
    const res = await request(keyApp(false)).get('/');
    expect(res.text).toBe('127.0.0.1');
  });

  it.each([
    ['::ffff:198.51.100.3', '198.51.100.3'],
    ['198.51.100.4', '198.51.100.4'],
    ['2001:db8:1:2::5', '2001:db8:1::/56'],
  ])('when a trusted proxy forwards %s, then the key is %s', async (forwarded, key) => {
    const res = await request(keyApp('loopback')).get('/').set('X-Forwarded-For', forwarded);
    expect(res.text).toBe(key);
  });
});
