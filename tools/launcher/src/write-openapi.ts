// `npm run openapi`: writes each service's OpenAPI document to services/<name>/openapi.json, where
// it is committed for client teams and gateways; each service's tests fail while the committed
// file differs from what its code generates.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { API_DOCUMENT_FILE, apiDocumentText, type ApiDocument } from '@repo/common';
import { readServiceRegistry } from './registry.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

interface ServiceModule {
  service: { apiDocument?: () => ApiDocument };
}

for (const { name, dir } of readServiceRegistry()) {
  // The service's own definition, from its sources (this script runs under tsx).
  const module = (await import(
    pathToFileURL(`${repoRoot}${dir}/src/service.ts`).href
  )) as ServiceModule;
  const build = module.service.apiDocument;
  if (build === undefined) throw new Error(`${name}: its service definition has no apiDocument`);
  const file = `${repoRoot}${dir}/${API_DOCUMENT_FILE}`;
  await writeFile(file, apiDocumentText(build()));
  process.stdout.write(`${name}: ${dir}/${API_DOCUMENT_FILE}\n`);
}
