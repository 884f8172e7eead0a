import type { Document } from 'bson';
import { isPlainObject } from '../values/types.js';
import { SCALAR_KEYWORDS } from './json-schema-scalar.js';
import { STRUCTURE_KEYWORDS } from './json-schema-structure.js';
import {
  schemaArray,
  schemaError,
  schemaObject,
  type KeywordCompiler,
  type SchemaFailure,
  type SchemaNode,
} from './json-schema-types.js';

/** Keywords of JSON Schema draft 4 that MongoDB's `$jsonSchema` refuses. */
const UNSUPPORTED = new Set(['$ref', '$schema', 'default', 'definitions', 'format', 'id']);

function subschemas(
  keyword: string,
  spec: unknown,
  compile: (s: unknown) => SchemaNode,
): SchemaNode[] {
  return schemaArray(spec, keyword).map((s, i) => compile(schemaObject(s, `${keyword}.${i}`)));
}

function indexed(nodes: SchemaNode[], value: unknown): Document[] {
  const out: Document[] = [];
  nodes.forEach((node, index) => {
    const details = node.failures(value);
    if (details.length > 0) out.push({ index, ...node.annotations, details });
  });
  return out;
}

const allOf: KeywordCompiler = (spec, _schema, compile) => {
  const nodes = subschemas('allOf', spec, compile);
  return (value) => {
    const failing = indexed(nodes, value);
    return failing.length === 0 ? [] : [{ operatorName: 'allOf', schemasNotSatisfied: failing }];
  };
};

const anyOf: KeywordCompiler = (spec, _schema, compile) => {
  const nodes = subschemas('anyOf', spec, compile);
  return (value) => {
    const failing = indexed(nodes, value);
    return failing.length < nodes.length
      ? []
      : [{ operatorName: 'anyOf', schemasNotSatisfied: failing }];
  };
};

const oneOf: KeywordCompiler = (spec, _schema, compile) => {
  const nodes = subschemas('oneOf', spec, compile);
  return (value) => {
    const failing = indexed(nodes, value);
    const matching = nodes.map((_, i) => i).filter((i) => !failing.some((f) => f['index'] === i));
    if (matching.length === 1) return [];
    if (matching.length === 0) return [{ operatorName: 'oneOf', schemasNotSatisfied: failing }];
    return [
      {
        operatorName: 'oneOf',
        reason: 'more than one subschema matched',
        matchingSchemaIndexes: matching,
      },
    ];
  };
};

const not: KeywordCompiler = (spec, _schema, compile) => {
  const node = compile(schemaObject(spec, 'not'));
  return (value) =>
    node.failures(value).length > 0
      ? []
      : [{ operatorName: 'not', reason: 'child expression matched' }];
};

/**
 * The order MongoDB checks keywords in (types, then number, string, array and object keywords,
 * then the logical ones), which is the order failures are reported in.
 */
const KEYWORD_ORDER = [
  'type',
  'bsonType',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'items',
  'additionalItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'properties',
  'patternProperties',
  'additionalProperties',
  'required',
  'minProperties',
  'maxProperties',
  'dependencies',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'enum',
];

function keywordRank(keyword: string): number {
  const rank = KEYWORD_ORDER.indexOf(keyword);
  return rank < 0 ? KEYWORD_ORDER.length : rank;
}

const KEYWORDS: Record<string, KeywordCompiler> = {
  ...SCALAR_KEYWORDS,
  ...STRUCTURE_KEYWORDS,
  allOf,
  anyOf,
  oneOf,
  not,
};

function compileNode(schema: unknown): SchemaNode {
  const spec = schemaObject(schema, '$jsonSchema');
  if (spec['type'] !== undefined && spec['bsonType'] !== undefined) {
    throw schemaError("Cannot specify both $jsonSchema keywords 'type' and 'bsonType'");
  }
  const checks: Array<(value: unknown) => SchemaFailure[]> = [];
  const entries = Object.entries(spec).sort(([a], [b]) => keywordRank(a) - keywordRank(b));
  for (const [keyword, value] of entries) {
    if (UNSUPPORTED.has(keyword)) {
      throw schemaError(`$jsonSchema keyword '${keyword}' is not currently supported`);
    }
    const compiler = Object.hasOwn(KEYWORDS, keyword) ? KEYWORDS[keyword] : undefined;
    if (!compiler) throw schemaError(`Unknown $jsonSchema keyword: ${keyword}`);
    const check = compiler(value, spec, compileNode);
    if (check) checks.push(check);
  }
  const annotations: Document = {};
  if (typeof spec['title'] === 'string') annotations['title'] = spec['title'];
  if (typeof spec['description'] === 'string') annotations['description'] = spec['description'];
  return { failures: (value) => checks.flatMap((check) => check(value)), annotations };
}

/** A compiled `$jsonSchema`: the document matches when no rule fails. */
export interface JsonSchema {
  test(doc: unknown): boolean;
  /** MongoDB's `errInfo.details` for a document that does not match. */
  explain(doc: unknown): Document;
}

export function compileJsonSchema(schema: unknown): JsonSchema {
  const root = compileNode(schema);
  if (isPlainObject(schema)) {
    const type: unknown = schema['type'] ?? schema['bsonType'];
    const types = Array.isArray(type) ? type : [type];
    if (type !== undefined && !types.includes('object')) {
      throw schemaError("$jsonSchema keyword 'type' must be 'object' at the top level");
    }
  }
  return {
    test: (doc) => root.failures(doc).length === 0,
    explain: (doc) => ({
      operatorName: '$jsonSchema',
      ...root.annotations,
      schemaRulesNotSatisfied: root.failures(doc),
    }),
  };
}

/** The `jsonSchemaValidator` the query engine calls for a `$jsonSchema` in a filter. */
export function jsonSchemaValidator(schema: Record<string, unknown>): (doc: unknown) => boolean {
  const compiled = compileJsonSchema(schema);
  return (doc) => compiled.test(doc);
}
