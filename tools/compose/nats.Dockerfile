# The stand-in for `nats:2.10-alpine` where no registry is reachable: Debian's nats-server package
# on NODE_IMAGE (the services' base image, itself made locally there), run as the unprivileged
# `node` user with the JetStream store under /data. Only `npm run compose:up` uses it, through
# compose.nats.yml, which gives it the command of docker-compose.yml.
#   docker build -f tools/compose/nats.Dockerfile --build-arg NODE_IMAGE=... tools/compose

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE}
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nats-server \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data \
 && chown node:node /data
USER node
EXPOSE 4222 8222
# nats-server is PID 1 and handles SIGTERM itself.
CMD ["nats-server", "--jetstream", "--store_dir", "/data", "--http_port", "8222"]
