import type { Document } from 'bson';
import { MongoCommandError } from '../errors.js';
import { valuesEqual } from '../values/compare.js';
import { isPlainObject } from '../values/types.js';
import { countArgument } from './json-schema-scalar.js';
import {
  keywordTypeError,
  schemaArray,
  schemaObject,
  type KeywordCompiler,
  type SchemaFailure,
  type SchemaNode,
} from './json-schema-types.js';

function isObjectValue(value: unknown): value is Document {
  return isPlainObject(value);
}

function stringList(keyword: string, value: unknown): string[] {
  const list = schemaArray(value, keyword);
  if (!list.every((v): v is string => typeof v === 'string')) {
    throw keywordTypeError(keyword, 'an array of strings');
  }
  if (new Set(list).size !== list.length) {
    throw new MongoCommandError(
      'FailedToParse',
      `$jsonSchema keyword '${keyword}' array cannot contain duplicate values`,
    );
  }
  return list;
}

const required: KeywordCompiler = (spec) => {
  const names = stringList('required', spec);
  return (value) => {
    if (!isObjectValue(value)) return [];
    // MongoDB keeps the required names as a sorted set.
    const missing = names.filter((name) => value[name] === undefined).sort();
    return missing.length === 0
      ? []
      : [
          {
            operatorName: 'required',
            specifiedAs: { required: names },
            missingProperties: missing,
          },
        ];
  };
};

function compileMap(
  keyword: string,
  spec: unknown,
  compile: (s: unknown) => SchemaNode,
): Map<string, SchemaNode> {
  const map = new Map<string, SchemaNode>();
  for (const [name, sub] of Object.entries(schemaObject(spec, keyword))) {
    map.set(name, compile(schemaObject(sub, `${keyword}.${name}`)));
  }
  return map;
}

const properties: KeywordCompiler = (spec, _schema, compile) => {
  const schemas = compileMap('properties', spec, compile);
  return (value) => {
    if (!isObjectValue(value)) return [];
    const failing: Document[] = [];
    for (const [name, node] of schemas) {
      if (value[name] === undefined) continue;
      const details = node.failures(value[name]);
      if (details.length > 0) failing.push({ propertyName: name, ...node.annotations, details });
    }
    return failing.length === 0
      ? []
      : [{ operatorName: 'properties', propertiesNotSatisfied: failing }];
  };
};

function patternsOf(
  schema: Document,
  compile: (s: unknown) => SchemaNode,
): Array<{ source: string; regex: RegExp; node: SchemaNode }> {
  if (schema['patternProperties'] === undefined) return [];
  return [...compileMap('patternProperties', schema['patternProperties'], compile)].map(
    ([source, node]) => ({ source, regex: new RegExp(source, 'u'), node }),
  );
}

const patternProperties: KeywordCompiler = (_spec, schema, compile) => {
  const patterns = patternsOf(schema, compile);
  return (value) => {
    if (!isObjectValue(value)) return [];
    const failing: Document[] = [];
    for (const [name, field] of Object.entries(value)) {
      for (const { source, regex, node } of patterns) {
        if (!regex.test(name)) continue;
        const details = node.failures(field);
        if (details.length > 0) {
          failing.push({ propertyName: name, ...node.annotations, regexMatched: source, details });
        }
      }
    }
    return failing.length === 0 ? [] : [{ operatorName: 'patternProperties', details: failing }];
  };
};

/** Properties neither `properties` names nor `patternProperties` matches. */
const additionalProperties: KeywordCompiler = (spec, schema, compile) => {
  const named = new Set(
    isPlainObject(schema['properties']) ? Object.keys(schema['properties']) : [],
  );
  const patterns = patternsOf(schema, compile);
  const additional = (doc: Document): string[] =>
    Object.keys(doc).filter((k) => !named.has(k) && !patterns.some((p) => p.regex.test(k)));
  if (typeof spec === 'boolean') {
    return (value) => {
      if (spec || !isObjectValue(value)) return [];
      const extra = additional(value);
      return extra.length === 0
        ? []
        : [
            {
              operatorName: 'additionalProperties',
              specifiedAs: { additionalProperties: false },
              additionalProperties: extra,
            },
          ];
    };
  }
  const node = compile(schemaObject(spec, 'additionalProperties'));
  return (value) => {
    if (!isObjectValue(value)) return [];
    for (const name of additional(value)) {
      const details = node.failures(value[name]);
      if (details.length === 0) continue;
      return [
        {
          operatorName: 'additionalProperties',
          ...node.annotations,
          reason: 'at least one additional property did not match the subschema',
          failingProperty: name,
          details,
        },
      ];
    }
    return [];
  };
};

function propertyCount(keyword: 'minProperties' | 'maxProperties'): KeywordCompiler {
  return (spec) => {
    const limit = countArgument(keyword, spec);
    return (value) => {
      if (!isObjectValue(value)) return [];
      const count = Object.keys(value).length;
      if (keyword === 'minProperties' ? count >= limit : count <= limit) return [];
      return [
        {
          operatorName: keyword,
          specifiedAs: { [keyword]: spec },
          reason: 'specified number of properties was not satisfied',
          numberOfProperties: count,
        },
      ];
    };
  };
}

