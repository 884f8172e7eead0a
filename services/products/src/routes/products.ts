import type { Express } from 'express';
import type { Logger } from '@repo/common';
import type { ProductsRepository } from '../data/products-repository.js';
import { parseLowStockParameter } from '../domain/low-stock.js';
import { patchProduct } from '../domain/patch-product.js';
import { pickProductFields, withDefaults } from '../domain/product.js';
import { toProductRepresentation } from '../domain/product-representation.js';
import { jsonObjectBody } from '../http/json-object-body.js';
import { productIdFromPath, productNotFound, undecodableIdHandler } from '../http/product-id.js';
import { sendJsonArray } from '../http/stream-json-array.js';

export interface ProductRoutesDeps {
  products: ProductsRepository;
  logger: Logger;
  lowStockThreshold: number;
  bodyLimit: string;
}

/**
 * The `/products` routes, registered on the app with their full paths rather than on a mounted
 * Router: no second routing pass per request, and `OPTIONS` gets the `Cannot OPTIONS <path>` 404
 * like every other method without a route (a mounted Router would answer it with 200 and `Allow`).
 */
export function registerProductRoutes(
  app: Express,
  { products, logger, lowStockThreshold, bodyLimit }: ProductRoutesDeps,
): void {
  const jsonBody = jsonObjectBody(bodyLimit);

  app.get('/products', async (req, res) => {
    const lowStock = parseLowStockParameter(req.query.lowStock);
    const cursor = products.openList(lowStock ? { quantityBelow: lowStockThreshold } : {});
    await sendJsonArray(res, cursor, toProductRepresentation, logger);
  });

  app.post('/products', jsonBody, async (req, res) => {
    const fields = withDefaults(pickProductFields(req.body as Record<string, unknown>));
    const id = await products.insert(fields);
    res.status(201).json({ id: id.toHexString() });
  });

  app.get('/products/:id', async (req, res) => {
    const found = await products.findById(productIdFromPath(req.params.id));
    if (found === null) throw productNotFound(req.params.id);
    res.json(toProductRepresentation(found));
  });

  app.patch<'/products/:id', { id: string }>('/products/:id', jsonBody, async (req, res) => {
    const id = productIdFromPath(req.params.id);
    const changes = pickProductFields(req.body as Record<string, unknown>);
    const updated = await patchProduct(products, id, changes);
    if (updated === null) throw productNotFound(req.params.id);
    res.json(toProductRepresentation(updated));
  });

  app.delete('/products/:id', async (req, res) => {
    const deleted = await products.deleteById(productIdFromPath(req.params.id));
    if (!deleted) throw productNotFound(req.params.id);
    res.status(204).end();
  });

  app.use(undecodableIdHandler('/products/'));
}
