import { safeHtml } from './html.js';
import { htmlReply, type Reply } from './reply.js';

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

export function findPersonByLetter(letter: string): string | undefined {
  const wanted = firstCharacter(letter).toLowerCase();
  return PEOPLE.find((name) => firstCharacter(name).toLowerCase() === wanted);
}

/** `letter` is a non-empty string here: the guard of spec rule 4 is `readPeopleQuery`'s. */
export function peopleReply(letter: string): Reply {
  const person = findPersonByLetter(letter);
  return person === undefined
    ? htmlReply(safeHtml`No person found for ${letter}`)
    : htmlReply(safeHtml`${person}`);
}
