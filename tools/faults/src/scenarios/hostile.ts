import fc from 'fast-check';
import {
  documentedRoutes,
  hostileRequestArbitrary,
  namedHostileRequests,
  ResponseContract,
  type FuzzTarget,
} from '@repo/common/testing';
import type { ScenarioResult } from '../result.js';
import { killService, startService } from '../service-process.js';
import { SCHEME_TOKENS } from '../workloads.js';

type Document = FuzzTarget['document'];

/** A route whose document declares no 2xx answer fails by design (books' GET /books/badroute). */
function answersSuccess(document: Document, route: string): boolean {
  const [method = '', path = ''] = route.split(' ');
  const paths = (document as { paths?: Record<string, Record<string, unknown>> }).paths;
  const operation = paths?.[path]?.[method.toLowerCase()] as
    { responses?: Record<string, unknown> } | undefined;
  return Object.keys(operation?.responses ?? {}).some((status) => /^2/.test(status));
}

/**
 * The hostile generator of the tests, against each service as a real process: every documented
 * route gets each named case that applies to it (`namedHostileRequests`) and `perRoute` seeded
 * ones (`hostileRequestArbitrary`); counts answers of 500 or more and whether the process is still
 * up afterwards.
 */
export async function hostileInput(
  services: readonly string[],
  mongoUri: string,
  perRoute: number,
): Promise<ScenarioResult> {
  let sent = 0;
  let serverErrors = 0;
  let crashes = 0;
  let routes = 0;
  let named = 0;
  const examples: string[] = [];
  for (const name of services) {
    const service = await startService(name, {
      MONGODB_URI: mongoUri,
      MONGODB_DB: `faults_hostile_${name.replace('-', '_')}`,
    });
    try {
      const document = (await (await fetch(`${service.url}/openapi.json`)).json()) as Document;
      const target: FuzzTarget = {
        baseUrl: service.url,
        document,
        contract: new ResponseContract(document),
        snapshot: () => Promise.resolve(null),
        tokens: SCHEME_TOKENS,
      };
      for (const route of documentedRoutes(document).filter((r) => answersSuccess(document, r))) {
        routes += 1;
        const namedCases = namedHostileRequests(target, route);
        named += namedCases.length;
        const seeded = fc.sample(hostileRequestArbitrary(target, route), {
          numRuns: perRoute,
          seed: 21,
        });
        for (const request of [...namedCases, ...seeded]) {
          sent += 1;
          const response = await fetch(`${service.url}${request.target}`, {
            method: request.method,
            headers: request.headers,
            body: request.body,
            redirect: 'manual',
          }).catch(() => undefined);
          // An event stream stays open: its status is the answer.
          if (response?.headers.get('content-type')?.startsWith('text/event-stream') === true)
            await response.body?.cancel().catch(() => undefined);
          else await response?.arrayBuffer().catch(() => undefined);
          if (response === undefined || response.status >= 500) {
            serverErrors += 1;
            if (examples.length < 3) examples.push(`${name} ${route}: ${request.attack}`);
          }
        }
      }
      if (service.child.exitCode !== null) crashes += 1;
    } finally {
      await killService(service);
    }
  }
  return {
    scenario: `hostile input (named cases + seeded fast-check), every route of ${services.length} services`,
    sent: `${sent} requests (${named} named) to ${routes} routes`,
    lost: `${serverErrors} answers ≥ 500 or no answer${examples.length > 0 ? ` (${examples.join('; ')})` : ''}, ${crashes} crashes`,
    recovery: 'nothing to recover from',
    ok: serverErrors === 0 && crashes === 0,
  };
}
