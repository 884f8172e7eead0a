// `npm run lint:api`: Spectral with the repository's .spectral.yaml (spectral:oas and the OWASP
// API Security ruleset) over every services/*/openapi.json, exit 1 on any error; then with
// .spectral-asyncapi.yaml (spectral:asyncapi) over every services/*/asyncapi.json, exit 1 on any
// warning. The rules a service's contract turns off are its `apiLintExceptions` in
// services/registry.json, added here as Spectral overrides of that service's OpenAPI document
// alone. The pinned Spectral CLI and ruleset are installed once into a cache folder, not into the
// workspace: they would add some 180 packages to every `npm ci` (docs/testing.md).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { cachedInstall } from './cached-install.mjs';

const PACKAGES = ['@stoplight/spectral-cli@6.16.3', '@stoplight/spectral-owasp-ruleset@2.0.1'];
const CLI = join('node_modules', '@stoplight', 'spectral-cli', 'dist', 'index.js');

const root = dirname(dirname(fileURLToPath(import.meta.url)));

function say(message) {
  process.stderr.write(`[lint:api] ${message}\n`);
}

let installDir;
try {
  installDir = cachedInstall({
    name: PACKAGES.map((spec) => spec.replace(/^@stoplight\//, '')).join('+'),
    packages: PACKAGES,
    marker: CLI,
  });
} catch (error) {
  say(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

/** `file` of every service folder that has one (services/<name>/<file>). */
function serviceDocuments(file) {
  return readdirSync(join(root, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join('services', entry.name, file))
    .filter((document) => existsSync(join(root, document)));
}

const documents = serviceDocuments('openapi.json');
if (documents.length === 0) {
  say('no services/*/openapi.json found');
  process.exit(1);
}

// Spectral reads an override's files relative to the ruleset that holds it.
const rulesetDir = mkdtempSync(join(tmpdir(), 'lint-api-'));
const registry = JSON.parse(readFileSync(join(root, 'services', 'registry.json'), 'utf8'));
const overrides = registry.flatMap((service) =>
  (service.apiLintExceptions ?? []).map((exception) => {
    const document = relative(rulesetDir, join(root, 'services', service.name, 'openapi.json'));
    return {
      files: (exception.at ?? ['']).map((pointer) => `${document}${pointer}`),
      rules: Object.fromEntries(exception.rules.map((rule) => [rule, 'off'])),
    };
  }),
);
const ruleset = join(rulesetDir, 'ruleset.json');
writeFileSync(ruleset, JSON.stringify({ extends: [join(root, '.spectral.yaml')], overrides }));

/** Spectral over `files` with `ruleset`; its exit status. */
function spectral(rulesetFile, failSeverity, files) {
  // The ruleset names the OWASP package by its npm name; NODE_PATH lets Spectral find it in the
  // cache folder.
  const lint = spawnSync(
    process.execPath,
    [
      join(installDir, CLI),
      'lint',
      '--ruleset',
      rulesetFile,
      '--fail-severity',
      failSeverity,
      ...files,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_PATH: join(installDir, 'node_modules') },
    },
  );
  if (lint.error) throw lint.error;
  return lint.status ?? 1;
}

let status;
try {
  status = spectral(ruleset, 'error', documents);
} finally {
  rmSync(rulesetDir, { recursive: true, force: true });
}
// A service that publishes nothing has no asyncapi.json; a repository may have none.
const eventDocuments = serviceDocuments('asyncapi.json');
if (eventDocuments.length > 0) {
  const eventStatus = spectral(join(root, '.spectral-asyncapi.yaml'), 'warn', eventDocuments);
  if (status === 0) status = eventStatus;
}
process.exitCode = status;
