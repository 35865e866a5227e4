/**
 * `configure <sessionId> --set key=value ...`: builds a configure patch from dotted keys
 * (`compaction.softThreshold=0.7` → `{ compaction: { softThreshold: 0.7 } }`) with JSON
 * values (`0.7`, `true`, `["grep"]`, `{"kind":"extractive"}`; anything that is not JSON is a
 * string, so `model=gpt-4o` needs no quotes). The session validates the patch: a bad field
 * comes back as `✗ InvalidConfig: …` naming it.
 */
import { InvalidArgumentError } from 'commander';
import * as sessions from '../client';
import type { ConfigurePatch, SessionConfig } from '../workflows/types';
import { onSession, withClient } from './connect';

/** One `--set key=value`: the key's path and the parsed value. */
export interface Setting {
  path: string[];
  value: unknown;
}

/** Parses one `--set key=value` (commander collects repeated ones). */
export function parseSetting(text: string, previous: Setting[] = []): Setting[] {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new InvalidArgumentError(`expected key=value, got '${text}'`);
  const key = text.slice(0, eq).trim();
  const path = key.split('.');
  if (path.some((p) => !/^[A-Za-z_$][\w$]*$/.test(p))) {
    throw new InvalidArgumentError(`'${key}' is not a field name (dotted, e.g. compaction.softThreshold)`);
  }
  if (path.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) {
    throw new InvalidArgumentError(`'${key}' is not a field name`);
  }
  const raw = text.slice(eq + 1);
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // not JSON: a plain string such as a model name
  }
  return [...previous, { path, value }];
}

/** Merges settings into one patch; a key set twice keeps its last value. */
export function patchFromSettings(settings: readonly Setting[]): ConfigurePatch {
  const patch: Record<string, unknown> = {};
  for (const { path, value } of settings) {
    let node = patch;
    for (const part of path.slice(0, -1)) {
      const child = node[part];
      if (typeof child !== 'object' || child === null || Array.isArray(child)) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[path[path.length - 1] as string] = value;
  }
  return patch as ConfigurePatch;
}

/** The value at a dotted path of the resulting configuration. */
function valueAt(config: SessionConfig, path: readonly string[]): unknown {
  let node: unknown = config;
  for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

/** `configure <sessionId> --set key=value...`: applies the patch and prints each field's new value. */
export async function runConfigure(sessionId: string, options: { set: Setting[]; json?: boolean }): Promise<void> {
  const patch = patchFromSettings(options.set);
  await withClient((client, target) =>
    onSession(client, target, sessionId, async () => {
      const config = await sessions.configure(client, sessionId, patch);
      if (options.json) {
        console.log(JSON.stringify(config, null, 2));
        return;
      }
      console.log(`Configured session '${sessionId}':`);
      for (const { path } of options.set) console.log(`  ${path.join('.')} = ${JSON.stringify(valueAt(config, path))}`);
    }),
  );
}
