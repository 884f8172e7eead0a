import express from 'express';
import { ObjectId, type WithId, type Document } from 'mongodb';
import { requireDb, type Baseline } from './types.js';

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
    modelName: doc.modelName,
    modelNumber: doc.modelNumber,
    manufacturer: doc.manufacturer,
    color: doc.color,
    price: doc.price,
    quantity: doc.quantity,
  };
}

function objectIdOrNull(text: string): ObjectId | null {
  return /^[0-9a-fA-F]{24}$/.test(text) ? ObjectId.createFromHexString(text) : null;
}

function notFound(res: express.Response, id: string): void {
  res.status(404).json({ error: `Not found: no product with id of ${id}` });
}

/** GET /products/:id: findOne by _id, answered as the product representation. */
export const productsGet: Baseline = {
  usesMongo: true,
  mount(app, context) {
    const products = requireDb(context).collection('products');
    app.get('/products/:id', async (req, res) => {
      const _id = objectIdOrNull(req.params.id);
      const doc = _id === null ? null : await products.findOne({ _id });
      if (doc === null) return notFound(res, req.params.id);
      res.json(toProduct(doc));
    });
  },
};

/** POST /products: JSON body, defaults applied, insertOne, 201 with the id. */
export const productsPost: Baseline = {
  usesMongo: true,
  mount(app, context) {
    const products = requireDb(context).collection('products');
    app.use(express.json());
    app.post('/products', async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const doc: Record<string, unknown> = {};
      for (const field of FIELDS) doc[field] = body[field] ?? DEFAULTS[field];
      const { insertedId } = await products.insertOne(doc);
      res.status(201).json({ id: insertedId.toHexString() });
    });
  },
};

/** PATCH /products/:id: JSON body, the sent-price rule, one findOneAndUpdate, the updated product. */
export const productsPatch: Baseline = {
  usesMongo: true,
  mount(app, context) {
    const products = requireDb(context).collection('products');
    app.use(express.json());
    app.patch('/products/:id', async (req, res) => {
      const _id = objectIdOrNull(req.params.id);
      if (_id === null) return notFound(res, req.params.id);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const changes: Record<string, unknown> = {};
      for (const field of FIELDS) if (field in body) changes[field] = body[field];
      if (typeof changes.price === 'number' && changes.price < 0) {
        res.status(400).json({ error: 'price cannot be negative' });
        return;
      }
      const updated = await products.findOneAndUpdate(
        { _id },
        { $set: changes },
        { returnDocument: 'after' },
      );
      if (updated === null) return notFound(res, req.params.id);
      res.json(toProduct(updated));
    });
  },
};

/** GET /products the simple way: the whole collection buffered with toArray, then one JSON text. */
export const productsListBuffered: Baseline = {
  usesMongo: true,
  mount(app, context) {
    const products = requireDb(context).collection('products');
    app.get('/products', async (_req, res) => {
      const docs = await products.find({}, { sort: { _id: 1 } }).toArray();
      res.json(docs.map(toProduct));
    });
  },
};
