import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addErrorHandlers,
  createHttpApp,
  HttpError,
  inputReader,
  isJsonObject,
  silentLogger,
  type ErrorRenderer,
} from '@repo/common';
import { describeIssues } from '../src/validation/parse-input.js';

/** A 400 that carries every problem, as a service whose README lists them would define it. */
class ProblemsError extends HttpError {
  constructor(readonly problems: readonly string[]) {
    super(400, problems.join('; '));
  }
}

const orderSchema = z.object({
  customerName: z.string().min(1, 'must not be empty'),
  items: z
    .array(z.object({ menuItemId: z.string(), toppings: z.array(z.string()).optional() }))
    .min(1),
});

const renderProblems: ErrorRenderer = (error, res) => {
  if (error.cause instanceof ProblemsError) {
    res.status(400).json({ errors: error.cause.problems });
    return;
  }
  res
    .status(error.status)
    .json({ error: error.status >= 500 ? 'An error has occurred on our end' : error.message });
};

const readOrder = inputReader(orderSchema, (error) => new ProblemsError(describeIssues(error)));

function buildApp() {
  const logger = silentLogger();
  const app = createHttpApp({ logger });
  app.post('/orders', (req, res) => {
    res.status(201).json(readOrder(req.body));
  });
  addErrorHandlers(app, { logger, renderError: renderProblems });
  return app;
}

describe('inputReader', () => {
  it('when the body is valid, then the parsed value is returned', async () => {
    const body = { customerName: 'Ada', items: [{ menuItemId: 'm1', toppings: ['basil'] }] };
    const response = await request(buildApp()).post('/orders').send(body);
    expect(response.status).toBe(201);
    expect(response.body).toEqual(body);
  });

  it('when the body has several problems, then every one is reported with its path', async () => {
    const response = await request(buildApp())
      .post('/orders')
      .send({
        customerName: '',
        items: [{ menuItemId: 7 }, { menuItemId: 'ok', toppings: 'basil' }],
      });
    expect(response.status).toBe(400);
    const { errors } = response.body as { errors: string[] };
    expect(errors).toHaveLength(3);
    expect(errors[0]).toBe('customerName: must not be empty');
    expect(errors[1]).toMatch(/^items\[0\]\.menuItemId: /);
    expect(errors[2]).toMatch(/^items\[1\]\.toppings: /);
  });

  it('when the body is not an object at all, then one root-level problem is reported', async () => {
    const response = await request(buildApp())
      .post('/orders')
      .set('content-type', 'application/json')
      .send('[1, 2]');
    expect(response.status).toBe(400);
    const { errors } = response.body as { errors: string[] };
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBe('Invalid input: expected object, received array');
  });
});

describe('isJsonObject', () => {
  it.each([
    ['an object', true, { a: 1 }],
    ['an empty object', true, {}],
    ['an array', false, [1, 2]],
    ['null', false, null],
    ['a string', false, 'text'],
    ['a number', false, 3],
    ['undefined (no body)', false, undefined],
  ])('when the value is %s, then the answer is %s', (_case, expected, value) => {
    expect(isJsonObject(value)).toBe(expected);
  });
});
