# The stand-in for `mongo:8` where no registry is reachable: the repository's embedded
# MongoDB-compatible server (packages/embedded-mongo) in an image, storing its data under /data/db
# as mongod does. Not a production database (see packages/embedded-mongo/README.md); only
# `npm run compose:up` uses it, through compose.embedded-mongo.yml.
#   docker build -f tools/compose/embedded-mongo.Dockerfile --build-arg NODE_IMAGE=... .
# The first two stages are the service Dockerfile's, word for word, so a builder that has built a
# service image takes them from its cache.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && cp package.json package-lock.json /manifests/ \
 && find packages services tools -mindepth 2 -maxdepth 2 -name package.json -exec cp --parents {} /manifests/ \;

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npx tsc -b packages/embedded-mongo services/*/

# Optional packages stay: lmdb's native binary for linux-x64 is one (@lmdb/lmdb-linux-x64).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY --from=manifests /manifests/ ./
COPY tools/launcher/docker/keep-workspaces.mjs /tmp/keep-workspaces.mjs
RUN node /tmp/keep-workspaces.mjs packages/embedded-mongo \
 && npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/packages/embedded-mongo/dist packages/embedded-mongo/dist
# The data folder belongs to the unprivileged user; a named volume mounted there starts with this
# owner, so the server can write to it without root.
RUN mkdir -p /data/db && chown node:node /data/db
WORKDIR /app/packages/embedded-mongo
USER node
EXPOSE 27017
# node is PID 1 and answers SIGTERM itself: connections closed, storage flushed, exit code 0.
CMD ["node", "dist/cli.js", "--host", "0.0.0.0", "--port", "27017", "--dbpath", "/data/db"]
