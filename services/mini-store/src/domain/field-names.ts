import { isJsonObject } from '@repo/common';

/**
 * Checks on the field names a client may write. The spec stores request values without checking
 * names or types, but a name MongoDB would read as an operator (`$...`) or as a path (`a.b`) would
 * turn a plain write into something else, so such names are refused at every depth. The same goes
 * for names MongoDB or BSON cannot store (empty, containing NUL) and for replacing `_id`.
 * `__proto__` is refused too: JavaScript code that copies a stored product by assignment (the
 * embedded test server among them) would change an object's prototype instead of setting a field.
 */

/** Deepest nesting of objects and arrays accepted in a stored value (the body itself is level 1). */
export const MAX_NESTING_DEPTH = 32;

function describeName(name: string): string {
  return JSON.stringify(name);
}

function describeLocation(path: readonly (string | number)[]): string {
  if (path.length === 0) return '';
  const text = path
    .map((step, index) =>
      typeof step === 'number' ? `[${step}]` : index === 0 ? step : `.${step}`,
    )
    .join('');
  return ` inside ${JSON.stringify(text)}`;
}

/** Why a single name cannot be stored, or null when it can. */
export function problemWithName(name: string): string | null {
  if (name === '') return 'a name must not be empty';
  if (name.startsWith('$'))
    return 'a name must not start with "$" (MongoDB reads it as an operator)';
  if (name.includes('.')) return 'a name must not contain "." (MongoDB reads it as a path)';
  if (name.includes('\u0000')) return 'a name must not contain a NUL character';
  if (name === '__proto__') return 'a name must not be "__proto__"';
  return null;
}

/**
 * The first problem found in the names inside `value` (an object's keys, recursively through
 * objects and arrays), or null. `path` locates `value` in the request body for the message;
 * `depth` is the nesting level of `value` itself.
 */
export function findNameProblem(
  value: unknown,
  path: readonly (string | number)[],
  depth: number,
): string | null {
  const isContainer = Array.isArray(value) || isJsonObject(value);
  if (!isContainer) return null;
  if (depth > MAX_NESTING_DEPTH) {
    return `request body nests objects and arrays deeper than ${MAX_NESTING_DEPTH} levels`;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const problem = findNameProblem(item, [...path, index], depth + 1);
      if (problem !== null) return problem;
    }
    return null;
  }
  for (const [name, item] of Object.entries(value)) {
    const nameProblem = problemWithName(name);
    if (nameProblem !== null) {
      return `invalid field name ${describeName(name)}${describeLocation(path)}: ${nameProblem}`;
    }
    const problem = findNameProblem(item, [...path, name], depth + 1);
    if (problem !== null) return problem;
  }
  return null;
}
