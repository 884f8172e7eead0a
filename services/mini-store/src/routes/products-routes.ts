import { z } from 'zod';
import {
  ANONYMOUS,
  errorResponse,
  idempotentRoute,
  jsonBody,
  jsonBodyParser,
  NOT_A_JSON_OBJECT_MESSAGE,
  fixedErrorResponse,
  jsonResponse,
  notModifiedResponse,
  readIfMatch,
  rejectFailedPrecondition,
  sendVersioned,
  setVersionEtag,
  statusTextResponse,
  withEtag,
  createdIdResponse,
  type Route,
  conditionalWrite,
} from '@repo/common';
import { objectIdSchema } from '@repo/common/mongo';
import type { AppDeps } from '../app.js';
import { CREATE_FIELDS } from '../domain/product.js';
import { SERVER_ERROR_MESSAGE } from '../http/errors.js';
import { presentProduct } from '../http/product-presenter.js';
import {
  MALFORMED_ID_MESSAGE,
  newProductSchema,
  productChangesSchema,
  readNewProduct,
  readProductChanges,
  readProductId,
} from '../http/product-schemas.js';

// Stored values are any JSON, so their keys reach MongoDB. Create takes only its three fields
// and drops the other keys unchecked; PATCH stores every key it is sent, so each is checked.
const parseNewProduct = () => jsonBodyParser({ storesClientKeys: true, keepOnly: CREATE_FIELDS });
const parseChanges = () => jsonBodyParser({ storesClientKeys: true });

const EXAMPLE_ID = '6b0132679344fe17672a4fdd';

const productIdParams = z.object({
  id: objectIdSchema.meta({
    description: '24 lowercase hex characters; anything else is a 400, checked before the body.',
    example: EXAMPLE_ID,
  }),
});

/** What `presentProduct` answers: every stored field, `_id` as its hex text. */
const productSchema = z
  .object({ _id: z.string().regex(/^[0-9a-f]{24}$/) })
  .catchall(z.unknown())
  .meta({ id: 'Product' });

const productExample = { _id: EXAMPLE_ID, name: 'Lamp', price: 19.5, quantity: 3 };

const malformedId = errorResponse(
  'The id is not 24 lowercase hex characters.',
  MALFORMED_ID_MESSAGE,
);
const notFound = statusTextResponse('Not Found: no product has the id.', 'Not Found');
const ok = statusTextResponse('OK.', 'OK');
/** Only a route whose `before` parses a body meets these: its parser answers them. */
const bodyFailures = {
  413: fixedErrorResponse('The body is over 100 kB.', 'request entity too large'),
  415: errorResponse(
    'The body is in another `Content-Type` than application/json, or none (`Content-Type must be application/json`), or in an unsupported charset or encoding (the parser message).',
    'unsupported charset "LATIN1"',
  ),
};
/** Any route may meet the unexpected. */
const serverError = {
  500: jsonResponse(
    'Anything unexpected: logged with the request id, which the body repeats (the X-Request-Id header).',
    z.strictObject({ error: z.literal(SERVER_ERROR_MESSAGE), requestId: z.string() }),
    { error: SERVER_ERROR_MESSAGE, requestId: '0af7651916cd43dd8448eb211c80319c' },
  ),
};

/**
 * The README's routes. Each `/:id` route reads the id first, so a malformed one is refused (400)
 * before the body or the database; an unknown id answers 404 with the status text.
 */
export const productRoutes: Route<AppDeps>[] = [
  {
    method: 'get',
    path: '/products',
    summary: 'List products',
    responses: {
      200: jsonResponse('Every product.', z.array(productSchema), [productExample]),
      304: notModifiedResponse,
      ...serverError,
    },
    async handle(_req, res, { products }) {
      // 200 is the status a response starts with; res.status() would cost every request.
      res.json((await products.list()).map(presentProduct));
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
      400: malformedId,
      404: notFound,
      ...serverError,
    },
    async handle(req, res, { products }) {
      const product = await products.findById(readProductId(req.params.id));
      if (product === null) {
        res.sendStatus(404);
        return;
      }
      sendVersioned(res, product, presentProduct);
    },
  },
  {
    method: 'post',
    path: '/products',
    summary: 'Create a product',
    description:
      'Takes `name`, `price` and `quantity` when present, values as sent; no defaults, other keys ignored.',
    request: { body: jsonBody(newProductSchema, { name: 'Lamp', price: 19.5, quantity: 3 }) },
    responses: {
      201: createdIdResponse('Created: the new id.', EXAMPLE_ID),
      400: errorResponse(
        'The body is not a JSON object (or not JSON), a name MongoDB would misread, or malformed JSON.',
        NOT_A_JSON_OBJECT_MESSAGE,
      ),
      ...bodyFailures,
      ...serverError,
    },
    before: () => [parseNewProduct()],
    idempotency: idempotentRoute(errorResponse, ANONYMOUS),
    async handle(req, res, { products }) {
      const id = await products.create(readNewProduct(req.body));
      res.status(201).json({ id: id.toHexString() });
    },
  },
  conditionalWrite(fixedErrorResponse, {
    method: 'patch',
    path: '/products/{id}',
    summary: 'Set fields of a product',
    description:
      'Every key of the body is set as sent, new keys included; `_id`, `_version` and names MongoDB would read as operators or paths are refused.',
    request: {
      params: productIdParams,
      body: jsonBody(productChangesSchema, { price: 17, colour: 'red' }),
    },
    responses: {
      200: withEtag(ok),
      400: errorResponse(
        'A malformed id, a body that is not a JSON object, `_id`, `_version` or an unsafe name in it, or malformed JSON.',
        'invalid field name "$set": a name must not start with "$" (MongoDB reads it as an operator)',
      ),
      404: notFound,
      ...bodyFailures,
      ...serverError,
    },
    before: () => [parseChanges()],
    async handle(req, res, { products }) {
      const id = readProductId(req.params.id);
      const ifMatch = readIfMatch(req);
      const version = await products.update(id, readProductChanges(req.body), ifMatch);
      if (version === null) {
        await rejectFailedPrecondition(ifMatch, () => products.exists(id));
        res.sendStatus(404);
        return;
      }
      setVersionEtag(res, version);
      res.sendStatus(200);
    },
  }),
  conditionalWrite(fixedErrorResponse, {
    method: 'delete',
    path: '/products/{id}',
    summary: 'Delete a product',
    request: { params: productIdParams },
    responses: { 200: ok, 400: malformedId, 404: notFound, ...serverError },
    async handle(req, res, { products }) {
      const id = readProductId(req.params.id);
      const ifMatch = readIfMatch(req);
      const found = await products.remove(id, ifMatch);
      if (!found) await rejectFailedPrecondition(ifMatch, () => products.exists(id));
      res.sendStatus(found ? 200 : 404);
    },
  }),
];
