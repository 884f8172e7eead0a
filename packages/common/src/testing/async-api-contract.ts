import { Parser } from '@asyncapi/parser';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { AsyncApiDocument } from '../asyncapi/async-api-document.js';

/** Spectral's severities, which the parser's diagnostics carry: 0 error, 1 warning, 2 information, 3 hint. */
const WARNING = 1;

/** One parser for every check in a process: it sets up its Spectral rulesets once. */
let parser: Parser | undefined;

function parserOnce(): Parser {
  parser ??= new Parser();
  return parser;
}

/**
 * What the official AsyncAPI parser finds wrong with a document (its schema, references and
 * Spectral rulesets), errors and warnings alike, one line each; empty when there is nothing.
 */
export async function asyncApiProblems(document: AsyncApiDocument): Promise<string[]> {
  const diagnostics = await parserOnce().validate(JSON.stringify(document));
  return diagnostics
    .filter((diagnostic) => diagnostic.severity <= WARNING)
    .map(
      (diagnostic) =>
        `${diagnostic.path.join('.') || '/'}: ${diagnostic.message} (${diagnostic.code})`,
    );
}

/** A message as it is published: its headers and its body, parsed. */
export interface PublishedExample {
  headers: unknown;
  payload: unknown;
}

interface MessageSchemas {
  name: string;
  headers: ValidateFunction | undefined;
  payload: ValidateFunction | undefined;
  examples: PublishedExample[];
}

export interface MessageContract {
  /** The channel addresses (subjects) of the document. */
  addresses: string[];
  /** Each message's own examples, by the address they are published on. */
  examples: { address: string; example: PublishedExample }[];
  /**
   * Why no message of the channel at `address` accepts the published message, one line per
   * message and problem; empty when one accepts it.
   */
  problems: (address: string, published: PublishedExample) => string[];
}

function check(
  validate: ValidateFunction | undefined,
  value: unknown,
  what: string,
  message: string,
): string[] {
  if (validate === undefined || validate(value)) return [];
  return (validate.errors ?? []).map(
    (error) => `${message} ${what}${error.instancePath || '/'}: ${error.message ?? error.keyword}`,
  );
}

/**
 * The document's messages by channel, as the official parser resolves them, each with its headers
 * and payload schemas compiled by ajv as JSON Schema draft-07 (the AsyncAPI Schema format is its
 * superset): what a consumer holds a published message to.
 */
export function messageContract(document: AsyncApiDocument): Promise<MessageContract> {
  const text = JSON.stringify(document);
  let contract = contracts.get(text);
  if (contract === undefined) {
    contract = buildContract(text);
    contracts.set(text, contract);
  }
  return contract;
}

/** By document text: parsing and compiling cost seconds, checking a message next to nothing. */
const contracts = new Map<string, Promise<MessageContract>>();

async function buildContract(text: string): Promise<MessageContract> {
  const parsed = await parserOnce().parse(text);
  if (parsed.document === undefined) {
    throw new Error(`the AsyncAPI document does not parse: ${parsed.diagnostics[0]?.message}`);
  }
  // Not strict: the parser adds its own `x-parser-*` keys beside the schemas' keywords.
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormatsPlugin.default(ajv);
  const compile = (schema: unknown) =>
    typeof schema === 'object' && schema !== null ? ajv.compile(schema) : undefined;

  const channels = new Map<string, MessageSchemas[]>();
  for (const channel of parsed.document.channels().all()) {
    const address = channel.address();
    if (address === null || address === undefined) continue;
    channels.set(
      address,
      channel
        .messages()
        .all()
        .map((message) => ({
          name: message.name() ?? message.id(),
          headers: compile(message.headers()?.json()),
          payload: compile(message.payload()?.json()),
          examples: message
            .examples()
            .all()
            .map((example) => ({
              headers: example.headers() as unknown,
              payload: example.payload() as unknown,
            })),
        })),
    );
  }

  return {
    addresses: [...channels.keys()],
    examples: [...channels].flatMap(([address, messages]) =>
      messages.flatMap(({ examples }) => examples.map((example) => ({ address, example }))),
    ),
    problems(address, { headers, payload }) {
      const messages = channels.get(address);
      if (messages === undefined) return [`no channel has the address ${address}`];
      const problems = messages.map((message) => [
        ...check(message.headers, headers, 'headers', message.name),
        ...check(message.payload, payload, 'payload', message.name),
      ]);
      return problems.some((list) => list.length === 0) ? [] : problems.flat();
    },
  };
}
