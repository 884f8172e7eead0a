import { ObjectId } from 'mongodb';
import { requireDb, type Baseline } from './types.js';

/** GET /products/:id of the mini-store: findOne by _id, the stored document as JSON. */
export const miniStoreGet: Baseline = {
  usesMongo: true,
  mount(app, context) {
    const products = requireDb(context).collection('products');
    app.get('/products/:id', async (req, res) => {
      const doc = await products.findOne({ _id: new ObjectId(req.params.id) });
      if (doc === null) {
        res.sendStatus(404);
        return;
      }
      res.json(doc);
    });
  },
};
