import { resolve } from 'node:path';
import {
  BASELINE_FRAMEWORKS,
  isBaselineFramework,
  type BaselineFramework,
} from './baseline-servers/index.js';

export const SECTIONS = ['startup', 'http', 'memory', 'streams', 'embedded', 'launch'] as const;
export type Section = (typeof SECTIONS)[number];

export interface BenchOptions {
  quick: boolean;
  sections: Section[];
  /** Only HTTP routes whose label contains one of these texts (all when empty). */
  routeFilter: string[];
  /** The frameworks each route's baseline is served with, each loaded in the same rounds. */
  frameworks: BaselineFramework[];
  /** Interleaved rounds per HTTP route (each round loads the service, then its baseline). */
  rounds: number;
  /** Seconds of load per process per round. */
  durationSec: number;
  /** Seconds of unmeasured load per process before the first round. */
  warmupSec: number;
  connections: number;
  /** Products stored for the memory section, and the large size of the embedded-server section. */
  largeCount: number;
  /** Idle event streams the streams section opens on one orders instance. */
  idleStreams: number;
  /** The small size of the embedded-server section. */
  smallCount: number;
  /** Seconds per embedded-server measurement. */
  opsSec: number;
  /** Start-ups timed per service. */
  startups: number;
  /** Run the embedded server in memory instead of on LMDB files in a temporary directory. */
  inMemory: boolean;
  /** Start services and baselines under `node --cpu-prof` and report their top self-time frames. */
  profile: boolean;
  /**
   * Absolute path of another checkout of this repository (--compare): its compiled services are
   * measured in the same rounds as this checkout's and the baselines, and timed at start-up.
   */
  compareDir?: string;
  /** Run only the drain comparison (--drain[=N]): N runs of each side, none when 0. */
  drainRuns: number;
}

export class UsageError extends Error {}

const FULL = {
  rounds: 7,
  durationSec: 3,
  warmupSec: 1.5,
  connections: 50,
  largeCount: 100_000,
  idleStreams: 1_000,
  smallCount: 1_000,
  opsSec: 3,
  startups: 5,
};

const QUICK = {
  rounds: 2,
  durationSec: 1,
  warmupSec: 0.3,
  connections: 50,
  largeCount: 100_000,
  idleStreams: 1_000,
  smallCount: 1_000,
  opsSec: 0.5,
  startups: 1,
};

export const USAGE = `usage: npm run bench -- [options]
  --quick               short run (about a minute): fewer and shorter rounds
  --only=a,b            sections to run, of: ${SECTIONS.join(', ')} (default: all)
  --routes=text,...     HTTP routes whose label contains one of the texts
  --baselines=a,b       frameworks serving each route's baseline, of: ${BASELINE_FRAMEWORKS.join(', ')}
                        (default: all; the ≥ 0.9x targets hold the service to express and fastify)
  --rounds=N            interleaved rounds per HTTP route
  --duration=SECONDS    load per process per round
  --connections=N       autocannon connections (default 50)
  --large=N             documents for the memory and embedded sections (default 100000)
  --streams=N           idle event streams opened for the streams section (default 1000)
  --in-memory           embedded server in memory instead of LMDB files in a temp directory
  --profile             run services and baselines under node --cpu-prof (slower; figures not
                        comparable to a normal run) and print their top self-time functions;
                        the embedded section also profiles the driver's ping and findOne loops
  --compare=CHECKOUT    also measure another checkout's compiled services (npm run build there)
                        in the same rounds: each route on three sides, and their start-up
  --drain[=N]           only this: 32 keep-alive clients loop GETs, readiness fails, the server
                        closes 300 ms later; requests lost by our drain, Node's server.close()
                        and @godaddy/terminus (installed once into a cache folder), N runs of
                        each (default 3)
  --help                this text`;

function positiveNumber(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new UsageError(`${name} needs a positive number`);
  return value;
}

/** Reads the command line; unknown options are an error so a typo never silently runs the full bench. */
export function parseOptions(argv: readonly string[]): BenchOptions | 'help' {
  const quick = argv.includes('--quick');
  const options: BenchOptions = {
    quick,
    sections: [...SECTIONS],
    routeFilter: [],
    frameworks: [...BASELINE_FRAMEWORKS],
    inMemory: false,
    profile: false,
    drainRuns: 0,
    ...(quick ? QUICK : FULL),
  };
  for (const arg of argv) {
    const [name = '', value = ''] = arg.split(/=(.*)/s, 2);
    switch (name) {
      case '--quick':
        break;
      case '--help':
      case '-h':
        return 'help';
      case '--in-memory':
        options.inMemory = true;
        break;
      case '--profile':
        options.profile = true;
        break;
      case '--drain':
        options.drainRuns = value === '' ? 3 : Math.round(positiveNumber(name, value));
        break;
      case '--only': {
        const wanted = value.split(',').filter(Boolean);
        const unknown = wanted.filter((s) => !(SECTIONS as readonly string[]).includes(s));
        if (wanted.length === 0 || unknown.length > 0)
          throw new UsageError(`--only takes sections of: ${SECTIONS.join(', ')}`);
        options.sections = wanted as Section[];
        break;
      }
      case '--routes':
        options.routeFilter = value.split(',').filter(Boolean);
        break;
      case '--baselines': {
        const wanted = value.split(',').filter(Boolean);
        if (wanted.length === 0 || !wanted.every(isBaselineFramework))
          throw new UsageError(
            `--baselines takes frameworks of: ${BASELINE_FRAMEWORKS.join(', ')}`,
          );
        options.frameworks = wanted.includes('express')
          ? wanted
          : (['express', ...wanted] as BaselineFramework[]);
        break;
      }
      case '--rounds':
        options.rounds = Math.round(positiveNumber(name, value));
        break;
      case '--duration':
        options.durationSec = positiveNumber(name, value);
        break;
      case '--connections':
        options.connections = Math.round(positiveNumber(name, value));
        break;
      case '--large':
        options.largeCount = Math.round(positiveNumber(name, value));
        break;
      case '--streams':
        options.idleStreams = Math.round(positiveNumber(name, value));
        break;
      case '--compare':
        if (value === '') throw new UsageError('--compare needs the path of another checkout');
        options.compareDir = resolve(value);
        break;
      default:
        throw new UsageError(`unknown option ${arg}\n${USAGE}`);
    }
  }
  return options;
}
