import { Double, Long, type Document } from 'bson';
import { MongoCommandError } from '../errors.js';
import type { StringComparator } from './compare.js';
import { bsonTypeOf, isPlainObject } from './types.js';

/** A collation as commands give it (`locale`, `strength`, `caseLevel`, ...). */
export type CollationSpec = Document;

/** A non-simple collation, checked and resolved. */
export interface Collation {
  /** Every option with its value, in MongoDB's order: what listIndexes shows. */
  readonly spec: Document;
  /** Equal for two collations exactly when they order strings the same way. */
  readonly key: string;
  readonly compare: StringComparator;
}

/** The ICU version MongoDB 7.0 reports in a resolved collation. */
const ICU_VERSION = '57.1';

const BOOLEAN_FIELDS = ['caseLevel', 'numericOrdering', 'normalization', 'backwards'] as const;
const CHOICES: Readonly<Record<string, readonly string[]>> = {
  caseFirst: ['upper', 'lower', 'off'],
  alternate: ['non-ignorable', 'shifted'],
  maxVariable: ['punct', 'space'],
};
const KNOWN_FIELDS = new Set([
  'locale',
  'strength',
  'version',
  ...BOOLEAN_FIELDS,
  ...Object.keys(CHOICES),
]);

/** ICU's keyword values for `@collation=` as BCP 47 spells them (`-u-co-`). */
const COLLATION_KEYWORDS: Readonly<Record<string, string>> = {
  phonebook: 'phonebk',
  traditional: 'trad',
  dictionary: 'dict',
  gb2312han: 'gb2312',
};

/** A document written the way the server prints one in its messages: `{ locale: "xx" }`. */
function printed(spec: Document): string {
  const parts = Object.entries(spec).map(
    ([k, v]) => `${k}: ${typeof v === 'string' ? JSON.stringify(v) : String(v)}`,
  );
  return parts.length === 0 ? '{}' : `{ ${parts.join(', ')} }`;
}

/** The parser's error for a field of the wrong BSON type, as MongoDB words it. */
function typeError(field: string, expected: string, value: unknown): MongoCommandError {
  return new MongoCommandError(
    'TypeMismatch',
    `BSON field 'collation.${field}' is the wrong type '${bsonTypeOf(value)}', expected ${expected}`,
  );
}

function integerOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (value instanceof Long) return value.toNumber();
  if (value instanceof Double && Number.isInteger(value.value)) return value.value;
  return undefined;
}

/** MongoDB's locale ids (`en_US`, `de@collation=phonebook`) as BCP 47 language tags. */
function languageTag(locale: string): string {
  const [base = '', keywords = ''] = locale.split('@');
  const tag = base.replace(/_/g, '-');
  const match = /^collation=(\w+)$/.exec(keywords);
  if (!match?.[1]) return tag;
  return `${tag}-u-co-${COLLATION_KEYWORDS[match[1]] ?? match[1]}`;
}

function checkLocale(spec: Document, locale: string): string {
  if (locale.length === 0) {
    throw new MongoCommandError(
      'BadValue',
      `Field 'locale' cannot be the empty string in: ${printed(spec)}`,
    );
  }
  const tag = languageTag(locale);
  let supported: string[];
  try {
    supported = Intl.Collator.supportedLocalesOf(tag);
  } catch {
    supported = [];
  }
  if (supported.length === 0) {
    throw new MongoCommandError('BadValue', `Field 'locale' is invalid in: ${printed(spec)}`);
  }
  const canonical = supported[0] as string;
  if (canonical !== tag) {
    throw new MongoCommandError(
      'BadValue',
      `Field 'locale' is invalid in: ${printed(spec)}. Did you mean '${canonical.replace(/-/g, '_')}'?`,
    );
  }
  return tag;
}

function sensitivity(strength: number, caseLevel: boolean): Intl.CollatorOptions['sensitivity'] {
  if (strength === 1) return caseLevel ? 'case' : 'base';
  if (strength === 2) return caseLevel ? 'variant' : 'accent';
  return 'variant';
}

