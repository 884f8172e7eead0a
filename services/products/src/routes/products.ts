import { Router } from 'express';
import type { Logger } from '@repo/common';
import type { ProductsRepository } from '../data/products-repository.js';
import { parseLowStockParameter } from '../domain/low-stock.js';
import { patchProduct } from '../domain/patch-product.js';
import { pickProductFields, withDefaults } from '../domain/product.js';
import { toProductRepresentation } from '../domain/product-representation.js';
import { jsonObjectBody } from '../http/json-object-body.js';
import { productIdFromPath, productNotFound, undecodableIdHandler } from '../http/product-id.js';
import { sendJsonArray } from '../http/stream-json-array.js';

export interface ProductsRouterDeps {
  products: ProductsRepository;
  logger: Logger;
  lowStockThreshold: number;
  bodyLimit: string;
}

export function productsRouter({
  products,
  logger,
  lowStockThreshold,
  bodyLimit,
}: ProductsRouterDeps): Router {
  const router = Router();
  const jsonBody = jsonObjectBody(bodyLimit);

  router.get('/', async (req, res) => {
    const lowStock = parseLowStockParameter(req.query.lowStock);
    const cursor = products.openList(lowStock ? { quantityBelow: lowStockThreshold } : {});
    await sendJsonArray(res, cursor, toProductRepresentation, logger);
  });

  router.post('/', jsonBody, async (req, res) => {
    const fields = withDefaults(pickProductFields(req.body as Record<string, unknown>));
    const id = await products.insert(fields);
    res.status(201).json({ id: id.toHexString() });
  });

  router.get('/:id', async (req, res) => {
    const found = await products.findById(productIdFromPath(req.params.id));
    if (found === null) throw productNotFound(req.params.id);
    res.json(toProductRepresentation(found));
  });

  router.patch<'/:id', { id: string }>('/:id', jsonBody, async (req, res) => {
    const id = productIdFromPath(req.params.id);
    const changes = pickProductFields(req.body as Record<string, unknown>);
    const updated = await patchProduct(products, id, changes);
    if (updated === null) throw productNotFound(req.params.id);
    res.json(toProductRepresentation(updated));
  });

  router.delete('/:id', async (req, res) => {
    const deleted = await products.deleteById(productIdFromPath(req.params.id));
    if (!deleted) throw productNotFound(req.params.id);
    res.status(204).end();
  });

  router.use(undecodableIdHandler());

  return router;
}
