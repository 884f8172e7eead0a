import { ObjectId, type WithId, type Document } from 'mongodb';
import { requireDb, type Baseline, type Reply } from './types.js';

const FIELDS = ['modelName', 'modelNumber', 'manufacturer', 'color', 'price', 'quantity'] as const;
const DEFAULTS: Record<(typeof FIELDS)[number], string | number> = {
  modelName: '',
  modelNumber: '',
  manufacturer: '',
  color: '',
  price: 0,
  quantity: 0,
};

function toProduct(doc: WithId<Document>): Record<string, unknown> {
  return {
    id: doc._id.toHexString(),
    modelName: doc['modelName'],
    modelNumber: doc['modelNumber'],
    manufacturer: doc['manufacturer'],
    color: doc['color'],
    price: doc['price'],
    quantity: doc['quantity'],
  };
}

function objectIdOrNull(text: string | undefined): ObjectId | null {
  return text !== undefined && /^[0-9a-fA-F]{24}$/.test(text)
    ? ObjectId.createFromHexString(text)
    : null;
}

function notFound(id: string | undefined): Reply {
  return { status: 404, json: { error: `Not found: no product with id of ${id ?? ''}` } };
}

/** GET /products/:id: findOne by _id, answered as the product representation. */
export const productsGet: Baseline = {
  usesMongo: true,
  route(context) {
    const products = requireDb(context).collection('products');
    return {
      method: 'GET',
      path: '/products/:id',
      jsonBody: false,
      async handle({ params }) {
        const _id = objectIdOrNull(params['id']);
        const doc = _id === null ? null : await products.findOne({ _id });
        return doc === null ? notFound(params['id']) : { status: 200, json: toProduct(doc) };
      },
    };
  },
};

/** POST /products: JSON body, defaults applied, insertOne, 201 with the id. */
export const productsPost: Baseline = {
  usesMongo: true,
  route(context) {
    const products = requireDb(context).collection('products');
    return {
      method: 'POST',
      path: '/products',
      jsonBody: true,
      async handle({ body }) {
        const sent = (body ?? {}) as Record<string, unknown>;
        const doc: Record<string, unknown> = {};
        for (const field of FIELDS) doc[field] = sent[field] ?? DEFAULTS[field];
        const { insertedId } = await products.insertOne(doc);
        return { status: 201, json: { id: insertedId.toHexString() } };
      },
    };
  },
};

/** PATCH /products/:id: JSON body, the sent-price rule, one findOneAndUpdate, the updated product. */
export const productsPatch: Baseline = {
  usesMongo: true,
  route(context) {
    const products = requireDb(context).collection('products');
    return {
      method: 'PATCH',
      path: '/products/:id',
      jsonBody: true,
      async handle({ params, body }) {
        const _id = objectIdOrNull(params['id']);
        if (_id === null) return notFound(params['id']);
        const sent = (body ?? {}) as Record<string, unknown>;
        const changes: Record<string, unknown> = {};
        for (const field of FIELDS) if (field in sent) changes[field] = sent[field];
        if (typeof changes['price'] === 'number' && changes['price'] < 0) {
          return { status: 400, json: { error: 'price cannot be negative' } };
        }
        const updated = await products.findOneAndUpdate(
          { _id },
          { $set: changes },
          { returnDocument: 'after' },
        );
        return updated === null
          ? notFound(params['id'])
          : { status: 200, json: toProduct(updated) };
      },
    };
  },
};

/** GET /products the simple way: the whole collection buffered with toArray, then one JSON text. */
export const productsListBuffered: Baseline = {
  usesMongo: true,
  route(context) {
    const products = requireDb(context).collection('products');
    return {
      method: 'GET',
      path: '/products',
      jsonBody: false,
      async handle() {
        const docs = await products.find({}, { sort: { _id: 1 } }).toArray();
        return { status: 200, json: docs.map(toProduct) };
      },
    };
  },
};
