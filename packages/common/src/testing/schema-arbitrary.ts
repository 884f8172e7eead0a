import fc from 'fast-check';

/** A JSON Schema as the OpenAPI document holds it (the subset the services' schemas use). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minProperties?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Resolves `#/components/...` references against the document. */
export type ResolveRef = (ref: string) => JsonSchema;

/** Any JSON value, kept small: the routes read bodies of any shape. */
export const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 });

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern !== undefined) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((text) => text.length >= (schema.minLength ?? 0));
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: 40 });
}

function objectArbitrary(schema: JsonSchema, resolve: ResolveRef): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    shape[name] = arbitraryFromSchema(property, resolve);
  }
  const optional = Object.keys(properties).filter((name) => !required.includes(name));
  const records = fc.record(shape, { requiredKeys: required.filter((name) => name in shape) });
  const minProperties = schema.minProperties ?? 0;
  return optional.length === 0 && minProperties === 0
    ? records
    : records.filter((value) => Object.keys(value as object).length >= minProperties);
}

function ofType(type: string, schema: JsonSchema, resolve: ResolveRef): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        min: schema.minimum,
        max: schema.maximum,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(
        schema.items === undefined ? anyJson : arbitraryFromSchema(schema.items, resolve),
        {
          minLength: schema.minItems ?? 0,
          maxLength: Math.max(schema.minItems ?? 0, 4),
        },
      );
    case 'object':
      return objectArbitrary(schema, resolve);
    default:
      return anyJson;
  }
}

/**
 * Values a JSON Schema accepts, for property-based requests: every value generated here is one
 * the document says the route takes (formats and refinements the schema cannot state aside).
 */
export function arbitraryFromSchema(
  schema: JsonSchema,
  resolve: ResolveRef,
): fc.Arbitrary<unknown> {
  if (schema.$ref !== undefined) return arbitraryFromSchema(resolve(schema.$ref), resolve);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices !== undefined)
    return fc.oneof(...choices.map((choice) => arbitraryFromSchema(choice, resolve)));
  if (schema.allOf?.length === 1 && schema.allOf[0] !== undefined) {
    return arbitraryFromSchema(schema.allOf[0], resolve);
  }
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => ofType(type, schema, resolve)));
  }
  if (schema.type !== undefined) return ofType(schema.type, schema, resolve);
  if (schema.properties !== undefined) return objectArbitrary(schema, resolve);
  return anyJson;
}

/**
 * Objects built to be refused, one arbitrary per case: for an object schema, a valid object with
 * each property in turn replaced by any JSON, and with each required property in turn left out.
 */
export function invalidCases(schema: JsonSchema, resolve: ResolveRef): fc.Arbitrary<unknown>[] {
  const target = schema.$ref === undefined ? schema : resolve(schema.$ref);
  const valid = arbitraryFromSchema(target, resolve) as fc.Arbitrary<Record<string, unknown>>;
  const replaced = Object.keys(target.properties ?? {}).map((name) =>
    fc.tuple(valid, anyJson).map(([value, wrong]) => ({ ...value, [name]: wrong })),
  );
  const missing = (target.required ?? []).map((name) =>
    valid.map((value) => {
      const copy = { ...value };
      delete copy[name];
      return copy;
    }),
  );
  return [...replaced, ...missing];
}
