import { isJsonObject } from '@repo/common';

/**
 * Reading client values that may arrive in several shapes. The query parser gives a string, or an
 * array of strings when a key repeats; a JSON body can hold anything.
 */

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * A value as free text: a string as it is, a number or boolean written out, a repeated key as its
 * values joined with commas. Undefined when the value is missing or has no text form.
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

/** One field of a parsed body, only when the body is an object that has it as its own key. */
export function fieldOf(body: unknown, name: string): unknown {
  return isJsonObject(body) && Object.hasOwn(body, name) ? body[name] : undefined;
}
