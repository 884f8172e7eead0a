import type { LoadAnswer, LoadRequest } from '@repo/common/testing';

/** The development tokens the services use when their variables are unset. */
export const BOOKS_TOKEN = 'dev-books-token';
export const CUSTOMER_TOKEN = 'dev-customer-token';

/** Mixed reads and writes for one service: half the connections read, half write. */
export interface Workload {
  next: (worker: number) => LoadRequest;
  /** The id an acknowledged write created, to look for it in the database afterwards. */
  createdId: (answer: LoadAnswer) => string | undefined;
}

type Prepare = (url: string) => Promise<Workload>;

async function postJson(url: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

function idOf(answer: LoadAnswer): string | undefined {
  if (answer.request.method !== 'POST' || answer.status !== 201) return undefined;
  const { id } = JSON.parse(answer.body) as { id?: unknown };
  return id === undefined ? undefined : String(id);
}

let counter = 0;
const nextName = (): string => `fault ${(counter += 1)}`;

/**
 * Reads of one stored product beside creates, for the two services whose products differ only
 * in the name field (`modelName` in products, `name` in the mini-store).
 */
function productsWorkload(nameField: 'modelName' | 'name'): Prepare {
  return async (url) => {
    const { id } = (await postJson(`${url}/products`, { [nameField]: 'read me', price: 1 })) as {
      id: string;
    };
    return {
      next: (worker) =>
        worker % 2 === 0
          ? { method: 'GET', path: `/products/${id}` }
          : {
              method: 'POST',
              path: '/products',
              body: JSON.stringify({ [nameField]: nextName(), price: 2, quantity: 3 }),
            },
      createdId: idOf,
    };
  };
}

const workloads: Record<string, Prepare> = {
  products: productsWorkload('modelName'),
  'mini-store': productsWorkload('name'),
  books: async (url) => {
    const { id } = (await postJson(
      `${url}/books`,
      { title: 'read me', author: 'faults' },
      BOOKS_TOKEN,
    )) as { id: number };
    return {
      next: (worker) =>
        worker % 2 === 0
          ? { method: 'GET', path: `/books/${id}` }
          : {
              method: 'POST',
              path: '/books',
              headers: { authorization: `Bearer ${BOOKS_TOKEN}` },
              body: JSON.stringify({ title: nextName(), author: 'faults' }),
            },
      createdId: idOf,
    };
  },
  orders: async (url) => {
    const menu = (await (await fetch(`${url}/menu`)).json()) as { id?: string; _id?: string }[];
    const item = menu[0]?.id ?? menu[0]?._id;
    if (item === undefined) throw new Error('orders: the menu is empty');
    return {
      next: (worker) =>
        worker % 2 === 0
          ? { method: 'GET', path: '/menu' }
          : {
              method: 'POST',
              path: '/orders',
              headers: { authorization: `Bearer ${CUSTOMER_TOKEN}` },
              body: JSON.stringify({ customerName: nextName(), items: [{ menuItemId: item }] }),
            },
      createdId: idOf,
    };
  },
  tutorial: () =>
    Promise.resolve({
      next: (worker) =>
        worker % 2 === 0
          ? { method: 'GET', path: '/person/1' }
          : { method: 'POST', path: '/postData', body: JSON.stringify({ name: nextName() }) },
      createdId: () => undefined,
    }),
};

export function prepareWorkload(service: string, url: string): Promise<Workload> {
  const prepare = workloads[service];
  if (prepare === undefined) throw new Error(`no workload for ${service}`);
  return prepare(url);
}
