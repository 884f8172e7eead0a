import { Router, type Request, type Response } from 'express';
import type { MenuRepository } from '../data/menu-repository.js';
import type { OrdersRepository } from '../data/orders-repository.js';
import { changeOrderStatus } from '../domain/change-order-status.js';
import { findOrder } from '../domain/find-order.js';
import { placeOrder } from '../domain/place-order.js';
import { requireToken } from '../http/auth.js';
import { presentOrder } from '../http/present.js';

export interface OrdersRouterDeps {
  menu: MenuRepository;
  orders: OrdersRepository;
  clock: () => Date;
  customerToken: string;
  staffToken: string;
}

/** `/orders`: customers place and read orders; staff move them forward. Auth always runs first. */
export function createOrdersRouter(deps: OrdersRouterDeps): Router {
  const router = Router();
  const customer = requireToken(deps.customerToken);
  const staff = requireToken(deps.staffToken);

  router.post('/', customer, async (req, res) => {
    const order = await placeOrder(req.body, deps);
    res.status(201).json(presentOrder(order));
  });

  router.get('/:id', customer, async (req: Request<{ id: string }>, res: Response) => {
    res.json(presentOrder(await findOrder(req.params.id, deps.orders)));
  });

  router.patch('/:id', staff, async (req: Request<{ id: string }>, res: Response) => {
    res.json(presentOrder(await changeOrderStatus(req.params.id, req.body, deps.orders)));
  });

  return router;
}
