import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createErrorHandler,
  createHttpApp,
  silentLogger,
  validate,
  ValidationError,
  type ErrorRenderer,
} from '@repo/common';

const orderSchema = z.object({
  customerName: z.string().min(1, 'must not be empty'),
  items: z
    .array(z.object({ menuItemId: z.string(), toppings: z.array(z.string()).optional() }))
    .min(1),
});

const renderProblems: ErrorRenderer = (error, res) => {
  if (error.cause instanceof ValidationError) {
    res.status(400).json({ errors: error.cause.problems });
    return;
  }
  res
    .status(error.status)
    .json({ error: error.status >= 500 ? 'An error has occurred on our end' : error.message });
};

function buildApp() {
  const logger = silentLogger();
  const app = createHttpApp({ logger });
  app.post('/orders', (req, res) => {
    const result = validate(orderSchema, req.body);
    if (!result.ok) throw new ValidationError(result.problems);
    res.status(201).json(result.value);
  });
  app.use(createErrorHandler({ logger, render: renderProblems }));
  return app;
}

describe('validate', () => {
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
