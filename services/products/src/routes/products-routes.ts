import type { Express } from 'express';
import type { AppDeps } from '../app.js';
import { patchProduct } from '../domain/patch-product.js';
import { PRODUCT_FIELDS } from '../domain/product.js';
import { productNotFound } from '../http/errors.js';
import { jsonRequestBody } from '../http/json-request-body.js';
import { presentProduct } from '../http/product-presenter.js';
import {
  readNewProduct,
  readProductChanges,
  readProductId,
  readProductListQuery,
} from '../http/product-schemas.js';
import { sendJsonArray } from '../http/stream-json-array.js';
import { undecodableIdHandler } from '../http/undecodable-id.js';

/**
 * The `/products` routes, registered on the app with their full paths rather than on a mounted
 * Router: no second routing pass per request, and `OPTIONS` gets the `Cannot OPTIONS <path>` 404
 * like every other method without a route (a mounted Router would answer it with 200 and `Allow`).
 */
export function registerProductRoutes(
  app: Express,
  { products, logger, lowStockThreshold }: AppDeps,
): void {
  // The six fields are stored as sent, any JSON, so the keys inside them reach MongoDB; every
  // other key is dropped (rule 2).
  const jsonBody = jsonRequestBody({ storesClientKeys: true, keepOnly: PRODUCT_FIELDS });

  app.get('/products', async (req, res) => {
    const { lowStockOnly } = readProductListQuery(req.query);
    const cursor = products.list(lowStockOnly ? { quantityBelow: lowStockThreshold } : {});
    await sendJsonArray(res, cursor, presentProduct, logger);
  });

  app.post('/products', jsonBody, async (req, res) => {
    const id = await products.create(readNewProduct(req.body));
    res.status(201).json({ id: id.toHexString() });
  });

  app.get('/products/:id', async (req, res) => {
    const found = await products.findById(readProductId(req.params.id));
    if (found === null) throw productNotFound(req.params.id);
    res.json(presentProduct(found));
  });

  app.patch<'/products/:id', { id: string }>('/products/:id', jsonBody, async (req, res) => {
    // The body before the id: a body that is no JSON object is a 400 whatever the id, as a
    // content type or a parse failure is.
    const changes = readProductChanges(req.body);
    const updated = await patchProduct(products, readProductId(req.params.id), changes);
    if (updated === null) throw productNotFound(req.params.id);
    res.json(presentProduct(updated));
  });

  app.delete('/products/:id', async (req, res) => {
    const deleted = await products.remove(readProductId(req.params.id));
    if (!deleted) throw productNotFound(req.params.id);
    res.status(204).end();
  });

  app.use(undecodableIdHandler('/products/', productNotFound));
}