/** Fills in every option the spec leaves out with the locale's default, as MongoDB resolves it. */
function resolve(spec: Document, locale: string, tag: string): Document {
  for (const field of Object.keys(spec)) {
    if (!KNOWN_FIELDS.has(field)) {
      throw new MongoCommandError(
        'Location40415',
        `BSON field 'collation.${field}' is an unknown field.`,
      );
    }
  }
  for (const field of BOOLEAN_FIELDS) {
    const value: unknown = spec[field];
    if (value !== undefined && typeof value !== 'boolean') {
      throw typeError(field, "type 'bool'", value);
    }
  }
  for (const [field, allowed] of Object.entries(CHOICES)) {
    const value: unknown = spec[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw typeError(field, "type 'string'", value);
    if (!allowed.includes(value)) {
      throw new MongoCommandError(
        'BadValue',
        `Enumeration value '${value}' for field 'collation.${field}' is not a valid value.`,
      );
    }
  }
  const rawStrength: unknown = spec['strength'];
  const strength = rawStrength === undefined ? 3 : integerOf(rawStrength);
  if (strength === undefined) {
    throw typeError('strength', "types '[long, int, decimal, double]'", rawStrength);
  }
  if (strength < 1 || strength > 5) {
    throw new MongoCommandError(
      'Location51024',
      `BSON field 'collation.strength' value must be >= 1 and <= 5, actual value '${strength}'`,
    );
  }
  const version: unknown = spec['version'];
  if (version !== undefined && version !== ICU_VERSION) {
    throw new MongoCommandError(
      'IncompatibleCollationVersion',
      `Requested collation version ${String(version)} but the only available collator version was ${ICU_VERSION}. Requested collation spec: ${printed(spec)}`,
    );
  }
  const defaults = new Intl.Collator(tag).resolvedOptions();
  const localeCaseFirst = defaults.caseFirst === 'upper' || defaults.caseFirst === 'lower';
  const caseLevel = spec['caseLevel'] === true;
  const caseFirst =
    (spec['caseFirst'] as string | undefined) ??
    (localeCaseFirst ? (defaults.caseFirst as string) : 'off');
  if (caseFirst !== 'off' && !caseLevel && strength < 3) {
    throw new MongoCommandError(
      'BadValue',
      `'caseFirst' is invalid unless 'caseLevel' is on or 'strength' is greater than 2 in: ${printed(spec)}`,
    );
  }
  const backwards = spec['backwards'] === true;
  if (backwards && strength === 1) {
    throw new MongoCommandError(
      'BadValue',
      `'backwards' is invalid with 'strength' of 1 in: ${printed(spec)}`,
    );
  }
  return {
    locale,
    caseLevel,
    caseFirst,
    strength,
    numericOrdering: spec['numericOrdering'] === true,
    alternate: (spec['alternate'] as string | undefined) ?? 'non-ignorable',
    maxVariable: (spec['maxVariable'] as string | undefined) ?? 'punct',
    normalization: spec['normalization'] === true,
    backwards,
    version: ICU_VERSION,
  };
}

/**
 * The string order of a resolved collation, by the platform's ICU collator (`Intl.Collator`).
 * Strength 1 ignores case and accents, 2 ignores case, 3 and above tell both apart; `caseLevel`
 * adds case to levels 1 and 2; `numericOrdering` compares digit runs as numbers;
 * `alternate: "shifted"` ignores punctuation and spaces; `caseFirst` orders upper or lower case
 * first. `maxVariable`, `normalization` and `backwards` have no Intl equivalent and are kept
 * only as options.
 */
function comparatorOf(resolved: Document, tag: string): StringComparator {
  const caseFirst = resolved['caseFirst'] as string;
  const collator = new Intl.Collator(tag, {
    usage: 'sort',
    sensitivity: sensitivity(resolved['strength'] as number, resolved['caseLevel'] === true),
    numeric: resolved['numericOrdering'] === true,
    ignorePunctuation: resolved['alternate'] === 'shifted',
    caseFirst: caseFirst === 'off' ? 'false' : (caseFirst as 'upper' | 'lower'),
  });
  return (a, b) => collator.compare(a, b);
}

const byText = new Map<string, Collation | undefined>();
const byObject = new WeakMap<object, Collation | undefined>();

function build(value: Document): Collation | undefined {
  const locale: unknown = value['locale'];
  if (locale === undefined) {
    throw new MongoCommandError('NoSuchKey', 'Missing expected field "locale"');
  }
  if (typeof locale !== 'string') throw typeError('locale', "type 'string'", locale);
  if (locale.includes('\u0000')) {
    throw new MongoCommandError(
      'BadValue',
      `Field 'locale' cannot contain null byte. Collation spec: ${printed(value)}`,
    );
  }
  if (locale === 'simple') {
    if (Object.keys(value).length > 1) {
      throw new MongoCommandError(
        'FailedToParse',
        `If locale=simple, no other fields should be present in: ${printed(value)}`,
      );
    }
    return undefined;
  }
  const tag = checkLocale(value, locale);
  const spec = resolve(value, locale, tag);
  return { spec, key: JSON.stringify(spec), compare: comparatorOf(spec, tag) };
}

/**
 * Checks a command's `collation` option and resolves it; undefined for none or the "simple"
 * locale (binary order). Throws MongoDB's error for an invalid one.
 */
export function parseCollation(value: unknown): Collation | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) {
    throw new MongoCommandError(
      'TypeMismatch',
      `BSON field 'collation' is the wrong type '${bsonTypeOf(value)}', expected type 'object'`,
    );
  }
  if (byObject.has(value)) return byObject.get(value);
  const text = JSON.stringify(value);
  let collation: Collation | undefined;
  if (byText.has(text)) {
    collation = byText.get(text);
  } else {
    collation = build(value);
    byText.set(text, collation);
  }
  byObject.set(value, collation);
  return collation;
}

/** The string order of a collation spec, or undefined for none or the simple one. */
export function collatorFor(spec: CollationSpec | undefined): StringComparator | undefined {
  return parseCollation(spec)?.compare;
}

/** True when two collations (undefined = simple) order strings the same way. */
export function sameCollation(a: Collation | undefined, b: Collation | undefined): boolean {
  return a?.key === b?.key;
}
