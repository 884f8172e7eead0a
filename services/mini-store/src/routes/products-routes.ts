import type { Express } from 'express';
import type { ProductsRepository } from '../data/products-repository.js';
import { readNewProduct, readProductChanges } from '../domain/product-input.js';
import { productIdFromPath } from '../http/product-id.js';

/**
 * The five `/products` routes of spec part B. Unknown ids answer 404 with the status text. They go
 * on the app with their full paths rather than on a mounted Router: no second routing pass per
 * request, and `OPTIONS` gets the `Cannot OPTIONS <path>` 404 like any other method without a route.
 */
export function registerProductRoutes(app: Express, products: ProductsRepository): void {
  app.get('/products', async (_req, res) => {
    // 200 is the default status; res.status() measurably costs on the hot path (npm run bench).
    res.json(await products.list());
  });

  app.post('/products', async (req, res) => {
    const id = await products.create(readNewProduct(req.body));
    res.status(201).json({ id });
  });

  app.get('/products/:id', async (req, res) => {
    const product = await products.findById(productIdFromPath(req.params.id));
    if (product === null) {
      res.sendStatus(404);
      return;
    }
    res.json(product);
  });

  app.patch('/products/:id', async (req, res) => {
    const id = productIdFromPath(req.params.id);
    const changes = readProductChanges(req.body);
    const found = await products.update(id, changes);
    res.sendStatus(found ? 200 : 404);
  });

  app.delete('/products/:id', async (req, res) => {
    const found = await products.remove(productIdFromPath(req.params.id));
    res.sendStatus(found ? 200 : 404);
  });
}
