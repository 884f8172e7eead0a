import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';

/** An IPv4 client as a dual-stack (`::`) listener reports it: `::ffff:127.0.0.1`. */
const IPV4_MAPPED = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;

/**
 * The client a limit counts: the request's address as Express reads it under `trust proxy`
 * (TRUST_PROXY), an IPv6 address by its /56 as express-rate-limit does by default, so one
 * client cannot step around a limit by cycling the addresses of its own network. An IPv4 client
 * reaching a dual-stack listener is counted by its IPv4 address, unwrapped here first: the same
 * key `ipKeyGenerator` gives it, without parsing it as IPv6 on every request (that parse was most
 * of the limit's cost per request).
 */
export function clientKey(req: Request): string {
  const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  return ipKeyGenerator(IPV4_MAPPED.exec(ip)?.[1] ?? ip);
}
