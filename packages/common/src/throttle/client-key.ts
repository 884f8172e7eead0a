import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';

/** An IPv4 client as a dual-stack (`::`) listener reports it: `::ffff:127.0.0.1`. */
const IPV4_MAPPED = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;

/**
 * The client a limit counts: its address under `trust proxy`, an IPv6 one by its /56 as
 * express-rate-limit does. A mapped IPv4 address is unwrapped first: the key `ipKeyGenerator`
 * gives it, without the IPv6 parse that was most of the limit's cost per request.
 */
export function clientKey(req: Request): string {
  const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  return ipKeyGenerator(IPV4_MAPPED.exec(ip)?.[1] ?? ip);
}
