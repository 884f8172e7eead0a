import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { API_DOCUMENT_FILE, apiDocumentText, type ApiDocument } from '../openapi/api-document.js';

/**
 * Whether `services/<name>/openapi.json` (or the service's other document `name`) is exactly what
 * the code generates; the text says what to run when it is not.
 */
export async function committedDocumentDrift(
  serviceDir: string,
  document: object,
  name = API_DOCUMENT_FILE,
): Promise<string | undefined> {
  const file = join(serviceDir, name);
  const committed = await readFile(file, 'utf8').catch(() => undefined);
  if (committed === undefined) return `${file} is missing: run npm run openapi and commit it`;
  return committed === apiDocumentText(document)
    ? undefined
    : `${file} differs from the document the code generates: run npm run openapi and commit it`;
}

/** `METHOD /path` of every operation in the document. */
export function documentedRoutes(document: ApiDocument): string[] {
  const routes: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']) {
      if ((item as Record<string, unknown>)[method] !== undefined) {
        routes.push(`${method.toUpperCase()} ${path}`);
      }
    }
  }
  return routes.sort();
}
