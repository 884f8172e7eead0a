/**
 * The longest value of a request header a service parses (`If-Match`, `Authorization`,
 * `traceparent`). A longer one is taken as malformed without being looked at, so what a header
 * costs never grows past this, whatever its parser does with it. Well-formed values are far
 * shorter: an `If-Match` list of two hundred tags, a token with room to spare.
 */
export const PARSED_HEADER_LIMIT = 4_096;

/** The header's value when it came once and is no longer than `limit`. */
export function boundedHeader(
  value: string | string[] | undefined,
  limit: number = PARSED_HEADER_LIMIT,
): string | undefined {
  return typeof value === 'string' && value.length <= limit ? value : undefined;
}
