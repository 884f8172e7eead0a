import type { Express, Request } from 'express';
import type { AppDeps } from '../app.js';
import { changeOrder } from '../domain/change-order.js';
import { placeOrder } from '../domain/place-order.js';
import { removeOrder } from '../domain/remove-order.js';
import { orderNotFound } from '../http/errors.js';
import { jsonRequestBody } from '../http/json-request-body.js';
import { encodeOrderCursor } from '../http/order-cursor.js';
import { presentOrder } from '../http/order-presenter.js';
import {
  badCustomerId,
  readCustomerId,
  readNewOrder,
  readOrderChanges,
  readOrderId,
  readOrderListQuery,
} from '../http/order-schemas.js';
import { undecodableIdHandler } from '../http/undecodable-id.js';

/** The link to the page after this one, keeping the request's own parameters. */
function nextPageLink(req: Request, after: string): string {
  const url = new URL(req.originalUrl, 'http://service');
  url.searchParams.set('after', after);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

/**
 * A customer's orders, and each order by id (spec document 1, rule 8; `GET /orders/:id` added). Like the products routes,
 * registered with full paths on the app.
 */
export function registerOrderRoutes(app: Express, deps: AppDeps): void {
  // Other keys are dropped, as for products; the items' own keys are read by the schemas alone.
  const jsonBody = jsonRequestBody({ keepOnly: ['items', 'status'] });
  const { orders, clock } = deps;
  const stock = { products: deps.products, orders };

  app.get('/customers/:customerId/orders', async (req, res) => {
    const customerId = readCustomerId(req.params.customerId);
    const { status, limit, after } = readOrderListQuery(req.query);
    // One more than a page tells whether there is a next page without a count.
    const found = await orders.listPage({ customerId, status, before: after, limit: limit + 1 });
    const page = found.slice(0, limit);
    const last = page.at(-1);
    if (found.length > limit && last !== undefined) {
      res.setHeader('Link', nextPageLink(req, encodeOrderCursor(last._id)));
    }
    res.json(page.map(presentOrder));
  });

  app.post('/customers/:customerId/orders', jsonBody, async (req, res) => {
    const customerId = readCustomerId(req.params.customerId);
    const { items } = readNewOrder(req.body);
    const id = await placeOrder(stock, customerId, items, clock());
    res.status(201).json({ id: id.toHexString() });
  });

  app.get('/orders/:id', async (req, res) => {
    const found = await orders.findVisible(readOrderId(req.params.id));
    if (found === null) throw orderNotFound(req.params.id);
    res.json(presentOrder(found));
  });

  app.patch<'/orders/:id', { id: string }>('/orders/:id', jsonBody, async (req, res) => {
    const changes = readOrderChanges(req.body);
    const updated = await changeOrder(stock, readOrderId(req.params.id), changes, clock());
    if (updated === null) throw orderNotFound(req.params.id);
    res.json(presentOrder(updated));
  });

  app.delete('/orders/:id', async (req, res) => {
    const removed = await removeOrder(stock, readOrderId(req.params.id), clock());
    if (!removed) throw orderNotFound(req.params.id);
    res.status(204).end();
  });

  app.use(undecodableIdHandler('/orders/', orderNotFound));
  app.use(undecodableIdHandler('/customers/', badCustomerId, new Set(['GET', 'HEAD', 'POST'])));
}
