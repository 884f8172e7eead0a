import { parseDocument, YAMLSeq } from 'yaml';

// Each edit takes a file's text and returns it with the new service added, touching nothing
// else of it; each fails, naming what it looked for, when the file is not shaped as expected.

export class EditError extends Error {
  override name = 'EditError';
}

/** The JSON list with one more element at its end, the other elements left as they are written. */
export function appendToJsonList(text: string, element: unknown): string {
  const end = text.lastIndexOf(']');
  if (end === -1 || !Array.isArray(JSON.parse(text))) throw new EditError('expected a JSON list');
  const body = JSON.stringify(element, null, 2).replace(/\n/g, '\n  ');
  return `${text.slice(0, end).trimEnd()},\n  ${body}\n${text.slice(end)}`;
}

/** A tsconfig with references to the given folders too (relative to it), each once. */
export function addReferences(text: string, paths: readonly string[]): string {
  const config = JSON.parse(text) as { references?: { path: string }[] };
  const references = config.references ?? [];
  for (const path of paths)
    if (!references.some((reference) => reference.path === path)) references.push({ path });
  return `${JSON.stringify({ ...config, references }, null, 2)}\n`;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/**
 * The block inserted under `services:` right after the block of `after` (the last service the
 * registry lists), so that it sits with the other services and before the compose profiles.
 */
export function insertServiceBlock(text: string, after: string, block: string): string {
  const lines = text.split('\n');
  const start = lines.indexOf(`  ${after}:`);
  if (start === -1) throw new EditError(`expected the service "${after}:" under services:`);
  let end = start + 1;
  while (end < lines.length) {
    const line = lines[end] ?? '';
    if (line.trim() !== '' && indentOf(line) <= 2) break;
    end += 1;
  }
  // Back over the blank lines that separate the block from the next one.
  while (end > start + 1 && (lines[end - 1] ?? '').trim() === '') end -= 1;
  lines.splice(end, 0, '', ...block.trimEnd().split('\n'));
  return lines.join('\n');
}

/** The YAML text with the block appended at its end (a file whose last map is `services:`). */
export function appendBlock(text: string, block: string): string {
  return `${text.trimEnd()}\n${block.trimEnd()}\n`;
}

/** A kustomization whose `resources:` also lists the folder. */
export function addKustomizeResource(text: string, resource: string): string {
  const document = parseDocument(text);
  const resources = document.get('resources');
  if (!(resources instanceof YAMLSeq)) throw new EditError('expected a resources: list');
  if (!resources.items.some((item) => String(item) === resource)) resources.add(resource);
  return document.toString({ lineWidth: 0, flowCollectionPadding: false });
}

/** Prometheus' static targets with one more line after the last of the known services'. */
export function addScrapeTarget(text: string, known: readonly string[], target: string): string {
  const lines = text.split('\n');
  const isKnown = (line: string) => known.some((name) => line.trim().startsWith(`- ${name}:`));
  const last = lines.findLastIndex(isKnown);
  if (last === -1) throw new EditError('expected a static target of a known service');
  const line = lines[last] ?? '';
  lines.splice(last + 1, 0, `${line.slice(0, indentOf(line))}- ${target}`);
  return lines.join('\n');
}

/** The Markdown table that first follows the heading, with one more row at its end. */
export function addTableRow(text: string, heading: string, row: string): string {
  const lines = text.split('\n');
  const at = lines.indexOf(heading);
  if (at === -1) throw new EditError(`expected the heading "${heading}"`);
  const first = lines.findIndex((line, index) => index > at && line.startsWith('|'));
  if (first === -1) throw new EditError(`expected a table under "${heading}"`);
  let end = first;
  while ((lines[end + 1] ?? '').startsWith('|')) end += 1;
  lines.splice(end + 1, 0, row);
  return lines.join('\n');
}
