import { expressServer } from './express.js';
import { fastifyServer } from './fastify.js';
import { nodeHttpServer } from './node-http.js';
import type { BaselineServer } from './types.js';

/** The frameworks a route's baseline is served with; `express` is the one the targets hold to. */
export const BASELINE_SERVERS = {
  express: expressServer,
  fastify: fastifyServer,
  node: nodeHttpServer,
} satisfies Record<string, BaselineServer>;

export type BaselineFramework = keyof typeof BASELINE_SERVERS;

export const BASELINE_FRAMEWORKS = Object.keys(BASELINE_SERVERS) as BaselineFramework[];

export function isBaselineFramework(text: string | undefined): text is BaselineFramework {
  return text !== undefined && Object.hasOwn(BASELINE_SERVERS, text);
}
