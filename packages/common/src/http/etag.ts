import { crc32 } from 'node:zlib';

/**
 * The weak ETag every response body gets: `W/"<length in hex>-<CRC-32 in hex>"`.
 *
 * Express's default is the same shape with a SHA-1 of the body, which starts a crypto hash for
 * every response. A weak validator only has to change when the body changes (RFC 9110 8.8.1); it
 * is no security boundary, so a checksum serves: with the length in the tag as well, a changed
 * body keeps its old tag with a chance of about one in four billion. CRC-32 runs in zlib's native
 * code at a fraction of SHA-1's cost.
 */
export function weakEtag(body: Buffer | string, encoding?: BufferEncoding): string {
  const bytes = typeof body === 'string' ? Buffer.from(body, encoding) : body;
  return `W/"${bytes.length.toString(16)}-${crc32(bytes).toString(16)}"`;
}
