import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAsyncApiDocument, type EventsDescription } from '@repo/common';
import { asyncApiProblems, messageContract } from '@repo/common/testing';
import { ANSWER_TEXT_LIMIT } from '../src/openapi/limits.js';

const PARSER_TIMEOUT_MS = 60_000;

const item = z.strictObject({ name: z.string(), count: z.number().int() }).meta({ id: 'Item' });

const added = z
  .strictObject({ item, at: z.iso.datetime() })
  .meta({ id: 'ItemAdded', description: 'An item was stored.' });
const removed = z
  .strictObject({ name: z.string(), at: z.iso.datetime() })
  .meta({ id: 'ItemRemoved' });
const headers = z.object({ 'Message-Id': z.string().regex(/^m-\d{1,6}$/) }).meta({ id: 'Headers' });

const at = '2026-11-25T10:00:00.000Z';

const description: EventsDescription = {
  service: 'fixture',
  version: '1.0.0',
  summary: 'A fixture that publishes its changes.',
  servers: { broker: { host: 'localhost:4222', protocol: 'nats', description: 'A broker.' } },
  headers,
  messages: [
    {
      name: 'item.added',
      address: 'items.added',
      title: 'Item added',
      summary: 'An item was stored.',
      payload: added,
      example: {
        name: 'Added',
        headers: { 'Message-Id': 'm-1' },
        payload: { item: { name: 'a', count: 1 }, at },
      },
    },
    {
      name: 'item.removed',
      address: 'items.removed',
      title: 'Item removed',
      summary: 'An item was removed.',
      payload: removed,
      example: { name: 'Removed', headers: { 'Message-Id': 'm-2' }, payload: { name: 'a', at } },
    },
  ],
};

describe('createAsyncApiDocument', () => {
  it('when events are described, then each has a channel on its address, a send operation and a message by its name', () => {
    const document = createAsyncApiDocument(description);

    expect(document.asyncapi).toBe('3.0.0');
    expect(document.channels.itemAdded?.address).toBe('items.added');
    expect(document.channels.itemRemoved?.address).toBe('items.removed');
    expect(document.channels.itemAdded?.servers).toEqual([{ $ref: '#/servers/broker' }]);
    expect(document.operations.sendItemAdded).toMatchObject({
      action: 'send',
      channel: { $ref: '#/channels/itemAdded' },
      messages: [{ $ref: '#/channels/itemAdded/messages/itemAdded' }],
    });
    expect(document.components.messages.itemRemoved).toMatchObject({
      name: 'item.removed',
      headers: { $ref: '#/components/schemas/Headers' },
      payload: { $ref: '#/components/schemas/ItemRemoved' },
    });
  });

  it('when a payload holds a schema with an id of its own, then that schema is a component of its own, bounded as in the OpenAPI documents', () => {
    const { components } = createAsyncApiDocument(description);

    expect(Object.keys(components.schemas).sort()).toEqual([
      'Headers',
      'Item',
      'ItemAdded',
      'ItemRemoved',
    ]);
    expect(components.schemas.ItemAdded).toMatchObject({
      properties: { item: { $ref: '#/components/schemas/Item' } },
      additionalProperties: false,
    });
    expect(components.schemas.Item).toMatchObject({
      properties: { name: { type: 'string', maxLength: ANSWER_TEXT_LIMIT } },
    });
  });

  it('when a payload has no id, then the document is refused', () => {
    const [first] = description.messages;
    if (first === undefined) throw new Error('the fixture has messages');

    expect(() =>
      createAsyncApiDocument({
        ...description,
        messages: [{ ...first, payload: z.object({ name: z.string() }) }],
      }),
    ).toThrow(/needs \.meta\(\{ id \}\)/);
  });

  it(
    'when the AsyncAPI parser validates the document, then it reports no error and no warning',
    async () => {
      expect(await asyncApiProblems(createAsyncApiDocument(description))).toEqual([]);
    },
    PARSER_TIMEOUT_MS,
  );

  it(
    'when a document breaks the AsyncAPI schema, then the parser reports it',
    async () => {
      const document = createAsyncApiDocument(description);
      const broken = { ...document, operations: { wrong: { action: 'publish' } } };

      expect(await asyncApiProblems(broken as unknown as typeof document)).not.toEqual([]);
    },
    PARSER_TIMEOUT_MS,
  );

  it(
    'when messages are checked by address, then one its message accepts passes and any other is refused with why',
    async () => {
      const contract = await messageContract(createAsyncApiDocument(description));
      const valid = { headers: { 'Message-Id': 'm-7' }, payload: { name: 'b', at } };

      expect(contract.addresses.sort()).toEqual(['items.added', 'items.removed']);
      expect(contract.problems('items.removed', valid)).toEqual([]);
      expect(contract.problems('items.added', valid).join('\n')).toMatch(/payload/);
      expect(
        contract.problems('items.removed', { ...valid, headers: { 'Message-Id': 'x' } }).join('\n'),
      ).toMatch(/headers\/Message-Id/);
      expect(contract.problems('items.elsewhere', valid)).toEqual([
        'no channel has the address items.elsewhere',
      ]);
    },
    PARSER_TIMEOUT_MS,
  );
});
