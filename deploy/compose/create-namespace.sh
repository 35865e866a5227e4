#!/bin/sh
# Waits until the Temporal server of docker-compose.yml answers its health check, then
# registers the namespace the worker and clients use (a no-op when it exists).
set -eu

address="${TEMPORAL_ADDRESS:-temporal:7233}"
namespace="${DEFAULT_NAMESPACE:-default}"
tries=0
until temporal operator cluster health --address "$address" >/dev/null 2>&1; do
  tries=$((tries + 1))
  if [ "$tries" -ge 60 ]; then
    echo "namespace: the server at $address did not become healthy" >&2
    exit 1
  fi
  sleep 2
done
if temporal operator namespace describe --namespace "$namespace" --address "$address" >/dev/null 2>&1; then
  echo "namespace: '$namespace' exists"
else
  temporal operator namespace create --namespace "$namespace" --retention 7d --address "$address"
  echo "namespace: '$namespace' created"
fi
