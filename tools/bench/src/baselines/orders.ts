import { ObjectId } from 'mongodb';
import { requireDb, type Baseline } from './types.js';

interface OrderItemBody {
  menuItemId: string;
  toppings?: string[];
}

interface MenuItem {
  _id: ObjectId;
  name: string;
  toppings: string[];
}

function tokenOf(fixture: unknown): string {
  const token = (fixture as { customerToken?: unknown } | undefined)?.customerToken;
  if (typeof token !== 'string')
    throw new Error('orders baseline needs { customerToken } as fixture');
  return token;
}

/**
 * POST /orders: token compare, the menu items of the order in one `$in` query, the topping check,
 * insertOne, 201 with the order. Hand-written checks only (no validation library).
 */
export const ordersPost: Baseline = {
  usesMongo: true,
  route(context) {
    const db = requireDb(context);
    const menu = db.collection<MenuItem>('menu');
    const orders = db.collection('orders');
    const expected = `Bearer ${tokenOf(context.fixture)}`;
    return {
      method: 'POST',
      path: '/orders',
      jsonBody: true,
      async handle({ headers, body: sent }) {
        if (headers.authorization !== expected) {
          return { status: 401, json: { Error: 'Token is missing or does not match.' } };
        }
        const body = sent as { customerName?: unknown; items?: OrderItemBody[] };
        const items = Array.isArray(body.items) ? body.items : [];
        const problems: string[] = [];
        if (typeof body.customerName !== 'string' || body.customerName.trim() === '')
          problems.push('customerName must be a non-empty string');
        if (items.length === 0) problems.push('items must be a non-empty array');
        const ids = items.map((item) => ObjectId.createFromHexString(item.menuItemId));
        const found = await menu.find({ _id: { $in: ids } }).toArray();
        const byId = new Map(found.map((entry) => [entry._id.toHexString(), entry]));
        for (const item of items) {
          const entry = byId.get(item.menuItemId);
          if (entry === undefined) problems.push(`${item.menuItemId} is not on the menu`);
          else
            for (const topping of item.toppings ?? [])
              if (!entry.toppings.includes(topping))
                problems.push(`${topping} is not offered on ${entry.name}.`);
        }
        if (problems.length > 0) return { status: 400, json: { errors: problems } };
        const order = {
          _id: new ObjectId(),
          customerName: body.customerName as string,
          items: items.map((item) => ({
            menuItemId: ObjectId.createFromHexString(item.menuItemId),
            toppings: item.toppings ?? [],
          })),
          status: 'pending',
          createdAt: new Date(),
        };
        await orders.insertOne(order);
        return {
          status: 201,
          json: {
            id: order._id.toHexString(),
            customerName: order.customerName,
            items: order.items.map((item) => ({
              menuItemId: item.menuItemId.toHexString(),
              toppings: item.toppings,
            })),
            status: order.status,
            createdAt: order.createdAt.toISOString(),
          },
        };
      },
    };
  },
};
