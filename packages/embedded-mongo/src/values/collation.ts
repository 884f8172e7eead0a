import type { Document } from 'bson';
import { MongoCommandError } from '../errors.js';
import type { StringComparator } from './compare.js';

/** A collation as commands give it (`locale`, `strength`, `caseLevel`, ...). */
export type CollationSpec = Document;

const cache = new Map<string, StringComparator | undefined>();

function sensitivity(strength: number, caseLevel: boolean): Intl.CollatorOptions['sensitivity'] {
  if (strength === 1) return caseLevel ? 'case' : 'base';
  if (strength === 2) return caseLevel ? 'variant' : 'accent';
  return 'variant';
}

/**
 * The string order of a collation, by the platform's ICU collator (`Intl.Collator`), or
 * undefined for none or the "simple" locale (binary order). Strength 1 ignores case and accents,
 * 2 ignores case, 3 (the default) tells both apart; `caseLevel` adds case to levels 1 and 2;
 * `numericOrdering` compares digit runs as numbers; `alternate: "shifted"` ignores punctuation
 * and spaces; `caseFirst` orders upper or lower case first.
 */
export function collatorFor(spec: CollationSpec | undefined): StringComparator | undefined {
  if (spec === undefined) return undefined;
  const key = JSON.stringify(spec);
  if (cache.has(key)) return cache.get(key);
  const locale: unknown = spec['locale'];
  if (typeof locale !== 'string') {
    throw new MongoCommandError('FailedToParse', "Required field 'locale' is missing");
  }
  let comparator: StringComparator | undefined;
  if (locale !== 'simple') {
    const strengthValue: unknown = spec['strength'];
    const strength = typeof strengthValue === 'number' ? strengthValue : 3;
    if (![1, 2, 3, 4, 5].includes(strength)) {
      throw new MongoCommandError(
        'BadValue',
        `Field 'strength' must be an integer 1 through 5. Got: ${strength}`,
      );
    }
    const caseFirst: unknown = spec['caseFirst'];
    const options: Intl.CollatorOptions = {
      usage: 'sort',
      sensitivity: sensitivity(strength, spec['caseLevel'] === true),
      numeric: spec['numericOrdering'] === true,
      ignorePunctuation: spec['alternate'] === 'shifted',
      ...(caseFirst === 'upper' || caseFirst === 'lower' ? { caseFirst } : {}),
    };
    let collator: Intl.Collator;
    try {
      collator = new Intl.Collator(locale.replace(/@.*$/, ''), options);
    } catch {
      throw new MongoCommandError('BadValue', `Field 'locale' is invalid with value: ${locale}`);
    }
    comparator = (a, b) => collator.compare(a, b);
  }
  cache.set(key, comparator);
  return comparator;
}
