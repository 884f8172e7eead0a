import { z } from 'zod';
import {
  ANONYMOUS,
  emptyResponse,
  errorResponse,
  idempotentRoute,
  fixedErrorResponse,
  jsonResponse,
  notModifiedResponse,
  readIfMatch,
  rejectFailedPrecondition,
  sendVersioned,
  withEtag,
  jsonBody,
  jsonBodyParser,
  sendJsonArray,
  createdIdResponse,
  type Route,
  conditionalWrite,
} from '@repo/common';
import { objectIdSchema } from '@repo/common/mongo';
import type { AppDeps } from '../app.js';
import { NEGATIVE_PRICE_MESSAGE, patchProduct } from '../domain/patch-product.js';
import { PRODUCT_FIELDS } from '../domain/product.js';
import { badBody, bodyFailures, serverError } from '../http/responses.js';
import { productNotFound } from '../http/errors.js';
import { presentProduct } from '../http/product-presenter.js';
import {
  LOW_STOCK_MESSAGE,
  newProductSchema,
  productChangesSchema,
  productListQuerySchema,
  readNewProduct,
  readProductChanges,
  readProductId,
  readProductListQuery,
} from '../http/product-schemas.js';

// The six fields are stored as sent, any JSON, so the keys inside them reach MongoDB; every
// other key is dropped and never stored.
const productBody = () => jsonBodyParser({ storesClientKeys: true, keepOnly: PRODUCT_FIELDS });

const EXAMPLE_ID = '6b0133863aff49b5acaf923f';

const productIdParams = z.object({
  id: objectIdSchema.meta({
    description:
      'The id the service handed out: 24 lowercase hex characters. Any other text names no product (404).',
    example: EXAMPLE_ID,
  }),
});

/** A field of a product: whatever JSON the client sent, since creation checks no types. */
const anyJson = z.unknown().refine((value) => value !== undefined);

/** What `presentProduct` answers: the id and the six fields, always all of them, never `_id`. */
const productSchema = z
  .strictObject({
    id: z.string().regex(/^[0-9a-f]{24}$/),
    modelName: anyJson,
    modelNumber: anyJson,
    manufacturer: anyJson,
    color: anyJson,
    price: anyJson,
    quantity: anyJson,
  })
  .meta({ id: 'Product' });

const productExample = {
  id: EXAMPLE_ID,
  modelName: 'Widget',
  modelNumber: 'W-1',
  manufacturer: 'Acme',
  color: 'red',
  price: 9.99,
  quantity: 3,
};

const notFound = errorResponse(
  'No product has the id, or the id is malformed.',
  `Not found: no product with id of ${EXAMPLE_ID}`,
);

/**
 * The `/products` routes of the README. Only POST and PATCH parse a body, so any other
 * request, body or not, is answered without reading one.
 */
export const productRoutes: Route<AppDeps>[] = [
  {
    method: 'get',
    path: '/products',
    summary: 'List products',
    description:
      'Every product in creation order, streamed; `?lowStock=true` lists those low on stock.',
    request: { query: productListQuerySchema },
    responses: {
      200: jsonResponse('The products.', z.array(productSchema), [productExample]),
      304: notModifiedResponse,
      400: fixedErrorResponse('`lowStock` has a value other than `true`.', LOW_STOCK_MESSAGE),
      500: serverError,
    },
    async handle(req, res, { products, logger, lowStockThreshold }) {
      const { lowStockOnly } = readProductListQuery(req.query);
      const cursor = products.list(lowStockOnly ? { quantityBelow: lowStockThreshold } : {});
      await sendJsonArray(res, cursor, presentProduct, logger);
    },
  },
  {
    method: 'post',
    path: '/products',
    summary: 'Create a product',
    description:
      'Any subset of the six fields; omitted ones get their defaults, other keys are dropped, no types are checked.',
    request: {
      body: jsonBody(newProductSchema, {
        modelName: 'Widget',
        manufacturer: 'Acme',
        price: 9.99,
        quantity: 3,
      }),
    },
    responses: {
      201: createdIdResponse('Created: the new product id only.', EXAMPLE_ID),
      400: badBody,
      ...bodyFailures,
    },
    before: () => [productBody()],
    idempotency: idempotentRoute(errorResponse, ANONYMOUS),
    async handle(req, res, { products }) {
      const id = await products.create(readNewProduct(req.body));
      res.status(201).json({ id: id.toHexString() });
    },
  },
  {
    method: 'get',
    path: '/products/{id}',
    summary: 'Read one product',
    request: { params: productIdParams },
    responses: {
      200: withEtag(jsonResponse('The product.', productSchema, productExample)),
      304: withEtag(notModifiedResponse),
      404: notFound,
      500: serverError,
    },
    async handle(req, res, { products }) {
      const found = await products.findById(readProductId(req.params.id));
      if (found === null) throw productNotFound(req.params.id ?? '');
      sendVersioned(res, found, presentProduct);
    },
  },
  conditionalWrite(fixedErrorResponse, {
    method: 'patch',
    path: '/products/{id}',
    summary: 'Change some fields of a product',
    description:
      'Only the fields sent change. Checked in order: the body, the product exists, then the price and quantity rules; nothing is written when one fails.',
    request: {
      params: productIdParams,
      body: jsonBody(productChangesSchema, { price: 7.5, color: 'blue' }),
    },
    responses: {
      200: withEtag(
        jsonResponse('The complete updated product.', productSchema, {
          ...productExample,
          price: 7.5,
          color: 'blue',
        }),
      ),
      400: errorResponse(
        'The price would end below 0 (`price cannot be negative`), the quantity sent is below 0 (`quantity cannot be negative`), or the body is not a JSON object or not valid JSON.',
        NEGATIVE_PRICE_MESSAGE,
      ),
      404: notFound,
      ...bodyFailures,
    },
    before: () => [productBody()],
    async handle(req, res, { products }) {
      // The body before the id: a body that is no JSON object is a 400 whatever the id, as a
      // content type or a parse failure is.
      const changes = readProductChanges(req.body);
      const id = readProductId(req.params.id);
      const updated = await patchProduct(products, id, changes, readIfMatch(req));
      if (updated === null) throw productNotFound(req.params.id ?? '');
      sendVersioned(res, updated, presentProduct);
    },
  }),
  conditionalWrite(fixedErrorResponse, {
    method: 'delete',
    path: '/products/{id}',
    summary: 'Delete a product',
    request: { params: productIdParams },
    responses: {
      204: emptyResponse('Deleted.'),
      404: notFound,
      500: serverError,
    },
    async handle(req, res, { products }) {
      const id = readProductId(req.params.id);
      const ifMatch = readIfMatch(req);
      if (!(await products.remove(id, ifMatch))) {
        await rejectFailedPrecondition(ifMatch, () => products.exists(id));
        throw productNotFound(req.params.id ?? '');
      }
      res.status(204).end();
    },
  }),
];
