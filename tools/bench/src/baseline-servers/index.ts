import { expressIdiomaticServer } from './express-idiomatic.js';
import { expressServer } from './express.js';
import { fastifyIdiomaticServer } from './fastify-idiomatic.js';
import { fastifyServer } from './fastify.js';
import { nodeHttpServer } from './node-http.js';
import type { BaselineServer } from './types.js';

/**
 * The frameworks a route's baseline is served with: bare (`express`, which the targets hold to,
 * `fastify`, `node`), and idiomatic, doing the services' per-request work with each ecosystem's parts.
 */
export const BASELINE_SERVERS = {
  express: expressServer,
  fastify: fastifyServer,
  node: nodeHttpServer,
  'express-idiomatic': expressIdiomaticServer,
  'fastify-idiomatic': fastifyIdiomaticServer,
} satisfies Record<string, BaselineServer>;

export type BaselineFramework = keyof typeof BASELINE_SERVERS;

export const BASELINE_FRAMEWORKS = Object.keys(BASELINE_SERVERS) as BaselineFramework[];

export function isBaselineFramework(text: string | undefined): text is BaselineFramework {
  return text !== undefined && Object.hasOwn(BASELINE_SERVERS, text);
}
