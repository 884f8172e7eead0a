import { randomUUID } from 'node:crypto';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController } from 'fastify';
import { portOf } from './close.js';
import { addFastifyRoute } from './fastify.js';
import { helmetOptions, REQUEST_ID_HEADER, REQUEST_LIMIT, requestMetrics } from './same-work.js';
import type { BaselineServer } from './types.js';

/**
 * Fastify 5 doing what a service does on every request, as its documentation shows: its own pino
 * logger with one line per request (a `LogController` with `disableRequestLogging` and an
 * `onResponse` hook, as the Server and Logging references do it), `requestIdHeader` and
 * `genReqId` for the id, echoed by a hook, `@fastify/helmet`, @fastify/rate-limit with the
 * services' limit and its draft headers, and a prom-client hook observing `reply.elapsedTime`
 * into the histogram.
 */
export const fastifyIdiomaticServer: BaselineServer = async (route, port, log) => {
  const { registry, duration } = requestMetrics();
  const app = Fastify({
    logger: log === undefined ? true : { stream: log },
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: REQUEST_ID_HEADER,
    genReqId: () => randomUUID(),
  });
  // @fastify/helmet carries its own copy of helmet, whose option types TypeScript holds apart
  // from common's; the options are helmet's either way.
  const options = helmetOptions(route.securityHeaders) as FastifyHelmetOptions;
  await app.register(helmet, options);
  await app.register(rateLimit, {
    max: REQUEST_LIMIT.requests,
    timeWindow: REQUEST_LIMIT.windowMs,
    enableDraftSpec: true,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms },
      'request completed',
    );
    const labels = { method: request.method, status_code: reply.statusCode };
    duration.observe({ ...labels, route: request.routeOptions.url ?? 'unmatched' }, ms / 1000);
  });
  app.get('/metrics', async (_request, reply) => {
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  addFastifyRoute(app, route);
  await app.listen({ port, host: '::' });
  return { port: portOf(app.server), close: () => app.close() };
};
