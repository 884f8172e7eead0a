import { isJsonObject } from '@repo/common';
import { safeHtml, type SafeHtml } from './html.js';

// What each route answers once its input is read, in the README's words.

export const GREETING = safeHtml`Hello World! Welcome to the tutorial routes.`;

/** The id is echoed as written (`1e3` stays `1e3`); the route has checked that it is a number. */
export const personText = (id: string): SafeHtml => safeHtml`You asked for person ${id}`;

export const leagueText = (leagueName: string, teamName: string): SafeHtml =>
  safeHtml`You want to know about the ${teamName}? They're in the ${leagueName}!`;

export const playText = (artistName: string, songName: string): SafeHtml =>
  safeHtml`Oh, you want to listen to ${songName} by ${artistName}?`;

/** An empty `itemid` is echoed as empty text: it reads as 0 and passes. */
export const catalogText = (itemid: string): SafeHtml =>
  safeHtml`Oh, you're looking for item ${itemid}?`;

/**
 * The numeric check for `/person/:id` and `/catalog`: `Number(text)` decides, so blank text,
 * `3.5`, `-7`, `1e3` and `0x1f` are numbers and `abc` or `12abc` are not.
 */
export function readsAsNumber(text: string): boolean {
  return !Number.isNaN(Number(text));
}

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * A repeated query key is an array of strings (joined with commas); a body can hold anything (a
 * number or boolean is written out). Undefined when the value has no text form.
 */
export function textOf(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    return value
      .map(scalarText)
      .filter((text) => text !== undefined)
      .join(',');
  }
  return scalarText(value);
}

/** A missing `keywords` reads as empty text; a repeated one as its values joined with commas. */
export const browseText = (category: string, keywords: unknown): SafeHtml =>
  safeHtml`Searching for ${textOf(keywords) ?? ''} in the ${category} category`;

/** Each trimmed, empty ones dropped; a repeated key counts as one more comma-separated list. */
export function splitKeywords(keywords: unknown): string[] {
  return (textOf(keywords) ?? '')
    .split(',')
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== '');
}

export function productSearchText(department: string, category: string, keywords: unknown) {
  const joined = splitKeywords(keywords).join(' AND ');
  return safeHtml`You are looking for [${joined}] in ${department}/${category}, aren't you?`;
}

/** The fixed list `/people` searches, in order: the first match wins (`a` finds Alice, not Anna). */
export const PEOPLE: readonly string[] = [
  'Alice',
  'Bob',
  'Charlie',
  'Diana',
  'Edward',
  'Anna',
  'Brian',
];

function firstCharacter(text: string): string {
  // By code point, so a letter outside the Basic Multilingual Plane is not cut in half.
  return Array.from(text)[0] ?? '';
}

/** `letter` is a non-empty string here: the 400 for a missing one is the route's. */
export function peopleText(letter: string): SafeHtml {
  const wanted = firstCharacter(letter).toLowerCase();
  const person = PEOPLE.find((name) => firstCharacter(name).toLowerCase() === wanted);
  return person === undefined ? safeHtml`No person found for ${letter}` : safeHtml`${person}`;
}

export const SUBMIT_PATH = '/submitform';

export const FORM_PAGE = safeHtml`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Shipping address</title>
  </head>
  <body>
    <h1>Where should we ship your package?</h1>
    <form action="${SUBMIT_PATH}" method="post" enctype="application/x-www-form-urlencoded">
      <p><label for="address">Address</label> <input type="text" id="address" name="address"></p>
      <p><label for="city">City</label> <input type="text" id="city" name="city"></p>
      <p><label for="zip">Zip</label> <input type="text" id="zip" name="zip"></p>
      <p><button type="submit">Ship it</button></p>
    </form>
  </body>
</html>
`;

/** A field left out of the form (or a body that is no object) reads as empty text. */
export function shippingText(body: unknown): SafeHtml {
  const field = (name: string): string =>
    (isJsonObject(body) && Object.hasOwn(body, name) ? textOf(body[name]) : undefined) ?? '';
  return safeHtml`Great! Your package will be shipped to ${field('address')}, ${field('city')}, ${field('zip')}`;
}

/** `album` and `year` may hold any JSON value. */
export interface NewTrack {
  artist: string;
  title: string;
  album?: unknown;
  year?: unknown;
}

/** The README's rule for `artist` and `title`: not blank once trimmed. */
export function isNonBlank(text: string): boolean {
  return text.trim() !== '';
}

/** Values echoed as sent (not trimmed); a missing `album` or `year` is absent. */
export function trackAdded({ artist, title, album, year }: NewTrack, now: Date) {
  return {
    status: 'success' as const,
    trackAdded: { artist, title, album, year },
    timestamp: now.toISOString(),
  };
}
