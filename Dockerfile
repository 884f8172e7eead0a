# No `# syntax=` line: it would make BuildKit pull a frontend image from a registry before building,
# and nothing here needs a newer frontend than the one built into every builder (the legacy one too).
# So the file builds with no registry but npm's: NODE_IMAGE can name a locally made base image
# (`npm run compose:up` does that where no registry is reachable, see docs/deployment.md).
#
# One image per service, chosen by the build argument SERVICE:
#   docker build --build-arg SERVICE=products -t node-services/products .
# SERVICE is one of the services listed in services/registry.json.
# The build stage does not depend on SERVICE, so every service image shares it.

ARG NODE_IMAGE=node:20-bookworm-slim

# Only the package manifests and the lock: the dependency layers below stay cached until one changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && cp package.json package-lock.json /manifests/ \
 && find packages services tools -mindepth 2 -maxdepth 2 -name package.json -exec cp --parents {} /manifests/ \;

# Compile what images run: every service (and packages/common, which they reference) and the
# embedded server (for the stand-in database image of tools/compose), not the tools. Install
# scripts are skipped: the compiler needs no native module.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npx tsc -b packages/embedded-mongo services/*/

# The production dependencies of SERVICE alone: the workspaces are narrowed to the service and the
# workspace packages it depends on, then installed without dev and optional packages.
FROM ${NODE_IMAGE} AS deps
ARG SERVICE
WORKDIR /app
COPY --from=manifests /manifests/ ./
COPY tools/launcher/docker/keep-workspaces.mjs /tmp/keep-workspaces.mjs
RUN node /tmp/keep-workspaces.mjs "${SERVICE}" \
 && npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
ENV NODE_ENV=production
WORKDIR /app
# Files stay owned by root and the process runs as the image's unprivileged `node` user, so the
# service cannot rewrite its own code.
COPY --from=deps /app ./
COPY --from=build /app/packages/common/dist packages/common/dist
COPY --from=build /app/services/${SERVICE}/dist services/${SERVICE}/dist
WORKDIR /app/services/${SERVICE}
USER node
# Exec form: node is PID 1 and receives SIGTERM itself, which the service answers with a graceful stop.
# `--import @repo/common/tracing` runs before the service: it starts OpenTelemetry when
# OTEL_EXPORTER_OTLP_ENDPOINT is set (ES modules are only instrumented by a loader hook registered
# before they load) and otherwise returns without loading any OpenTelemetry module. The same flag
# fits anywhere the command is given, e.g. NODE_OPTIONS="--import @repo/common/tracing".
CMD ["node", "--import", "@repo/common/tracing", "dist/main.js"]
