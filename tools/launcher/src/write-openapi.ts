// `npm run openapi`: writes each service's OpenAPI document to services/<name>/openapi.json and,
// for a service that publishes events, their AsyncAPI document to services/<name>/asyncapi.json,
// where they are committed for client teams and gateways; each service's tests fail while a
// committed file differs from what its code generates.
import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  API_DOCUMENT_FILE,
  apiDocumentText,
  ASYNC_API_DOCUMENT_FILE,
  type ApiDocument,
  type AsyncApiDocument,
} from '@repo/common';
import { readServiceRegistry } from './registry.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

interface ServiceModule {
  service: { apiDocument?: () => ApiDocument; asyncApiDocument?: () => AsyncApiDocument };
}

for (const { name, dir } of readServiceRegistry()) {
  // The service's own definition, from its sources (this script runs under tsx).
  const module = (await import(
    pathToFileURL(`${repoRoot}${dir}/src/service.ts`).href
  )) as ServiceModule;
  const build = module.service.apiDocument;
  if (build === undefined) throw new Error(`${name}: its service definition has no apiDocument`);
  await writeFile(`${repoRoot}${dir}/${API_DOCUMENT_FILE}`, apiDocumentText(build()));
  process.stdout.write(`${name}: ${dir}/${API_DOCUMENT_FILE}\n`);
  const events = module.service.asyncApiDocument;
  const eventsFile = `${repoRoot}${dir}/${ASYNC_API_DOCUMENT_FILE}`;
  if (events === undefined) {
    // A service that no longer publishes has no events document to keep.
    await rm(eventsFile, { force: true });
  } else {
    await writeFile(eventsFile, apiDocumentText(events()));
    process.stdout.write(`${name}: ${dir}/${ASYNC_API_DOCUMENT_FILE}\n`);
  }
}
