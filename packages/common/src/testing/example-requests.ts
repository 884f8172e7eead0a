import type { PlainRequest } from './plain-client.js';

interface Parameter {
  name: string;
  in: string;
  example?: unknown;
  schema?: { example?: unknown };
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { example?: unknown; schema?: { example?: unknown } }> };
  security?: Record<string, unknown>[];
}

interface SecurityScheme {
  description?: string;
}

/** The parts of an OpenAPI document the example requests are read from. */
export interface ExampleDocument {
  paths?: Record<string, Record<string, unknown> | undefined>;
  components?: { securitySchemes?: Record<string, SecurityScheme> };
}

/** A documented operation as a request that passes its checks: examples, token, body. */
export interface ExampleRequest extends PlainRequest {
  /** `POST /products/{id}`, as the document names it. */
  route: string;
  /** The names of the header parameters it documents, lower case (`if-match`). */
  documentedHeaders: string[];
  /** Whether a bearer token is asked for. */
  secured: boolean;
  /** The media type of its body, when it reads one. */
  bodyType?: string;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

function exampleOf(parameter: Parameter): string {
  return String(parameter.example ?? parameter.schema?.example ?? 'x');
}

function encodeBody(type: string, example: unknown): string {
  if (type === 'application/json') return JSON.stringify(example ?? {});
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries((example ?? {}) as Record<string, unknown>)) {
    form.set(key, String(value));
  }
  return form.toString();
}

/**
 * The token of the operation's first bearer scheme: the secret whose variable the scheme's
 * description names (`BOOKS_TOKEN`), so a test needs no table of schemes per service.
 */
function tokenFor(
  operation: Operation,
  document: ExampleDocument,
  secrets: Readonly<Record<string, string>>,
): string | undefined {
  const scheme = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement))[0];
  if (scheme === undefined) return undefined;
  const description = document.components?.securitySchemes?.[scheme]?.description ?? '';
  const variable = Object.keys(secrets).find((name) => description.includes(name));
  if (variable === undefined) {
    throw new Error(`the description of the security scheme ${scheme} names no secret variable`);
  }
  return secrets[variable];
}

/** Every documented operation as a request built from its examples, with its token and body. */
export function exampleRequests(
  document: ExampleDocument,
  secrets: Readonly<Record<string, string>>,
): ExampleRequest[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method): ExampleRequest[] => {
      const operation = item?.[method] as Operation | undefined;
      if (operation === undefined) return [];
      const parameters = operation.parameters ?? [];
      const target = parameters
        .filter((parameter) => parameter.in === 'path')
        .reduce(
          (built, parameter) =>
            built.replace(`{${parameter.name}}`, encodeURIComponent(exampleOf(parameter))),
          path,
        );
      const token = tokenFor(operation, document, secrets);
      const headers: Record<string, string> =
        token === undefined ? {} : { authorization: `Bearer ${token}` };
      const [bodyType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      if (bodyType !== undefined) headers['content-type'] = bodyType;
      return [
        {
          route: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          target,
          headers,
          body:
            bodyType === undefined
              ? undefined
              : encodeBody(bodyType, media?.example ?? media?.schema?.example),
          documentedHeaders: parameters
            .filter((parameter) => parameter.in === 'header')
            .map((parameter) => parameter.name.toLowerCase()),
          secured: token !== undefined,
          ...(bodyType === undefined ? {} : { bodyType }),
        },
      ];
    }),
  );
}
