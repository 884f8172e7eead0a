import { jsonReply, type Reply } from './reply.js';

/**
 * `POST /postData` (our design): the parsed body comes back under `received`. With no body the
 * parsers leave it undefined, which JSON cannot carry, so it is sent as `null`.
 */
export function echoReply(body: unknown): Reply {
  return jsonReply({ received: body ?? null });
}
