import type { Express, Request, Response } from 'express';
import type { AppDeps } from '../app.js';
import { changeOrderStatus } from '../domain/change-order-status.js';
import { placeOrder } from '../domain/place-order.js';
import { requireToken } from '../http/auth.js';
import { moveRefused, orderNotFound, ValidationError } from '../http/errors.js';
import { presentOrder } from '../http/order-presenter.js';
import { readNewOrder, readOrderId, readStatusChange } from '../http/order-schemas.js';

const currentTime = (): Date => new Date();

/** The request of an `/orders/:id` route (the token check in front hides the path's own type). */
type OrderIdRequest = Request<{ id: string }>;

/**
 * `/orders`: customers place and read orders; staff move them forward. The token check runs
 * first, before any body is read. PATCH then checks the body (400), the order (404) and the move
 * (409), in that order.
 */
export function registerOrderRoutes(app: Express, deps: AppDeps): void {
  const { menu, orders, clock = currentTime } = deps;
  const placing = { menu, orders, clock };
  const customer = requireToken(deps.customerToken);
  const staff = requireToken(deps.staffToken);

  app.post('/orders', customer, async (req, res) => {
    const placed = await placeOrder(readNewOrder(req.body), placing);
    if (!placed.ok) throw new ValidationError(placed.problems);
    res.status(201).json(presentOrder(placed.order));
  });

  app.get('/orders/:id', customer, async (req: OrderIdRequest, res: Response) => {
    const order = await orders.findById(readOrderId(req.params.id));
    if (order === null) throw orderNotFound(req.params.id);
    res.json(presentOrder(order));
  });

  app.patch('/orders/:id', staff, async (req: OrderIdRequest, res: Response) => {
    const { status } = readStatusChange(req.body);
    const id = readOrderId(req.params.id);
    const change = await changeOrderStatus(id, status, orders);
    if (change.outcome === 'not-found') throw orderNotFound(req.params.id);
    if (change.outcome === 'refused') throw moveRefused(id, change.current, status);
    res.json(presentOrder(change.order));
  });
}
