import { Router } from 'express';
import type { ProductsRepository } from '../data/products-repository.js';
import { readNewProduct, readProductChanges } from '../domain/product-input.js';
import { checkProductIdParam, productIdOf } from '../http/product-id.js';

/** The five `/products` routes of spec part B. Unknown ids answer 404 with the status text. */
export function productsRouter(products: ProductsRepository): Router {
  const router = Router();
  router.param('id', checkProductIdParam);

  router.get('/', async (_req, res) => {
    // 200 is the default status; res.status() measurably costs on the hot path (npm run bench).
    res.json(await products.list());
  });

  router.post('/', async (req, res) => {
    const id = await products.create(readNewProduct(req.body));
    res.status(201).json({ id });
  });

  router.get('/:id', async (_req, res) => {
    const product = await products.findById(productIdOf(res));
    if (product === null) {
      res.sendStatus(404);
      return;
    }
    res.json(product);
  });

  router.patch('/:id', async (req, res) => {
    const changes = readProductChanges(req.body);
    const found = await products.update(productIdOf(res), changes);
    res.sendStatus(found ? 200 : 404);
  });

  router.delete('/:id', async (_req, res) => {
    const found = await products.remove(productIdOf(res));
    res.sendStatus(found ? 200 : 404);
  });

  return router;
}
