import Fastify, { type FastifyInstance } from 'fastify';
import type { BaselineRoute } from '../baselines/types.js';
import { portOf } from './close.js';
import type { BaselineServer } from './types.js';

/** The route's work on a Fastify app, answered as the services answer it. */
export function addFastifyRoute(app: FastifyInstance, route: BaselineRoute): void {
  app.route({
    method: route.method,
    url: route.path,
    handler: async (request, reply) => {
      const answer = await route.handle({
        params: request.params as Record<string, string>,
        body: request.body,
        headers: request.headers,
      });
      reply.code(answer.status);
      if (answer.headers !== undefined) reply.headers(answer.headers);
      if (answer.json !== undefined) return reply.send(answer.json);
      if (answer.text !== undefined)
        return reply.type('text/html; charset=utf-8').send(answer.text);
      return reply.type('text/plain; charset=utf-8').send(String(answer.status));
    },
  });
}

/**
 * Fastify 5 with its defaults (no logger): the route alone; Fastify parses a JSON body itself and
 * serialises the reply with `JSON.stringify`, as no response schema is given (the services have
 * none either).
 */
export const fastifyServer: BaselineServer = async (route, port) => {
  const app = Fastify({ logger: false });
  addFastifyRoute(app, route);
  await app.listen({ port, host: '::' });
  return { port: portOf(app.server), close: () => app.close() };
};
