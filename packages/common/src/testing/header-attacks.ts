/** A header value built to make a parser work hard, and what it tries. */
export interface HeaderAttack {
  name: string;
  value: string;
}

/** `unit` repeated, cut to `length` characters. */
function filled(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/**
 * Values of exactly `length` characters that start as `prefix` (what the header's parser expects
 * first) and go on with what makes a backtracking parser try every split: a long run of spaces or
 * tabs ended by a stray character, list separators, quotes, one long word ended by a space.
 */
export function headerAttacks(prefix: string, length: number): HeaderAttack[] {
  const rest = length - prefix.length;
  return [
    { name: 'spaces then a stray x', value: `${prefix}${filled(' ', rest - 1)}x` },
    { name: 'tabs then a stray x', value: `${prefix}${filled('\t', rest - 1)}x` },
    { name: 'empty list elements', value: `${prefix}${filled(', ', rest - 1)}x` },
    { name: 'quotes', value: `${prefix}${filled('"', rest)}` },
    { name: 'one long word then a space', value: `${prefix}${filled('a', rest - 1)} ` },
  ];
}

/** A well-formed `If-Match` list of strong tags, `"1", "2", …`, of exactly `length` characters. */
export function wellFormedIfMatch(length: number): string {
  let list = '"1"';
  for (let version = 2; list.length < length; version += 1) list += `, "${version}"`;
  // Cut inside the last tag would leave it open: pad the list out with spaces instead.
  while (list.length > length) list = list.slice(0, list.lastIndexOf(','));
  return list.padEnd(length, ' ');
}

/** The worst cases of an `If-Match` of `length` characters, after a first well-formed tag. */
export function ifMatchAtLimit(length: number): HeaderAttack[] {
  return headerAttacks('"1",', length);
}
