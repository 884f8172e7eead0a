import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { UNMATCHED_ROUTE_RESPONSE, type ApiDocument } from '../openapi/api-document.js';
import { TOO_MANY_REQUESTS_RESPONSE } from '../openapi/rate-limit-document.js';

/** One response as the app sent it. */
export interface Exchange {
  method: string;
  /** The request target as received: path and query, percent-encoding intact. */
  url: string;
  status: number;
  contentType: string | undefined;
  body: Buffer;
}

interface MediaTypeEntry {
  schema?: unknown;
}

interface ResponseEntry {
  content?: Record<string, MediaTypeEntry>;
  $ref?: string;
}

interface Operation {
  method: string;
  path: string;
  pattern: RegExp;
  responses: Record<string, ResponseEntry>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * A path template as Express matches it: each `{name}` is one segment, a trailing slash is
 * allowed, case does not matter (Express's router defaults).
 */
function templatePattern(path: string): RegExp {
  const source = path
    .split(/(\{[^{}]+\})/)
    .map((part) =>
      part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, (c) => `\\${c}`),
    )
    .join('');
  return new RegExp(`^${source}/?$`, 'i');
}

function operationsOf(document: ApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Record<string, { responses?: Record<string, ResponseEntry> }>)[
        method
      ];
      if (operation === undefined) continue;
      operations.push({
        method,
        path,
        pattern: templatePattern(path),
        responses: operation.responses ?? {},
      });
    }
  }
  // As OpenAPI asks (and Express does here): a concrete path before a templated one.
  return operations.sort(
    (left, right) => left.path.split('{').length - right.path.split('{').length,
  );
}

function pathOf(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? url : url.slice(0, queryStart);
}

function mediaTypeOf(contentType: string | undefined): string | undefined {
  return contentType?.split(';', 1)[0]?.trim().toLowerCase();
}

/** A document's schemas in ajv, with the validators compiled from them so far. */
interface DocumentSchemas {
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction>;
}

/**
 * Compiled validators by document text, shared by every contract over the same document: each
 * test file makes its own contract, and compiling a schema costs far more than checking a body.
 */
const schemasByDocument = new Map<string, DocumentSchemas>();

function schemasOf(document: ApiDocument): DocumentSchemas {
  const text = JSON.stringify(document);
  let schemas = schemasByDocument.get(text);
  if (schemas === undefined) {
    // Not strict: OpenAPI's own keywords (`example`) sit beside JSON Schema's in the document.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormatsPlugin.default(ajv);
    ajv.addSchema(JSON.parse(text) as object, 'document');
    schemas = { ajv, validators: new Map() };
    schemasByDocument.set(text, schemas);
  }
  return schemas;
}

/**
 * Checks responses against a service's OpenAPI document: the status is one the document lists
 * for the route (the `UnmatchedRoute` response when no route matches), the content type is one
 * it lists for that status (no body when it lists none), and the body matches the schema (ajv,
 * JSON Schema 2020-12 as OpenAPI 3.1 uses it). HEAD is checked as the GET it answers for, without
 * a body.
 */
export class ResponseContract {
  private readonly operations: Operation[];
  private readonly unmatched: ResponseEntry;
  private readonly schemas: DocumentSchemas;
  private readonly componentResponses: Record<string, ResponseEntry>;

  constructor(document: ApiDocument) {
    this.operations = operationsOf(document);
    const unmatched = document.components?.responses?.[UNMATCHED_ROUTE_RESPONSE];
    if (unmatched === undefined) {
      throw new Error(`the document has no components.responses.${UNMATCHED_ROUTE_RESPONSE}`);
    }
    this.unmatched = unmatched as ResponseEntry;
    this.componentResponses = (document.components?.responses ?? {}) as Record<
      string,
      ResponseEntry
    >;
    this.schemas = schemasOf(document);
  }

  /** The operation Express would route the request to, if any. */
  private operationFor(method: string, path: string): Operation | undefined {
    const wanted = method === 'HEAD' ? 'get' : method.toLowerCase();
    return this.operations.find(
      (operation) => operation.method === wanted && operation.pattern.test(path),
    );
  }

  private validator(pointer: string): ValidateFunction {
    const { ajv, validators } = this.schemas;
    let validate = validators.get(pointer);
    if (validate === undefined) {
      validate = ajv.compile({ $ref: `document#${pointer}` });
      validators.set(pointer, validate);
    }
    return validate;
  }

  /** What is wrong with one response, as sentences naming the request; empty when nothing is. */
  check(exchange: Exchange): string[] {
    const { method, url, status } = exchange;
    const where = `${method} ${url} → ${status}`;
    const operation = this.operationFor(method, pathOf(url));
    let response: ResponseEntry | undefined;
    let pointer: string;
    if (operation === undefined) {
      // The request limit runs before routing, so an unmatched request over it gets its 429.
      response =
        status === 404
          ? this.unmatched
          : status === 429
            ? { $ref: `#/components/responses/${TOO_MANY_REQUESTS_RESPONSE}` }
            : undefined;
      pointer = `/components/responses/${UNMATCHED_ROUTE_RESPONSE}`;
      if (response === undefined) {
        return [
          `${where}: no route of the document matches, and only 404 and 429 are documented for that`,
        ];
      }
    } else {
      response = operation.responses[String(status)] ?? operation.responses.default;
      pointer = `/paths/${escapePointer(operation.path)}/${operation.method}/responses/${String(status)}`;
      if (response === undefined) {
        return [
          `${where}: status ${status} is not documented for ${operation.method.toUpperCase()} ${operation.path}`,
        ];
      }
    }
    // A response shared by many operations (the 429s) is a reference to one in the components.
    const ref = response.$ref?.match(/^#\/components\/responses\/(.+)$/)?.[1];
    if (ref !== undefined) {
      response = this.componentResponses[ref];
      pointer = `/components/responses/${ref}`;
      if (response === undefined) return [`${where}: the document has no ${String(ref)} response`];
    }
    return this.checkBody(exchange, where, response, pointer);
  }

  private checkBody(
    { method, contentType, body, status }: Exchange,
    where: string,
    response: ResponseEntry,
    pointer: string,
  ): string[] {
    const content = response.content ?? {};
    const mediaType = mediaTypeOf(contentType);
    if (Object.keys(content).length === 0) {
      return body.length === 0 || status === 304
        ? []
        : [`${where}: a body was sent where the document lists none`];
    }
    if (mediaType === undefined || content[mediaType] === undefined) {
      return [
        `${where}: content type ${String(contentType)} is not one of ${Object.keys(content).join(', ')}`,
      ];
    }
    if (method === 'HEAD') return [];
    const text = body.toString('utf8');
    let value: unknown = text;
    if (mediaType === 'application/json') {
      try {
        value = JSON.parse(text) as unknown;
      } catch {
        return [`${where}: the body is not JSON: ${text.slice(0, 200)}`];
      }
    }
    const validate = this.validator(`${pointer}/content/${escapePointer(mediaType)}/schema`);
    if (validate(value)) return [];
    const problems = (validate.errors ?? []).map(
      (error) => `${error.instancePath || '(body)'} ${error.message ?? error.keyword}`,
    );
    return [
      `${where}: the body does not match the document: ${problems.join('; ')}; body: ${text.slice(0, 300)}`,
    ];
  }
}

/** A JSON pointer token (RFC 6901), made safe for a URI fragment. */
function escapePointer(token: string): string {
  return encodeURIComponent(token.replace(/~/g, '~0').replace(/\//g, '~1'));
}
