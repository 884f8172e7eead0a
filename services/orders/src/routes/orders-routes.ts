import type { Express, Request, Response } from 'express';
import type { MenuRepository } from '../data/menu-repository.js';
import type { OrdersRepository } from '../data/orders-repository.js';
import { changeOrderStatus } from '../domain/change-order-status.js';
import { findOrder } from '../domain/find-order.js';
import { placeOrder } from '../domain/place-order.js';
import { requireToken } from '../http/auth.js';
import { presentOrder } from '../http/present.js';

export interface OrderRoutesDeps {
  menu: MenuRepository;
  orders: OrdersRepository;
  clock: () => Date;
  customerToken: string;
  staffToken: string;
}

/** `/orders`: customers place and read orders; staff move them forward. Auth always runs first. */
export function registerOrderRoutes(app: Express, deps: OrderRoutesDeps): void {
  const customer = requireToken(deps.customerToken);
  const staff = requireToken(deps.staffToken);

  app.post('/orders', customer, async (req, res) => {
    const order = await placeOrder(req.body, deps);
    res.status(201).json(presentOrder(order));
  });

  app.get('/orders/:id', customer, async (req: Request<{ id: string }>, res: Response) => {
    res.json(presentOrder(await findOrder(req.params.id, deps.orders)));
  });

  app.patch('/orders/:id', staff, async (req: Request<{ id: string }>, res: Response) => {
    res.json(presentOrder(await changeOrderStatus(req.params.id, req.body, deps.orders)));
  });
}
