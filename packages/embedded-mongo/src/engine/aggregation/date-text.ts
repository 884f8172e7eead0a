import { MongoCommandError } from '../../errors.js';

/**
 * The ISO 8601 forms of a date string `$toDate` and `$convert` read: a date, optionally a time
 * (with seconds and fractions), optionally `Z` or an offset; without an offset it is UTC.
 */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

function failure(text: string): MongoCommandError {
  return new MongoCommandError(
    'ConversionFailure',
    `Error parsing date string '${text}'; 0: Unexpected character`,
  );
}

function offsetMinutes(zone: string | undefined): number {
  if (zone === undefined || zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
}

export function parseDateString(text: string): Date {
  const match = ISO_DATE.exec(text);
  if (!match) throw failure(text);
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', zone] = match;
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  // Date.UTC reads years 0 to 99 as 1900 to 1999; the year is set apart.
  const utc = Date.UTC(
    2000,
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
    millis,
  );
  const date = new Date(utc);
  date.setUTCFullYear(Number(year));
  date.setTime(date.getTime() - offsetMinutes(zone) * 60_000);
  if (Number.isNaN(date.getTime()) || Number(month) > 12 || Number(day) > 31) throw failure(text);
  return date;
}
