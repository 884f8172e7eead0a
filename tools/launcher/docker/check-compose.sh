#!/usr/bin/env bash
# Validates docker-compose.yml with a real compose parser; no Docker engine is needed for this.
# Uses `docker compose` when the plugin is there, else `docker-compose`, installing Debian's
# docker-compose package when neither is.
set -euo pipefail
cd "$(dirname "$0")/../../.."

# The services, the ports they publish and their secrets, as the registry the launcher reads lists them.
registry() { node -p "const services = require('./services/registry.json'); $1"; }
names="$(registry "services.map((s) => s.name).join(' ')")"
ports="$(registry "services.map((s) => s.launcherPort).join(' ')")"
secrets="$(registry "services.flatMap((s) => s.secrets.map((secret) => secret.variable)).join(' ')")"
read -ra SERVICE_NAMES <<<"$names"
read -ra EXPECTED_PORTS <<<"$ports"
read -ra SECRETS <<<"$secrets"
# Compose runs MongoDB and NATS beside them; `config --services` lists them all, sorted below.
EXPECTED_SERVICES="$(printf '%s\n' "${SERVICE_NAMES[@]}" mongo nats | sort | tr '\n' ' ' | sed 's/ $//')"
# The optional `observability` profile adds these (docker-compose 1 lists them without the
# profile too, Compose 2 only with it; they are set apart before comparing).
PROFILE_SERVICES=(jaeger otel-collector probe-tools prometheus)
WITH_PROFILE="$(printf '%s\n' "${SERVICE_NAMES[@]}" mongo nats "${PROFILE_SERVICES[@]}" | sort | tr '\n' ' ' | sed 's/ $//')"

if docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
else
  if ! command -v docker-compose >/dev/null 2>&1; then
    sudo=()
    if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends docker-compose >/dev/null
  fi
  compose=(docker-compose)
fi
echo "compose parser: $("${compose[@]}" version | head -n 1)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The secrets come from the env file alone, whatever the calling shell has set.
unset_secrets=()
for secret in "${SECRETS[@]}"; do unset_secrets+=(-u "$secret"); done
run_compose() { env "${unset_secrets[@]}" "${compose[@]}" -f docker-compose.yml "$@"; }

# 1. With every variable of .env.example, the file is valid.
run_compose --env-file .env.example config -q

# 2. It declares the expected services, publishes the table's ports and builds each service with its SERVICE.
profile_pattern="^($(IFS='|'; echo "${PROFILE_SERVICES[*]}"))\$"
services="$(run_compose --env-file .env.example config --services | grep -Ev "$profile_pattern" | sort | tr '\n' ' ' | sed 's/ $//')"
if [ "$services" != "$EXPECTED_SERVICES" ]; then
  echo "compose services are \"$services\", expected \"$EXPECTED_SERVICES\"" >&2
  exit 1
fi
services="$(run_compose --env-file .env.example --profile observability config --services | sort | tr '\n' ' ' | sed 's/ $//')"
if [ "$services" != "$WITH_PROFILE" ]; then
  echo "with the observability profile, compose services are \"$services\", expected \"$WITH_PROFILE\"" >&2
  exit 1
fi
# Every long-running service of the profile has a healthcheck (probe-tools only copies a file).
run_compose --env-file .env.example --profile observability config >"$work/observability.yml"
node --input-type=module -e '
  import { readFileSync } from "node:fs";
  import { parse } from "yaml";
  const { services } = parse(readFileSync(process.argv[1], "utf8"));
  const missing = process.argv.slice(2).filter((name) => name !== "probe-tools" && !services[name]?.healthcheck?.test);
  if (missing.length > 0) {
    console.error(`no healthcheck for: ${missing.join(", ")}`);
    process.exit(1);
  }
' "$work/observability.yml" "${PROFILE_SERVICES[@]}"
run_compose --env-file .env.example config >"$work/rendered.yml"
for port in "${EXPECTED_PORTS[@]}"; do
  grep -Eq "published: \"?$port\"?$" "$work/rendered.yml" || {
    echo "port $port is not published" >&2
    exit 1
  }
done
for service in "${SERVICE_NAMES[@]}"; do
  grep -Eq "SERVICE: \"?$service\"?$" "$work/rendered.yml" || {
    echo "no image is built with SERVICE=$service" >&2
    exit 1
  }
done

# 3. Each secret missing from the env file stops compose with a message naming it.
for secret in "${SECRETS[@]}"; do
  grep -v "^$secret=" .env.example >"$work/env"
  if run_compose --env-file "$work/env" config -q 2>"$work/err"; then
    echo "compose accepted a missing $secret" >&2
    exit 1
  fi
  grep -q "set $secret in .env" "$work/err" || {
    echo "compose failed without naming $secret:" >&2
    cat "$work/err" >&2
    exit 1
  }
done

echo "docker-compose.yml: valid; services, ports, build arguments, required secrets and the healthchecked observability profile as expected"
