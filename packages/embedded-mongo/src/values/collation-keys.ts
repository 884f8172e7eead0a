import type { StringComparator } from './compare.js';
import { valueKey } from './compare.js';
import { isPlainObject } from './types.js';

/**
 * Keys that are equal for two values exactly when they are equal under a collation (unique
 * index keys and `distinct` under a non-simple collation). ICU gives no sort keys through
 * `Intl`, so each class of strings equal under the collation is represented by the first string
 * of it seen, kept in collation order; a string's key is its representative's.
 */
export class CollationKeys {
  readonly #compare: StringComparator;
  readonly #representatives: string[] = [];

  constructor(compare: StringComparator) {
    this.#compare = compare;
  }

  /** The position of the string's class, or where it would go (`found` false). */
  #search(text: string): { at: number; found: boolean } {
    let low = 0;
    let high = this.#representatives.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const c = this.#compare(this.#representatives[mid] as string, text);
      if (c === 0) return { at: mid, found: true };
      if (c < 0) low = mid + 1;
      else high = mid;
    }
    return { at: low, found: false };
  }

  #representative(text: string, learn: boolean): string | undefined {
    const { at, found } = this.#search(text);
    if (found) return this.#representatives[at];
    if (!learn) return undefined;
    this.#representatives.splice(at, 0, text);
    return text;
  }

  /** The value with every string replaced by its representative; undefined when one has none and `learn` is off. */
  #canonical(value: unknown, learn: boolean): { value: unknown } | undefined {
    if (typeof value === 'string') {
      const text = this.#representative(value, learn);
      return text === undefined ? undefined : { value: text };
    }
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      for (const item of value) {
        const c = this.#canonical(item, learn);
        if (!c) return undefined;
        out.push(c.value);
      }
      return { value: out };
    }
    if (isPlainObject(value)) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        const c = this.#canonical(v, learn);
        if (!c) return undefined;
        out[k] = c.value;
      }
      return { value: out };
    }
    return { value };
  }

  /** The key of a value being stored: its strings' classes are learnt. */
  keyOf(value: unknown): string {
    return valueKey((this.#canonical(value, true) as { value: unknown }).value);
  }

  /** The key of a value being looked up, or undefined when no stored value can equal it. */
  lookupKey(value: unknown): string | undefined {
    const c = this.#canonical(value, false);
    return c === undefined ? undefined : valueKey(c.value);
  }
}

/** True when the value holds a string anywhere (only such values compare differently under a collation). */
export function holdsString(value: unknown): boolean {
  if (typeof value === 'string') return true;
  if (Array.isArray(value)) return value.some(holdsString);
  if (isPlainObject(value)) return Object.values(value).some(holdsString);
  return false;
}
