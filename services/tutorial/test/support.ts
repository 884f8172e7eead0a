import { silentLogger } from '@repo/common';
import { useResponseContract } from '@repo/common/testing';
import type { Express } from 'express';
import { pino, type Logger } from 'pino';
import { apiDocument, createApp, type AppDeps } from '../src/app.js';

/** Every response of the apps built here is checked against the service's OpenAPI document. */
const contract = useResponseContract(apiDocument());

export function buildApp(overrides: Partial<AppDeps> = {}): Express {
  return contract.check(createApp({ logger: silentLogger(), ...overrides }));
}

export interface LogLine {
  level: number;
  msg: string;
  url?: string;
  status?: number;
  err?: { message?: string; stack?: string };
}

/** A logger that keeps every line it writes, so a test can read what the app logged. */
export function capturingLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = pino(
    { level: 'info' },
    {
      write(line: string) {
        lines.push(JSON.parse(line) as LogLine);
      },
    },
  );
  return { logger, lines };
}

export const HTML = 'text/html; charset=utf-8';
export const JSON_TYPE = 'application/json; charset=utf-8';
export const PLAIN = 'text/plain; charset=utf-8';
