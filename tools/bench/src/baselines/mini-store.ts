import { ObjectId } from 'mongodb';
import { requireDb, type Baseline } from './types.js';

/** GET /products/:id of the mini-store: findOne by _id, the stored document as JSON. */
export const miniStoreGet: Baseline = {
  usesMongo: true,
  route(context) {
    const products = requireDb(context).collection('products');
    return {
      method: 'GET',
      path: '/products/:id',
      jsonBody: false,
      async handle({ params }) {
        const doc = await products.findOne({ _id: new ObjectId(params['id']) });
        return doc === null ? { status: 404 } : { status: 200, json: doc };
      },
    };
  },
};
