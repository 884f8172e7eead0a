import type { ScenarioResult } from '../result.js';
import { killService, startService } from '../service-process.js';

async function send(url: string, method: string, body: unknown) {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * 100 PATCHes at once on one product, half lowering its price below 0 and half setting it, and
 * 100 creates at once, against the products process: no accepted PATCH may leave a price below
 * 0, no two creates may share an id.
 */
export async function races(mongoUri: string): Promise<ScenarioResult> {
  const service = await startService('products', {
    MONGODB_URI: mongoUri,
    MONGODB_DB: 'faults_races',
  });
  try {
    const created = await send(`${service.url}/products`, 'POST', { modelName: 'race', price: 10 });
    const id = String(created.body.id);
    const patches = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        send(`${service.url}/products/${id}`, 'PATCH', {
          price: index % 2 === 0 ? -(index + 1) : index + 1,
        }),
      ),
    );
    const negative = patches.filter(
      (patch) => patch.status === 200 && Number(patch.body.price) < 0,
    ).length;
    const final = (await (await fetch(`${service.url}/products/${id}`)).json()) as {
      price: number;
    };
    const creates = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        send(`${service.url}/products`, 'POST', { modelName: `race ${index}` }),
      ),
    );
    const ids = new Set(creates.map((create) => String(create.body.id)));
    const refused = patches.filter((patch) => patch.status === 400).length;
    return {
      scenario: '100 concurrent PATCHes of one price + 100 concurrent creates: products',
      sent: `200 requests (${refused} PATCHes refused with 400)`,
      lost: `${negative + (final.price < 0 ? 1 : 0)} prices below 0, ${100 - ids.size} duplicate ids`,
      recovery: 'nothing to recover from',
      ok: negative === 0 && final.price >= 0 && ids.size === 100,
    };
  } finally {
    await killService(service);
  }
}
