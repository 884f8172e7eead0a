import type { Express } from 'express';
import { jsonBodyParser } from '@repo/common';
import type { AppDeps } from '../app.js';
import { CREATE_FIELDS } from '../domain/product.js';
import { presentProduct } from '../http/product-presenter.js';
import { readNewProduct, readProductChanges, readProductId } from '../http/product-schemas.js';

/**
 * The five `/products` routes of spec part B. Each `/:id` route reads the id first, so a malformed
 * one is refused before the body or the database (rule 4). Unknown ids answer 404 with the status
 * text (rule 1).
 */
export function registerProductRoutes(app: Express, { products }: AppDeps): void {
  // Stored values are any JSON, so their keys reach MongoDB. Create takes only its three fields
  // and drops the other keys unchecked; PATCH stores every key (rule 2), so each is checked.
  const parseNewProduct = jsonBodyParser({ storesClientKeys: true, keepOnly: CREATE_FIELDS });
  const parseChanges = jsonBodyParser({ storesClientKeys: true });

  app.get('/products', async (_req, res) => {
    // 200 is the status a response starts with; res.status() would cost every request.
    res.json((await products.list()).map(presentProduct));
  });

  app.post('/products', parseNewProduct, async (req, res) => {
    const id = await products.create(readNewProduct(req.body));
    res.status(201).json({ id: id.toHexString() });
  });

  app.get('/products/:id', async (req, res) => {
    const product = await products.findById(readProductId(req.params.id));
    if (product === null) res.sendStatus(404);
    else res.json(presentProduct(product));
  });

  app.patch('/products/:id', parseChanges, async (req, res) => {
    const id = readProductId(req.params.id);
    const found = await products.update(id, readProductChanges(req.body));
    res.sendStatus(found ? 200 : 404);
  });

  app.delete('/products/:id', async (req, res) => {
    const found = await products.remove(readProductId(req.params.id));
    res.sendStatus(found ? 200 : 404);
  });
}