const dependencies: KeywordCompiler = (spec, _schema, compile) => {
  const rules = Object.entries(schemaObject(spec, 'dependencies')).map(([name, dependency]) =>
    Array.isArray(dependency)
      ? { name, names: stringList(`dependencies.${name}`, dependency), node: undefined }
      : { name, names: [], node: compile(schemaObject(dependency, `dependencies.${name}`)) },
  );
  return (value) => {
    if (!isObjectValue(value)) return [];
    const failing: Document[] = [];
    for (const { name, names, node } of rules) {
      if (value[name] === undefined) continue;
      if (node) {
        const details = node.failures(value);
        if (details.length > 0) failing.push({ conditionalProperty: name, details });
        continue;
      }
      const missing = names.filter((n) => value[n] === undefined);
      if (missing.length > 0)
        failing.push({ conditionalProperty: name, missingProperties: missing });
    }
    return failing.length === 0
      ? []
      : [{ operatorName: 'dependencies', failingDependencies: failing }];
  };
};

const items: KeywordCompiler = (spec, schema, compile) => {
  if (isPlainObject(spec)) {
    const node = compile(spec);
    return (value) => {
      if (!Array.isArray(value)) return [];
      for (const [itemIndex, item] of value.entries()) {
        const details = node.failures(item);
        if (details.length > 0) {
          return [
            {
              operatorName: 'items',
              reason: 'At least one item did not match the sub-schema',
              itemIndex,
              details,
            },
          ];
        }
      }
      return [];
    };
  }
  if (!Array.isArray(spec)) throw keywordTypeError('items', 'an object or an array of objects');
  const nodes = spec.map((s, i) => compile(schemaObject(s, `items.${i}`)));
  const extra = schema['additionalItems'];
  const extraNode = isPlainObject(extra) ? compile(extra) : undefined;
  return (value) => {
    if (!Array.isArray(value)) return [];
    const failing: Document[] = [];
    value.forEach((item, itemIndex) => {
      const node = nodes[itemIndex];
      const details = node ? node.failures(item) : [];
      if (details.length > 0) failing.push({ itemIndex, details });
    });
    const out: SchemaFailure[] =
      failing.length === 0 ? [] : [{ operatorName: 'items', details: failing }];
    const rest = value.slice(nodes.length);
    if (extra === false && rest.length > 0) {
      out.push({
        operatorName: 'additionalItems',
        specifiedAs: { additionalItems: false },
        reason: 'found additional items',
        additionalItems: rest,
      });
    } else if (extraNode) {
      for (const [offset, item] of rest.entries()) {
        const details = extraNode.failures(item);
        if (details.length === 0) continue;
        out.push({
          operatorName: 'additionalItems',
          reason: 'At least one additional item did not match the sub-schema',
          itemIndex: nodes.length + offset,
          details,
        });
        break;
      }
    }
    return out;
  };
};

const additionalItems: KeywordCompiler = (spec) => {
  if (typeof spec !== 'boolean' && !isPlainObject(spec)) {
    throw keywordTypeError('additionalItems', 'an object or a boolean');
  }
  return undefined;
};

function itemCount(keyword: 'minItems' | 'maxItems'): KeywordCompiler {
  return (spec) => {
    const limit = countArgument(keyword, spec);
    return (value) => {
      if (!Array.isArray(value)) return [];
      if (keyword === 'minItems' ? value.length >= limit : value.length <= limit) return [];
      return [
        {
          operatorName: keyword,
          specifiedAs: { [keyword]: spec },
          reason: 'array did not match specified length',
          consideredValue: value,
        },
      ];
    };
  };
}

const uniqueItems: KeywordCompiler = (spec) => {
  if (typeof spec !== 'boolean') throw keywordTypeError('uniqueItems', 'a boolean');
  if (!spec) return undefined;
  return (value) => {
    if (!Array.isArray(value)) return [];
    const duplicate = value.find((v, i) => value.slice(0, i).some((w) => valuesEqual(v, w)));
    if (duplicate === undefined) return [];
    return [
      {
        operatorName: 'uniqueItems',
        specifiedAs: { uniqueItems: spec },
        reason: 'found a duplicate item',
        consideredValue: value,
        duplicatedValue: duplicate,
      },
    ];
  };
};

export const STRUCTURE_KEYWORDS: Record<string, KeywordCompiler> = {
  required,
  properties,
  patternProperties,
  additionalProperties,
  minProperties: propertyCount('minProperties'),
  maxProperties: propertyCount('maxProperties'),
  dependencies,
  items,
  additionalItems,
  minItems: itemCount('minItems'),
  maxItems: itemCount('maxItems'),
  uniqueItems,
};
