import { OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { ANSWER_TEXT_LIMIT, boundSchema } from '../openapi/limits.js';

/** A reference to a part of the same document. */
interface Ref {
  $ref: string;
}

/** An AsyncAPI 3.0 server object, as a service declares its broker. */
export interface AsyncApiServer {
  host: string;
  protocol: string;
  protocolVersion?: string;
  description: string;
  variables?: Record<string, { description: string; examples?: string[] }>;
}

/** One kind of message a service publishes, on a channel of its own. */
export interface PublishedMessage {
  /** The message's name as its consumers know it (`order.placed`). */
  name: string;
  /** The channel's address: the subject, topic or queue the message is published to. */
  address: string;
  title: string;
  summary: string;
  /** The body, as JSON; its `.meta({ id })` names its schema among the components. */
  payload: z.ZodType;
  example: { name: string; headers: Record<string, string>; payload: unknown };
}

export interface EventsDescription {
  service: string;
  version: string;
  /** What the service publishes and when, in a paragraph (CommonMark); the README link follows. */
  summary: string;
  servers: Readonly<Record<string, AsyncApiServer>>;
  /** The headers every message carries, with `.meta({ id })`. */
  headers: z.ZodType;
  messages: readonly PublishedMessage[];
}

interface AsyncApiMessage {
  name: string;
  title: string;
  summary: string;
  headers: Ref;
  payload: Ref;
  examples: PublishedMessage['example'][];
}

/** The AsyncAPI 3.0 document `createAsyncApiDocument` writes: only the parts it uses. */
export interface AsyncApiDocument {
  asyncapi: '3.0.0';
  info: { title: string; version: string; description: string; tags: { name: string }[] };
  defaultContentType: string;
  servers: Record<string, AsyncApiServer>;
  channels: Record<
    string,
    { address: string; title: string; servers: Ref[]; messages: Record<string, Ref> }
  >;
  operations: Record<
    string,
    { action: 'send'; title: string; summary: string; channel: Ref; messages: Ref[] }
  >;
  components: { messages: Record<string, AsyncApiMessage>; schemas: Record<string, unknown> };
}

/** `services/<name>/asyncapi.json`, beside `openapi.json`, for a service that publishes. */
export const ASYNC_API_DOCUMENT_FILE = 'asyncapi.json';

/** `order.placed` → `orderPlaced`: the channel's, operation's and message's key. */
function keyOf(name: string): string {
  const [first = '', ...rest] = name.split(/[^A-Za-z0-9]/).filter((word) => word !== '');
  return first + rest.map((word) => `${word[0]?.toUpperCase()}${word.slice(1)}`).join('');
}

/** Its `.meta({ id })`, which names the schema among the components. */
function schemaId(schema: z.ZodType): string {
  const { id } = schema.meta() ?? {};
  if (typeof id !== 'string') throw new Error('a published schema needs .meta({ id })');
  return id;
}

const README_LINK = './README.md';

/**
 * A service's AsyncAPI 3.0 document from the zod schemas of what it publishes, turned into JSON
 * Schema by the generator of its OpenAPI document and bounded as that one is: a schema both
 * documents use (the order a message carries) reads the same in both.
 */
export function createAsyncApiDocument(events: EventsDescription): AsyncApiDocument {
  const schemas = [events.headers, ...events.messages.map((message) => message.payload)];
  const { components } = new OpenApiGeneratorV31(
    schemas.map((schema) => ({ type: 'schema' as const, schema })),
  ).generateComponents();
  const componentSchemas = { ...components?.schemas };
  boundSchema(componentSchemas, { text: ANSWER_TEXT_LIMIT });

  const servers = Object.keys(events.servers).map((name) => ({ $ref: `#/servers/${name}` }));
  const headers = { $ref: `#/components/schemas/${schemaId(events.headers)}` };
  const document: AsyncApiDocument = {
    asyncapi: '3.0.0',
    info: {
      title: `${events.service} events`,
      version: events.version,
      description: `${events.summary}\n\nEvery choice this document leaves open is in the service's README ([services/${events.service}/README.md](${README_LINK})).`,
      tags: [{ name: events.service }],
    },
    defaultContentType: 'application/json',
    servers: { ...events.servers },
    channels: {},
    operations: {},
    components: { messages: {}, schemas: componentSchemas },
  };
  for (const message of events.messages) {
    const key = keyOf(message.name);
    document.components.messages[key] = {
      name: message.name,
      title: message.title,
      summary: message.summary,
      headers,
      payload: { $ref: `#/components/schemas/${schemaId(message.payload)}` },
      examples: [message.example],
    };
    document.channels[key] = {
      address: message.address,
      title: message.title,
      servers,
      messages: { [key]: { $ref: `#/components/messages/${key}` } },
    };
    document.operations[keyOf(`send ${message.name}`)] = {
      action: 'send',
      title: `Publish ${message.name}`,
      summary: message.summary,
      channel: { $ref: `#/channels/${key}` },
      messages: [{ $ref: `#/channels/${key}/messages/${key}` }],
    };
  }
  return document;
}
