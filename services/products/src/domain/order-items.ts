import type { ObjectId } from 'mongodb';
import type { ProductsRepository } from '../data/products-repository.js';
import { unknownProducts, unpricedProducts } from './order-errors.js';
import type { OrderItem, RequestedItem, StockMove } from './order.js';
import type { ProductRecord } from './product.js';

function isPrice(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/**
 * A product the order already has keeps the price and name copied when it was first ordered; any
 * other is looked up and copied now. 422 when a product does not exist or has no usable price.
 */
export async function orderItemsFor(
  requested: readonly RequestedItem[],
  lookup: ProductsRepository,
  current: readonly OrderItem[] = [],
): Promise<OrderItem[]> {
  const kept = new Map(current.map((item) => [item.productId.toHexString(), item]));
  const toLookUp = requested.filter((item) => !kept.has(item.productId.toHexString()));
  const found = new Map(
    (await lookup.findByIds(toLookUp.map((item) => item.productId))).map((product) => [
      product._id.toHexString(),
      product,
    ]),
  );
  const missing = toLookUp.filter((item) => !found.has(item.productId.toHexString()));
  if (missing.length > 0) throw unknownProducts(missing.map((item) => item.productId));
  const unpriced = toLookUp.filter(
    (item) => !isPrice(found.get(item.productId.toHexString())?.price),
  );
  if (unpriced.length > 0) throw unpricedProducts(unpriced.map((item) => item.productId));
  return requested.map(({ productId, quantity }) => {
    const hex = productId.toHexString();
    const previous = kept.get(hex);
    if (previous) return { ...previous, quantity };
    const product = found.get(hex) as ProductRecord;
    return { productId, quantity, price: product.price as number, modelName: product.modelName };
  });
}

/**
 * Every product a refused take list is short of: the one whose take failed, and those of the
 * takes after it that their products cannot cover now either (read, not taken).
 */
export async function productsShort(
  failed: ObjectId,
  moves: readonly StockMove[],
  lookup: ProductsRepository,
): Promise<ObjectId[]> {
  const at = moves.findIndex((move) => move.productId.equals(failed));
  const later = moves.slice(at + 1).filter((move) => move.delta < 0);
  const stock = new Map(
    (await lookup.findByIds(later.map((move) => move.productId))).map((p) => [
      p._id.toHexString(),
      p.quantity,
    ]),
  );
  const alsoShort = later.filter((move) => {
    const quantity = stock.get(move.productId.toHexString());
    return !(typeof quantity === 'number' && quantity >= -move.delta);
  });
  return [failed, ...alsoShort.map((move) => move.productId)];
}
