import { join } from 'node:path';
import ts from 'typescript';
import { describeObject, type KubeObject } from './manifests.js';
import { ROOT } from './paths.js';

/**
 * The OpenAPI schemas allow fields they do not describe, so a misspelt field (`readinesProbe`)
 * validates there and is silently dropped by a lenient API server. The same definitions are also
 * TypeScript interfaces in kubernetes-models, and TypeScript refuses an object literal with a
 * property its type does not have: each object is type-checked as a literal of its kind's
 * interface, and only those "unknown property" errors are reported (the schemas judge the rest).
 * TypeScript names the first unknown field of each object; the next shows once that one is fixed.
 */
const UNKNOWN_PROPERTY_CODES = new Set([2353, 2561]);

/** A file that does not exist on disk, placed in this package so its imports resolve from here. */
const VIRTUAL_FILE = join(ROOT, 'tools/deploy-check/src/__strict-fields__.ts');

/** One declaration per object, typed with its kind's interface; `starts` holds each one's first line. */
function sourceFor(objects: readonly KubeObject[]): { text: string; starts: number[] } {
  const lines = objects.map(
    (object, index) =>
      `import type { I${object.kind} as T${index} } from 'kubernetes-models/${object.apiVersion}/${object.kind}';`,
  );
  const starts: number[] = [];
  objects.forEach((object, index) => {
    starts.push(lines.length);
    const declaration = `export const object${index}: T${index} = ${JSON.stringify(object, null, 1)};`;
    lines.push(...declaration.split('\n'));
  });
  return { text: lines.join('\n'), starts };
}

/**
 * Parsed definition files (the standard library, kubernetes-models), kept across checks: they
 * do not change while the process runs, and parsing them is most of a check's time.
 */
const parsedDefinitions = new Map<string, ts.SourceFile>();

/** The fields of each object that its kind does not have, as messages naming the object. */
export function unknownFieldProblems(objects: readonly KubeObject[]): string[] {
  if (objects.length === 0) return [];
  const { text, starts } = sourceFor(objects);
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    // The definitions need only the language's own types, not the DOM's.
    lib: ['lib.es2023.d.ts'],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, ...rest) => {
    if (fileName === VIRTUAL_FILE) return ts.createSourceFile(fileName, text, language);
    const known = parsedDefinitions.get(fileName);
    if (known !== undefined) return known;
    const parsed = getSourceFile(fileName, language, ...rest);
    if (parsed !== undefined) parsedDefinitions.set(fileName, parsed);
    return parsed;
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => fileName === VIRTUAL_FILE || fileExists(fileName);
  const program = ts.createProgram([VIRTUAL_FILE], options, host);
  const file = program.getSourceFile(VIRTUAL_FILE);
  const problems: string[] = [];
  for (const diagnostic of ts.getPreEmitDiagnostics(program, file)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (diagnostic.file === undefined || diagnostic.start === undefined) {
      problems.push(message);
      continue;
    }
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    if (diagnostic.code === 2307) {
      problems.push(`no TypeScript definition to check fields against: ${message}`);
      continue;
    }
    if (!UNKNOWN_PROPERTY_CODES.has(diagnostic.code)) continue;
    const index = starts.findLastIndex((start) => start <= line);
    const object = objects[index];
    problems.push(object === undefined ? message : `${describeObject(object)}: ${message}`);
  }
  return problems;
}
