import { ObjectId, type Document, type WithId } from 'mongodb';
import { requireDb, type Baseline } from './types.js';

interface Item {
  productId: ObjectId;
  quantity: number;
  price: number;
  modelName: unknown;
}

function present(doc: WithId<Document>): Record<string, unknown> {
  return {
    id: doc._id.toHexString(),
    customerId: doc['customerId'],
    items: (doc['items'] as Item[]).map((item) => ({
      productId: item.productId.toHexString(),
      quantity: item.quantity,
      price: item.price,
      modelName: item.modelName,
    })),
    total: doc['total'],
    status: doc['status'],
    createdAt: (doc['createdAt'] as Date).toISOString(),
    updatedAt: (doc['updatedAt'] as Date).toISOString(),
  };
}

/**
 * POST /customers/:customerId/orders with the service's stock steps: the products read, the order
 * written with its stock job, one conditional take and one progress write per item, the job ended.
 */
export const customerOrdersPost: Baseline = {
  usesMongo: true,
  route(context) {
    const db = requireDb(context);
    const products = db.collection('products');
    const orders = db.collection('orders');
    return {
      method: 'POST',
      path: '/customers/:customerId/orders',
      jsonBody: true,
      async handle({ params, body }) {
        const requested = (body as { items: { productId: string; quantity: number }[] }).items;
        const ids = requested.map((item) => ObjectId.createFromHexString(item.productId));
        const found = await products.find({ _id: { $in: ids } }).toArray();
        const byId = new Map(found.map((p) => [p._id.toHexString(), p]));
        const items: Item[] = requested.map((item, i) => ({
          productId: ids[i] as ObjectId,
          quantity: item.quantity,
          price: byId.get(item.productId)?.['price'] as number,
          modelName: byId.get(item.productId)?.['modelName'],
        }));
        const now = new Date();
        const _id = new ObjectId();
        const moves = items.map((item) => ({ productId: item.productId, delta: -item.quantity }));
        await orders.insertOne({
          _id,
          customerId: params['customerId'],
          items,
          total: items.reduce((sum, item) => sum + item.price * item.quantity, 0),
          status: 'pending',
          createdAt: now,
          updatedAt: now,
          stockJob: { kind: 'place', moves, done: [], since: now },
        });
        for (const item of items) {
          await products.updateOne(
            { _id: item.productId, quantity: { $gte: item.quantity } },
            { $inc: { quantity: -item.quantity } },
          );
          await orders.updateOne(
            { _id },
            { $addToSet: { 'stockJob.done': item.productId.toHexString() } },
          );
        }
        await orders.updateOne({ _id }, { $unset: { stockJob: '' } });
        return { status: 201, json: { id: _id.toHexString() } };
      },
    };
  },
};

/**
 * GET /customers/:customerId/orders: one page, newest first, with the next page's link (a header
 * the work sets, so each framework writes it).
 */
export const customerOrdersList: Baseline = {
  usesMongo: true,
  route(context) {
    const orders = requireDb(context).collection('orders');
    return {
      method: 'GET',
      path: '/customers/:customerId/orders',
      jsonBody: false,
      async handle({ params }) {
        const limit = 20;
        const customerId = params['customerId'] ?? '';
        const found = await orders
          .find(
            { customerId, deleted: { $exists: false }, 'stockJob.kind': { $ne: 'place' } },
            { sort: { _id: -1 }, limit: limit + 1 },
          )
          .toArray();
        const page = found.slice(0, limit);
        const last = page.at(-1);
        const headers: Record<string, string> = {};
        if (found.length > limit && last !== undefined) {
          const after = Buffer.from(`o1.${last._id.toHexString()}`).toString('base64url');
          headers['link'] = `</customers/${customerId}/orders?after=${after}>; rel="next"`;
        }
        return { status: 200, json: page.map(present), headers };
      },
    };
  },
};
