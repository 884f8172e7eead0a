import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Esbuild from 'esbuild';
import { PAGE_STYLE } from './page-style.js';

/** One file the pages load from `/pages/`. */
export interface PageFile {
  contentType: string;
  body: string;
}

const SCRIPT = 'text/javascript; charset=utf-8';
const STYLE = 'text/css; charset=utf-8';
const BROWSER_DIR = new URL('./browser/', import.meta.url);
/** The files the two pages name in their HTML: without them, no page works. */
const NAMED_BY_PAGES = ['kitchen.js', 'tracker.js', 'pages.css'];

/**
 * Run from source (development, tests) this module is TypeScript, and so are the browser's
 * scripts beside it: esbuild (a development dependency) strips their types. Run from the build,
 * `tsc -b` has compiled them into the same place under dist/, and nothing is transpiled.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');

function compiledScripts(): [string, string][] {
  return readdirSync(BROWSER_DIR)
    .filter((name) => name.endsWith('.js'))
    .map((name) => [name, readFileSync(new URL(name, BROWSER_DIR), 'utf8')]);
}

function transpiledScripts(): [string, string][] {
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  return readdirSync(BROWSER_DIR)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => {
      const source = readFileSync(new URL(name, BROWSER_DIR), 'utf8');
      const { code } = esbuild.transformSync(source, {
        loader: 'ts',
        format: 'esm',
        target: 'es2023',
        sourcefile: name,
      });
      return [name.replace(/\.ts$/, '.js'), code];
    });
}

let files: ReadonlyMap<string, PageFile> | undefined;

/**
 * Every file under `/pages/` by name, read (or transpiled) once, on first use: `createApp` asks
 * for them, so a build that lacks a script its pages name does not start.
 */
export function pageFiles(): ReadonlyMap<string, PageFile> {
  if (files !== undefined) return files;
  const scripts = FROM_SOURCE ? transpiledScripts() : compiledScripts();
  const read = new Map<string, PageFile>([
    ...scripts.map(([name, body]): [string, PageFile] => [name, { contentType: SCRIPT, body }]),
    ['pages.css', { contentType: STYLE, body: PAGE_STYLE }],
  ]);
  const missing = NAMED_BY_PAGES.filter((name) => !read.has(name));
  if (missing.length > 0) {
    throw new Error(
      `the pages' files ${missing.join(', ')} are missing from ${BROWSER_DIR.pathname}`,
    );
  }
  files = read;
  return files;
}
