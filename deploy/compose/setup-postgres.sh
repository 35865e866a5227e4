#!/bin/sh
# One-shot schema setup for docker-compose.yml, run in the temporalio/admin-tools image (the
# approach of Temporal's own compose examples, which replaced the auto-setup image): create
# Temporal's two databases and bring their schemas to the version this image ships, then the
# (empty) database of the durable-context content store, whose table the worker creates.
# Every step is idempotent, so a second `docker compose up` runs it again harmlessly.
set -eu

: "${POSTGRES_SEEDS:?POSTGRES_SEEDS must name the PostgreSQL host}"
: "${POSTGRES_USER:?POSTGRES_USER must be set}"
port="${DB_PORT:-5432}"
schemas=/etc/temporal/schema/postgresql/v12

sql() {
  temporal-sql-tool --plugin postgres12 --ep "$POSTGRES_SEEDS" -p "$port" -u "$POSTGRES_USER" "$@"
}

echo "setup: waiting for PostgreSQL at $POSTGRES_SEEDS:$port"
until nc -z -w 5 "$POSTGRES_SEEDS" "$port"; do sleep 1; done

for db in temporal temporal_visibility; do
  case "$db" in
    temporal) dir="$schemas/temporal/versioned" ;;
    *) dir="$schemas/visibility/versioned" ;;
  esac
  echo "setup: database $db"
  sql --db "$db" create
  sql --db "$db" setup-schema -v 0.0
  sql --db "$db" update-schema -d "$dir"
done

echo "setup: database ${DURABLE_CONTEXT_DB:-durable_context} (content store)"
sql --db "${DURABLE_CONTEXT_DB:-durable_context}" create
echo 'setup: done'
