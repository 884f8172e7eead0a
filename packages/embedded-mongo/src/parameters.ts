import { Long } from 'bson';
import { MongoCommandError } from './errors.js';

/** The server parameters this server knows, with MongoDB's defaults. */
export interface ParameterValues {
  /** Seconds the TTL monitor sleeps between passes. */
  ttlMonitorSleepSecs: number;
  /** Whether the TTL monitor deletes expired documents at all. */
  ttlMonitorEnabled: boolean;
}

export type ParameterName = keyof ParameterValues;

const DEFAULTS: ParameterValues = { ttlMonitorSleepSecs: 60, ttlMonitorEnabled: true };

const INT32_MAX = 2147483647;

function isParameterName(name: string): name is ParameterName {
  return Object.hasOwn(DEFAULTS, name);
}

function invalid(name: string, reason: string): MongoCommandError {
  return new MongoCommandError('BadValue', `Invalid value for parameter ${name}: ${reason}`);
}

function toInteger(name: string, value: unknown): number {
  let number: number | undefined;
  if (typeof value === 'number') number = value;
  else if (value instanceof Long) number = value.toNumber();
  else if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) number = Number(value);
  if (number === undefined || !Number.isInteger(number) || Math.abs(number) > INT32_MAX)
    throw invalid(name, `${String(value)} is not a 32-bit integer`);
  return number;
}

function toBoolean(name: string, value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 1) return true;
  if (value === 'false' || value === 0) return false;
  throw invalid(name, `${String(value)} is not a boolean`);
}

/** Checks one value as `setParameter` (command or start-up option) receives it. */
function parseValue<K extends ParameterName>(name: K, value: unknown): ParameterValues[K];
function parseValue(name: ParameterName, value: unknown): number | boolean {
  if (name === 'ttlMonitorEnabled') return toBoolean(name, value);
  const seconds = toInteger(name, value);
  if (seconds <= 0) throw invalid(name, `${seconds} is not greater than 0`);
  return seconds;
}

/**
 * The runtime parameters of one server (`setParameter` / `getParameter`, or `--setParameter`
 * at start-up). Listeners hear every change, so a periodic task can pick up a new period at once.
 */
export class ServerParameters {
  readonly #values: ParameterValues = { ...DEFAULTS };
  readonly #listeners = new Set<(name: ParameterName) => void>();

  /** Start-up values, checked like the command's: an unknown name or a bad value throws. */
  constructor(initial: Readonly<Record<string, unknown>> = {}) {
    for (const [name, value] of Object.entries(initial)) this.set(name, value);
  }

  get<K extends ParameterName>(name: K): ParameterValues[K] {
    return this.#values[name];
  }

  /** Whether `name` is a parameter this server has. */
  has(name: string): name is ParameterName {
    return isParameterName(name);
  }

  all(): ParameterValues {
    return { ...this.#values };
  }

  /** Sets one parameter and returns its previous value. */
  set(name: string, value: unknown): unknown {
    if (!isParameterName(name)) {
      throw new MongoCommandError(
        'InvalidOptions',
        `attempted to set unrecognized parameter [${name}], use help:true to see options `,
      );
    }
    const was = this.#values[name];
    const next = parseValue(name, value);
    Object.assign(this.#values, { [name]: next });
    for (const listener of this.#listeners) listener(name);
    return was;
  }

  onChange(listener: (name: ParameterName) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
