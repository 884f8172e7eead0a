import {
  exampleRequests,
  parsedHeaderCases,
  PlainClient,
  relativeCost,
  settledCpuMicroseconds,
  type ExampleDocument,
  type HeaderCase,
} from '@repo/common/testing';
import type { ServiceSpec } from '@repo/launcher';
import type { ScenarioResult } from '../result.js';
import { killService, startService, type ServiceProcess } from '../service-process.js';

/** What a hostile header may cost the service, relative to a well-formed one. */
const COST_RATIO_LIMIT = 3;
/** Alternating batches of each side, every attack once a batch; the cheapest batches compared. */
const ROUNDS = 5;
/** The attack of the report that found the If-Match pattern: ten at once. */
const IN_FLIGHT = 10;

/**
 * The CPU the process's main thread, its event loop, has run, in microseconds (Linux's
 * /proc/<pid>/schedstat counts nanoseconds, where /proc/<pid>/stat counts 10 ms ticks), read once
 * it has finished its last answer and gone to sleep.
 */
function loopCpu(pid: number): () => number {
  return () => settledCpuMicroseconds(`/proc/${pid}/schedstat`);
}

interface Measured {
  ratio: number;
  serverErrors: number;
  sent: number;
}

/** The service's CPU for the worst values of one header against well-formed ones. */
async function measureCase(service: ServiceProcess, headerCase: HeaderCase): Promise<Measured> {
  const { header, request, wellFormed, attacks } = headerCase;
  const worst = attacks.map((attack) => attack.value);
  let serverErrors = 0;
  let sent = 0;
  const send = async (client: PlainClient, value: string): Promise<void> => {
    sent += 1;
    const answer = await client.send({
      ...request,
      headers: { ...request.headers, [header]: value },
    });
    if (answer.status >= 500) serverErrors += 1;
  };
  const client = new PlainClient(service.url);
  try {
    /** The values taken in turn, one a call. */
    const inTurn = (values: readonly string[]) => {
      let next = 0;
      return () => send(client, values[next++ % values.length] ?? '');
    };
    const ratio = await relativeCost(inTurn(wellFormed), inTurn(worst), {
      rounds: ROUNDS,
      batch: worst.length,
      clock: loopCpu(service.child.pid ?? 0),
    });
    // Ten at once, as an attacker would: none may fail for want of the CPU the others took.
    await Promise.all(
      worst.slice(0, IN_FLIGHT).map(async (value) => {
        const own = new PlainClient(service.url);
        try {
          await send(own, value);
        } finally {
          own.close();
        }
      }),
    );
    return { ratio, serverErrors, sent };
  } finally {
    client.close();
  }
}

/**
 * Every header the services parse (`parsedHeaderCases`: If-Match, Idempotency-Key,
 * Authorization, Content-Type, X-Request-Id, traceparent), at its worst at PARSED_HEADER_LIMIT
 * and three times past it, against each service as a real process: the service's CPU per request
 * against a well-formed value of the same length, the 5xx answers, and whether the service took
 * its own busy event loop for a database outage.
 */
export async function hostileHeaders(
  services: readonly ServiceSpec[],
  mongoUri: string,
): Promise<ScenarioResult> {
  let sent = 0;
  let serverErrors = 0;
  let outageLines = 0;
  let costliest = { ratio: 0, what: 'nothing measured' };
  for (const spec of services) {
    const service = await startService(spec.name, {
      MONGODB_URI: mongoUri,
      MONGODB_DB: `faults_headers_${spec.name.replace('-', '_')}`,
      // The cost is measured on thousands of wrong tokens: counted, they would end in 429s.
      AUTH_FAILURE_LIMIT: '1000000',
    });
    try {
      const document = (await (
        await fetch(`${service.url}/openapi.json`)
      ).json()) as ExampleDocument;
      const secrets = Object.fromEntries(
        spec.secrets.map((secret) => [secret.variable, secret.developmentValue]),
      );
      for (const headerCase of parsedHeaderCases(exampleRequests(document, secrets))) {
        const measured = await measureCase(service, headerCase);
        sent += measured.sent;
        serverErrors += measured.serverErrors;
        if (measured.ratio > costliest.ratio) {
          costliest = {
            ratio: measured.ratio,
            what: `${headerCase.header} on ${spec.name} ${headerCase.request.route}`,
          };
        }
      }
      outageLines += service.count('database unreachable');
    } finally {
      await killService(service);
    }
  }
  return {
    scenario: `hostile headers at and past PARSED_HEADER_LIMIT, ${services.length} services`,
    sent: `${sent} requests, ${IN_FLIGHT} at once per header`,
    lost: `${serverErrors} answers ≥ 500, "database unreachable" logged ${outageLines} times`,
    recovery: `costliest: ${costliest.what}, ${costliest.ratio.toFixed(1)}× the CPU of a well-formed value`,
    ok: serverErrors === 0 && outageLines === 0 && costliest.ratio < COST_RATIO_LIMIT,
  };
}
