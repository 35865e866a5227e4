/**
 * The needles of the wild family's facts (wild-facts.ts): short phrases, identifiers, paths and
 * values, each built around one fresh lexicon word (wild-words.ts) so that it is unique in its
 * transcript and occurs only where its fact is planted.
 */
import type { Rng } from './rng';
import { STACKS, type Stack } from './wild-outputs';
import { NOUNS, hex, pascal } from './wild-words';

export function goalNeedle(rng: Rng, w: string): string {
  const n = rng.pick(NOUNS);
  return rng.pick([
    `make the ${w} ${n} handler idempotent`,
    `migrate the ${w} exporter to the new ${n} API`,
    `fix double charges in ${w} renewals`,
    `add CSV export to the ${w} dashboard`,
    `stop the ${w} ${n} sync from dropping the last page`,
    `move ${w} ${n}s off the cron box onto the queue`,
    `cut p95 latency of the ${w} search endpoint`,
    `support multiple currencies in ${w} invoices`,
  ]);
}

export function constraintNeedle(rng: Rng, w: string): string {
  return rng.pick([
    `never write to the ${w} table directly`,
    `no new dependencies in ${w}-core`,
    `keep the ${w} API backwards compatible`,
    `do not touch ${w}/legacy`,
    `${w} must stay on Python 3.9`,
    `all ${w} reads go through the replica`,
    `do not log ${w} payloads`,
    `leave ${w}_migrations.lock alone`,
  ]);
}

export function decisionNeedle(rng: Rng, w: string): string {
  const n = rng.pick(NOUNS);
  return rng.pick([
    `${w}-keyed idempotency table`,
    `advisory lock on ${w}_jobs`,
    `${pascal(w)}Adapter over the raw client`,
    `cursor pagination for ${w} exports`,
    `publish ${w} events through the outbox`,
    `retry ${w} calls with jittered backoff`,
    `cache ${w} ${n}s for 30 seconds`,
    `split ${w} into a read model and a write model`,
  ]);
}

export function pendingNeedle(rng: Rng, w: string): string {
  return rng.pick([
    `regenerate the ${w} fixtures`,
    `backfill ${w} rows in staging`,
    `update the ${w} runbook`,
    `remove the ${w} compatibility shim`,
    `add a test for ${w} pagination`,
    `rotate the ${w} API key`,
    `announce the ${w} change in #releases`,
  ]);
}

export type ValueKind = 'env' | 'host' | 'pin' | 'flag' | 'ticket' | 'sha' | 'cron' | 'limit';

export function valueNeedle(rng: Rng, w: string, kind: ValueKind): string {
  switch (kind) {
    case 'env':
      return `${w.toUpperCase()}_${rng.pick(NOUNS).toUpperCase()}_${rng.pick(['PORT', 'TIMEOUT_MS', 'POOL_SIZE', 'MAX_RETRIES'])}=${rng.int(3, 9999)}`;
    case 'host':
      return `${w}-${rng.pick(['db', 'api', 'cache', 'mq'])}-0${rng.int(1, 9)}.${rng.pick(['eu-west-1', 'us-east-2', 'stg', 'prod'])}.internal`;
    case 'pin':
      return rng.chance(0.5)
        ? `${w}-client==${rng.int(1, 9)}.${rng.int(0, 30)}.${rng.int(0, 20)}`
        : `@acme/${w}@${rng.int(1, 9)}.${rng.int(0, 30)}.${rng.int(0, 20)}`;
    case 'flag':
      return `ff_${w}_${rng.pick(NOUNS)}_v${rng.int(2, 5)}`;
    case 'ticket':
      return `${w.toUpperCase()}-${rng.int(100, 9999)}`;
    case 'sha':
      return hex(rng, 10);
    case 'cron':
      return `${rng.pick(['*/15', '5', '30', '*/10', '45'])} ${rng.pick(['3', '1-5', '*/2', '22', '4'])} * * ${rng.pick(['1-5', '0', '*', '6', '1,3,5'])}`;
    case 'limit':
      return `${w}_${rng.pick(NOUNS)}_limit: ${rng.int(2, 5000)}`;
  }
}

/** A source path naming `w`, in the stack's conventions (relative, forward slashes). */
export function needlePath(rng: Rng, stack: Stack, w: string): string {
  const n = rng.pick(NOUNS);
  const ext = STACKS[stack].ext;
  switch (stack) {
    case 'java':
      return `src/main/java/com/acme/${n}/${pascal(w, rng.pick(NOUNS))}.java`;
    case 'dotnet':
      return `src/Acme.${pascal(n)}/${pascal(w, rng.pick(NOUNS))}.cs`;
    case 'swift':
      return `Sources/${pascal(n)}Kit/${pascal(w)}.swift`;
    case 'ts':
      return `${rng.pick(['src', 'packages/core/src', 'apps/web/src'])}/${n}/${w}-${rng.pick(NOUNS)}.ts`;
    default:
      return `${rng.pick(['src', 'lib', 'app'])}/${n}/${w}_${rng.pick(NOUNS)}.${ext}`;
  }
}
