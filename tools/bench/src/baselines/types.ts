import type { Express } from 'express';
import type { Db } from 'mongodb';

export interface BaselineContext {
  /** The same database the service under comparison uses (when the baseline needs one). */
  db: Db | undefined;
  /** Data the bench hands over (for example the books the service holds), parsed from JSON. */
  fixture: unknown;
}

/**
 * A bare Express 5 app doing the same work as one service route: the same JSON out, the same
 * driver call, and nothing else (no logging, no security headers, no validation library).
 */
export interface Baseline {
  usesMongo: boolean;
  mount: (app: Express, context: BaselineContext) => void;
}

export function requireDb(context: BaselineContext): Db {
  if (context.db === undefined) throw new Error('this baseline needs MONGODB_URI');
  return context.db;
}
