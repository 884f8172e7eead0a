#!/usr/bin/env bash
# The template never rots (.ci/run): `npm run new:service` into a temporary copy of the
# repository (its files and node_modules as they are now), one service kept in memory and one on
# MongoDB, then there, with no edit in between, the checks a developer runs after it: lint,
# typecheck, the OpenAPI lint, `npm test` (the new services' tests with everyone's), the
# end-to-end `npm start` (every service ready), the manifests and workflows checks and the short
# fault suite, which sends hostile input to every service.
set -euo pipefail
cd "$(dirname "$0")/../.."

copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT
git ls-files -z --cached --others --exclude-standard |
  while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done |
  xargs -0 cp --parents -t "$copy"
cp -a node_modules "$copy/"
cd "$copy"

npm run new:service -- template-memory
npm run new:service -- template-mongo --storage mongo
npm run lint
npm run typecheck
npm run lint:api
npm test
npm run test:e2e
npm run check --silent -w @repo/deploy-check
npm run lint:workflows --silent -w @repo/deploy-check
npm run faults -- --short
echo "[new:service] the template's services pass every check"
