import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';

/**
 * The client a limit counts: the request's address as Express reads it under `trust proxy`
 * (TRUST_PROXY), an IPv6 address by its /56 as express-rate-limit does by default, so one
 * client cannot step around a limit by cycling the addresses of its own network.
 */
export function clientKey(req: Request): string {
  return ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}
