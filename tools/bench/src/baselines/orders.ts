import { ObjectId } from 'mongodb';
import { requireDb, type Baseline } from './types.js';

interface OrderItemBody {
  menuItemId: string;
  size?: string;
  crust?: string;
  toppings?: string[];
  quantity?: number;
}

interface PricedOption {
  name: string;
  price: number;
}

interface MenuItem {
  _id: ObjectId;
  name: string;
  sizes: PricedOption[];
  crusts: string[];
  toppings: PricedOption[];
}

type TokenName = 'customerToken' | 'staffToken';

function tokenOf(fixture: unknown, name: TokenName): string {
  const token = (fixture as Partial<Record<TokenName, unknown>> | undefined)?.[name];
  if (typeof token !== 'string') throw new Error(`orders baseline needs { ${name} } as fixture`);
  return token;
}

interface StoredOrder {
  _id: ObjectId;
  customerName: string;
  items: { menuItemId: ObjectId }[];
  total: number;
  status: string;
  createdAt: Date;
}

function presentOrder(order: StoredOrder): unknown {
  return {
    id: order._id.toHexString(),
    customerName: order.customerName,
    items: order.items.map((line) => ({ ...line, menuItemId: line.menuItemId.toHexString() })),
    total: order.total,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
  };
}

/** The menu problems of one item: size, crust and toppings it does not offer. */
function notOffered(item: OrderItemBody, entry: MenuItem): string[] {
  const names = [
    ...(item.size !== undefined && !entry.sizes.some((size) => size.name === item.size)
      ? [item.size]
      : []),
    ...(item.crust !== undefined && !entry.crusts.includes(item.crust) ? [item.crust] : []),
    ...(item.toppings ?? []).filter((name) => !entry.toppings.some((t) => t.name === name)),
  ];
  return names.map((name) => `${name} is not offered on ${entry.name}.`);
}

/**
 * POST /orders: token compare, the menu items of the order in one `$in` query, the size, crust,
 * topping and quantity checks, the prices, insertOne, 201 with the order. Hand-written checks
 * only (no validation library).
 */
export const ordersPost: Baseline = {
  usesMongo: true,
  route(context) {
    const db = requireDb(context);
    const menu = db.collection<MenuItem>('menu');
    const orders = db.collection('orders');
    const expected = `Bearer ${tokenOf(context.fixture, 'customerToken')}`;
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
        if (items.length > 50) problems.push('items must hold at most 50 items');
        const ids = items.map((item) => ObjectId.createFromHexString(item.menuItemId));
        const found = await menu.find({ _id: { $in: ids } }).toArray();
        const byId = new Map(found.map((entry) => [entry._id.toHexString(), entry]));
        items.forEach((item, index) => {
          const quantity = item.quantity ?? 1;
          if (!Number.isInteger(quantity) || quantity < 1 || quantity > 20)
            problems.push(`items[${index}].quantity must be a whole number from 1 to 20`);
          const entry = byId.get(item.menuItemId);
          if (entry === undefined) problems.push(`${item.menuItemId} is not on the menu`);
          else problems.push(...notOffered(item, entry));
        });
        if (problems.length > 0) return { status: 400, json: { errors: problems } };
        const lines = items.map((item) => {
          const entry = byId.get(item.menuItemId) as MenuItem;
          const size = entry.sizes.find((offered) => offered.name === item.size) ?? entry.sizes[0];
          const toppings = item.toppings ?? [];
          const unitPrice =
            (size?.price ?? 0) +
            toppings.reduce(
              (sum, name) => sum + (entry.toppings.find((t) => t.name === name)?.price ?? 0),
              0,
            );
          const quantity = item.quantity ?? 1;
          return {
            menuItemId: entry._id,
            size: size?.name ?? '',
            crust: item.crust ?? entry.crusts[0] ?? null,
            toppings,
            quantity,
            unitPrice,
            lineTotal: unitPrice * quantity,
          };
        });
        const order = {
          _id: new ObjectId(),
          customerName: body.customerName as string,
          items: lines,
          total: lines.reduce((sum, line) => sum + line.lineTotal, 0),
          status: 'pending',
          createdAt: new Date(),
        };
        await orders.insertOne(order);
        return { status: 201, json: presentOrder(order) };
      },
    };
  },
};

const STATUSES = ['pending', 'in-progress', 'completed'];

/**
 * PATCH /orders/:id: token compare, the status checked against the three, one findOneAndUpdate
 * conditional on the status before it (so of two racing moves one wins), and when that finds
 * nothing one findOne to tell 404 from 409; 200 with the order.
 */
export const ordersPatch: Baseline = {
  usesMongo: true,
  route(context) {
    const orders = requireDb(context).collection<StoredOrder>('orders');
    const expected = `Bearer ${tokenOf(context.fixture, 'staffToken')}`;
    return {
      method: 'PATCH',
      path: '/orders/:id',
      jsonBody: true,
      async handle({ headers, params, body }) {
        if (headers.authorization !== expected) {
          return { status: 401, json: { Error: 'Token is missing or does not match.' } };
        }
        const sent = (body as { status?: unknown } | undefined)?.status;
        const status = typeof sent === 'string' ? sent : '';
        const step = STATUSES.indexOf(status);
        if (step < 0) return { status: 400, json: { errors: ['status must be one of the three'] } };
        const id = params['id'] ?? '';
        if (!ObjectId.isValid(id)) return { status: 404, json: { error: `no order ${id}` } };
        const _id = ObjectId.createFromHexString(id);
        const moved =
          step === 0
            ? null
            : await orders.findOneAndUpdate(
                { _id, status: STATUSES[step - 1] ?? '' },
                { $set: { status } },
                { returnDocument: 'after' },
              );
        if (moved !== null) return { status: 200, json: presentOrder(moved) };
        const current = await orders.findOne({ _id });
        return current === null
          ? { status: 404, json: { error: `no order ${id}` } }
          : { status: 409, json: { error: `order ${id} is ${current.status}` } };
      },
    };
  },
};
