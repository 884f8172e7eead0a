import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import {
  readNewProduct,
  readProductChanges,
  readProductId,
  readProductListQuery,
} from '../src/http/product-schemas.js';

/** A body as JSON.parse makes it, so a `__proto__` key is an own key, as in a real request. */
function parsed(text: string): unknown {
  return JSON.parse(text);
}

describe('the PATCH body reader', () => {
  it('when some fields are sent, then exactly those keys come out (absent stays absent, never undefined)', () => {
    const changes = readProductChanges({ color: 'red', price: null, id: 'x', _id: 'y', extra: 1 });

    expect(Object.keys(changes)).toEqual(['color', 'price']);
    expect(changes).toStrictEqual({ color: 'red', price: null });
  });

  it('when the body is an empty object, then no key comes out', () => {
    expect(Object.keys(readProductChanges({}))).toEqual([]);
  });

  it('when the body holds a __proto__ key, then it is dropped and the result keeps the plain prototype', () => {
    const changes = readProductChanges(parsed('{"__proto__":{"price":-1},"color":"blue"}'));

    expect(Object.keys(changes)).toEqual(['color']);
    expect(Object.getPrototypeOf(changes)).toBe(Object.prototype);
    expect(changes.price).toBeUndefined();
    expect(({} as Record<string, unknown>)['price']).toBeUndefined();
  });
});

describe('the POST body reader', () => {
  it('when fields are left out, then they come out as the defaults, and a null stays null', () => {
    expect(readNewProduct({ modelName: null, price: '3', owner: 'x' })).toStrictEqual({
      modelName: null,
      modelNumber: '',
      manufacturer: '',
      color: '',
      price: '3',
      quantity: 0,
    });
  });

  it('when the body holds a __proto__ key, then it is dropped and the defaults stand', () => {
    const product = readNewProduct(parsed('{"__proto__":{"price":1},"color":"blue"}'));

    expect(Object.getPrototypeOf(product)).toBe(Object.prototype);
    expect(product).toStrictEqual({
      modelName: '',
      modelNumber: '',
      manufacturer: '',
      color: 'blue',
      price: 0,
      quantity: 0,
    });
  });
});

describe('both body readers', () => {
  it.each([[[]], ['text'], [null], [3], [undefined]])(
    'when the body is %j, then it is refused as no JSON object',
    (body) => {
      expect(() => readNewProduct(body)).toThrow('request body must be a JSON object');
      expect(() => readProductChanges(body)).toThrow('request body must be a JSON object');
    },
  );
});

describe('the path id reader', () => {
  it('when the id is 24 lowercase hex characters, then it is that ObjectId', () => {
    const id = new ObjectId();

    expect(readProductId(id.toHexString())).toEqual(id);
  });

  it.each(['123', 'ABCDEFABCDEFABCDEFABCDEF', 'abcdefghijkl'])(
    'when the id is %s, then it is refused with the not-found 404 naming it',
    (id) => {
      expect(() => readProductId(id)).toThrow(
        expect.objectContaining({ status: 404, message: `Not found: no product with id of ${id}` }),
      );
    },
  );
});

describe('the list query reader', () => {
  it('when lowStock is absent or "true", then it says whether only low stock is asked for', () => {
    expect(readProductListQuery({})).toEqual({ lowStockOnly: false });
    expect(readProductListQuery({ lowStock: 'true', other: 'x' })).toEqual({ lowStockOnly: true });
  });

  it.each([['false'], [''], [['true', 'true']]])(
    'when lowStock is %j, then it is refused with a 400',
    (lowStock) => {
      expect(() => readProductListQuery({ lowStock })).toThrow(
        expect.objectContaining({ status: 400, message: "lowStock must be 'true' when given" }),
      );
    },
  );
});
