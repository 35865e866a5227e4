/**
 * Histories recorded from real sessions of every released version (parallel tools,
 * compaction and a history taken mid-compaction, provider faults with retries, a worker
 * killed mid-tool and a history taken mid-tool, every run of a continue-as-new chain,
 * commands queued behind a running tool) replay against the current workflow code. A change
 * that would wedge running sessions with a non-determinism error fails here first.
 * Fixtures: test/fixtures/histories/<version>/ (see its README).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { historyFromJSON, type History } from '@temporalio/common/lib/proto-utils';
import { bundleWorkflowCode, Worker } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';
import { VISIBILITY_PATCH } from '../../src/workflows/visibility';
import {
  ARCHIVE_BY_NEED_PATCH,
  IN_TURN_COMPACTION_PATCH,
  STATE_BLOCK_FITS_PATCH,
  STATE_BLOCK_SHARE_PATCH,
  SUMMARY_FILLS_GOAL_PATCH,
  SUMMARY_GOAL_SHARE_PATCH,
  SUMMARY_SHARE_DEFAULT_PATCH,
  THRESHOLDS_PATCH,
  WITHHOLD_PATCH,
  WITHHOLD_V2_PATCH,
} from '../../src/workflows/compaction';
import { TEXT_OUTPUT_FACTS_PATCH, VERBATIM_ERRORS_PATCH } from '../../src/workflows/turn';
import { installQuietRuntime, workflowBundle } from '../support/temporal';

const HISTORIES_DIR = path.join(__dirname, '..', 'fixtures', 'histories');
/** One folder per released version; each keeps replaying against every later version's code. */
const VERSIONS = readdirSync(HISTORIES_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
/** `<version>/<file>.json`, every recording of every version. */
const FIXTURES = VERSIONS.flatMap((v) =>
  readdirSync(path.join(HISTORIES_DIR, v))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => `${v}/${f}`),
);

type Event = NonNullable<History['events']>[number];

/** The ids of the patches whose markers a history records. */
function patchIds(evs: Event[]): string[] {
  return evs.flatMap((e) => {
    const data = e.markerRecordedEventAttributes?.details?.['patch-data']?.payloads?.[0]?.data;
    return e.markerRecordedEventAttributes?.markerName === 'core_patch' && data
      ? [(JSON.parse(Buffer.from(data).toString()) as { id: string }).id]
      : [];
  });
}

function load(file: string): History {
  return historyFromJSON(JSON.parse(readFileSync(path.join(HISTORIES_DIR, file), 'utf8')));
}

function events(file: string): Event[] {
  return load(file).events ?? [];
}

const scheduled = (evs: Event[], name: string) =>
  evs.filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === name);
const closed = (evs: Event[]) =>
  evs.some(
    (e) =>
      e.workflowExecutionCompletedEventAttributes ||
      e.workflowExecutionContinuedAsNewEventAttributes ||
      e.workflowExecutionFailedEventAttributes,
  );

describe('replay of recorded session histories against the current workflow code', () => {
  beforeAll(() => installQuietRuntime());

  it.each(VERSIONS)('has the fixtures it claims for %s (so the replays below cannot pass vacuously)', (version) => {
    const mine = FIXTURES.filter((f) => f.startsWith(`${version}/`));
    expect(mine.length).toBeGreaterThanOrEqual(5);
    const all = Object.fromEntries(mine.map((f) => [f, events(f)]));
    const some = (p: (evs: Event[]) => boolean) => mine.filter((f) => p(all[f] ?? []));
    // a chain: a run that continued as new, and runs that started from one
    expect(some((evs) => evs.some((e) => e.workflowExecutionContinuedAsNewEventAttributes))).not.toEqual([]);
    expect(
      some((evs) => Boolean(evs[0]?.workflowExecutionStartedEventAttributes?.continuedExecutionRunId)),
    ).not.toEqual([]);
    // compaction, parallel tool batches, retried activities, and open (mid-step) histories
    expect(some((evs) => scheduled(evs, 'summarize').length > 0)).not.toEqual([]);
    expect(some((evs) => scheduled(evs, 'executeTool').length >= 3)).not.toEqual([]);
    expect(some((evs) => evs.some((e) => (e.activityTaskStartedEventAttributes?.attempt ?? 1) > 1))).not.toEqual([]);
    const open = some((evs) => !closed(evs));
    expect(open).toContain(`${version}/mid-compaction-open.json`);
    expect(open).toContain(`${version}/mid-tool-open.json`);
    expect(scheduled(all[`${version}/mid-compaction-open.json`] ?? [], 'summarize').length).toBeGreaterThan(0);
  });

  it.each(FIXTURES)(
    'replays %s',
    async (file) => {
      await expect(
        Worker.runReplayHistory({ workflowBundle: workflowBundle() }, load(file), file),
      ).resolves.toBeUndefined();
    },
    30_000,
  );

  // A continued run carries model facts, fixed overhead and calibration: it must not fetch them again.
  it('a continued run reuses the carried runtime: no describeModel or countFixedOverhead again', () => {
    const continued = FIXTURES.filter((f) =>
      Boolean(events(f)[0]?.workflowExecutionStartedEventAttributes?.continuedExecutionRunId),
    );
    expect(continued).not.toEqual([]);
    for (const f of continued) {
      expect(scheduled(events(f), 'describeModel'), f).toEqual([]);
      expect(scheduled(events(f), 'countFixedOverhead'), f).toEqual([]);
    }
  });

  // One command-changing edit, guarded by patched(): 0.2.0's recordings (before it) and
  // 0.3.0's (after it) both replay above; here: the older ones really lack its marker.
  it('the visibility patch: absent from 0.2.0 recordings, present in 0.3.0 ones, both replay', () => {
    const marker = (evs: Event[]) =>
      evs.some((e) => {
        const details = e.markerRecordedEventAttributes?.details;
        const id = details?.['patch-data']?.payloads?.[0]?.data;
        return (
          e.markerRecordedEventAttributes?.markerName === 'core_patch' &&
          Buffer.from(id ?? [])
            .toString()
            .includes(VISIBILITY_PATCH)
        );
      });
    const of = (v: string) => FIXTURES.filter((f) => f.startsWith(`${v}/`));
    expect(of('0.2.0').length).toBeGreaterThan(0);
    expect(of('0.3.0').length).toBeGreaterThan(0);
    for (const f of of('0.2.0')) expect(marker(events(f)), f).toBe(false);
    expect(of('0.3.0').filter((f) => marker(events(f)))).toEqual(of('0.3.0'));
  });

  // The compaction patches since 0.3.0 (in-turn compaction, summary caps that grow with the goal,
  // the share's default raised, the state block rendered to fit): 0.3.0's recordings lack their
  // markers and replay with the old planners above; 0.4.0's carry them all.
  it('the compaction patches: absent from 0.3.0 recordings, present in 0.4.0 ones that compact, both replay', () => {
    const ids = [
      IN_TURN_COMPACTION_PATCH,
      SUMMARY_GOAL_SHARE_PATCH,
      SUMMARY_SHARE_DEFAULT_PATCH,
      STATE_BLOCK_FITS_PATCH,
    ];
    const of = (v: string) => FIXTURES.filter((f) => f.startsWith(`${v}/`));
    expect(of('0.4.0').length).toBeGreaterThan(0);
    for (const f of of('0.3.0'))
      expect(
        patchIds(events(f)).filter((p) => ids.includes(p)),
        f,
      ).toEqual([]);
    const compacting = of('0.4.0').filter((f) => f.includes('compaction'));
    expect(compacting.length).toBeGreaterThan(0);
    for (const f of compacting) expect(patchIds(events(f)), f).toEqual(expect.arrayContaining(ids));
  });

  // 0.5.0's patches (old results archived by need, the state block within a third of the cap):
  // absent from 0.4.0's recordings, which replay with every old result archived and the whole
  // block above; 0.5.0's that compact carry them.
  it('the 0.5.0 patches: absent from 0.4.0 recordings, present in 0.5.0 ones that compact, both replay', () => {
    const ids = [ARCHIVE_BY_NEED_PATCH, STATE_BLOCK_SHARE_PATCH];
    const of = (v: string) => FIXTURES.filter((f) => f.startsWith(`${v}/`));
    expect(of('0.4.0').length).toBeGreaterThan(0);
    for (const f of of('0.4.0'))
      expect(
        patchIds(events(f)).filter((p) => ids.includes(p)),
        f,
      ).toEqual([]);
    const compacting = of('0.5.0').filter((f) => f.includes('compaction'));
    expect(compacting.length).toBeGreaterThan(0);
    for (const f of compacting) expect(patchIds(events(f)), f).toEqual(expect.arrayContaining(ids));
  });

  // 0.5.1's patch (the default thresholds raised): absent from 0.5.0's recordings, which replay
  // with 0.8 / 0.5 above; present in 0.5.1's that leave the thresholds to the defaults (a session
  // that sets both never asks).
  it('the thresholds patch: absent from 0.5.0 recordings, present in 0.5.1 ones on the defaults, both replay', () => {
    const of = (v: string) => FIXTURES.filter((f) => f.startsWith(`${v}/`));
    const setsBoth = (f: string) => {
      const data = events(f)[0]?.workflowExecutionStartedEventAttributes?.input?.payloads?.[0]?.data;
      const input = JSON.parse(Buffer.from(data ?? []).toString()) as {
        config?: { compaction?: { softThreshold?: number; target?: number } };
      };
      const c = input.config?.compaction ?? {};
      return c.softThreshold !== undefined && c.target !== undefined;
    };
    expect(of('0.5.0').length).toBeGreaterThan(0);
    for (const f of of('0.5.0')) expect(patchIds(events(f)), f).not.toContain(THRESHOLDS_PATCH);
    const onDefaults = of('0.5.1').filter((f) => !setsBoth(f));
    expect(onDefaults.length).toBeGreaterThan(0);
    for (const f of onDefaults) expect(patchIds(events(f)), f).toContain(THRESHOLDS_PATCH);
  });

  // 0.5.2's patch (a range summary fills the goal's room): absent from 0.5.1's recordings, which
  // replay with caps of half the goal above; present in 0.5.2's that compact.
  it('the goal-room patch: absent from 0.5.1 recordings, present in 0.5.2 ones that compact, both replay', () => {
    const of = (v: string) => FIXTURES.filter((f) => f.startsWith(`${v}/`));
    expect(of('0.5.1').length).toBeGreaterThan(0);
    for (const f of of('0.5.1')) expect(patchIds(events(f)), f).not.toContain(SUMMARY_FILLS_GOAL_PATCH);
    const compacting = of('0.5.2').filter((f) => f.includes('compaction'));
    expect(compacting.length).toBeGreaterThan(0);
    for (const f of compacting) expect(patchIds(events(f)), f).toContain(SUMMARY_FILLS_GOAL_PATCH);
  });

  // 0.5.3's patch (history withheld when no summary fits beside the pinned content): absent from
  // 0.5.2's recordings, which replay refusing such calls as before; present in 0.5.3's that compact.
  it('the withholding patch: absent from 0.5.2 recordings, present in 0.5.3 ones that compact, both replay', () => {
    const of = (v: string) => FIXTURES.filter((f) => f.startsWith(`${v}/`));
    expect(of('0.5.2').length).toBeGreaterThan(0);
    for (const f of of('0.5.2')) expect(patchIds(events(f)), f).not.toContain(WITHHOLD_PATCH);
    const compacting = of('0.5.3').filter((f) => f.includes('compaction'));
    expect(compacting.length).toBeGreaterThan(0);
    for (const f of compacting) expect(patchIds(events(f)), f).toContain(WITHHOLD_PATCH);
  });

  // 0.5.4's patch (withheld summaries shown again; the last overflow retry with the pinned content
  // alone), asked at every model call: absent from 0.5.3's recordings, present in every 0.5.4 one that calls the model.
  it('the withholding v2 patch: absent from 0.5.3 recordings, present in 0.5.4 ones, both replay', () => {
    const of = (v: string) => FIXTURES.filter((f) => f.startsWith(`${v}/`));
    expect(of('0.5.3').length).toBeGreaterThan(0);
    for (const f of of('0.5.3')) expect(patchIds(events(f)), f).not.toContain(WITHHOLD_V2_PATCH);
    const calling = of('0.5.4').filter((f) => f.includes('compaction') || f.includes('parallel'));
    expect(calling.length).toBeGreaterThan(0);
    for (const f of calling) expect(patchIds(events(f)), f).toContain(WITHHOLD_V2_PATCH);
  });

  // 0.5.5's patch (error lines kept verbatim in the state block), asked before a step's results are
  // appended until the session's facts carry it: absent from 0.5.4's recordings, present in every 0.5.5 one that runs a tool.
  it('the verbatim error lines patch: absent from 0.5.4 recordings, present in 0.5.5 ones that run tools, both replay', () => {
    const of = (v: string) => FIXTURES.filter((f) => f.startsWith(`${v}/`));
    expect(of('0.5.4').length).toBeGreaterThan(0);
    for (const f of of('0.5.4')) expect(patchIds(events(f)), f).not.toContain(VERBATIM_ERRORS_PATCH);
    // (a recording that ends while its first step's tools run has appended no result yet)
    const running = of('0.5.5').filter((f) => (f.includes('tool') || f.includes('compaction')) && !f.includes('open'));
    expect(running.length).toBeGreaterThan(0);
    for (const f of running) expect(patchIds(events(f)), f).toContain(VERBATIM_ERRORS_PATCH);
  });

  // 0.5.6's patch (a tool's output sent as text is a tool result to the facts), asked when a stored user
  // message says it is one: absent from every earlier recording, present in 0.5.6's text-protocol session.
  it('the text output facts patch: absent before 0.5.6, present in its text-protocol recording, both replay', () => {
    const [major, minor, fix] = [0, 5, 6];
    const earlier = FIXTURES.filter((f) => {
      const [a = 0, b = 0, c = 0] = (f.split('/')[0] as string).split('.').map(Number);
      return a < major || (a === major && (b < minor || (b === minor && c < fix)));
    });
    expect(earlier.length).toBeGreaterThan(0);
    for (const f of earlier) expect(patchIds(events(f)), f).not.toContain(TEXT_OUTPUT_FACTS_PATCH);
    expect(patchIds(events('0.5.6/text-protocol-outputs.json'))).toContain(TEXT_OUTPUT_FACTS_PATCH);
    // a session of tool calls only (no text outputs) never asks
    expect(patchIds(events('0.5.6/parallel-tools.json'))).not.toContain(TEXT_OUTPUT_FACTS_PATCH);
  });

  // 0.5.7 reads the call a text output answers from the reply before it (an activity's input and result
  // only, no command): its recording's results name the call's file; 0.5.6's do not; both replay.
  it("the call a text output answers: in 0.5.7's recorded results, not in 0.5.6's", () => {
    const results = (file: string) =>
      events(file).flatMap((e) => {
        const data = e.activityTaskCompletedEventAttributes?.result?.payloads?.[0]?.data;
        const r = data ? (JSON.parse(Buffer.from(data).toString()) as { textOutput?: { keyArgs?: unknown } }) : {};
        return r.textOutput ? [r.textOutput] : [];
      });
    const before = results('0.5.6/text-protocol-outputs.json');
    expect(before.length).toBeGreaterThan(0);
    for (const r of before) expect(r.keyArgs).toBeUndefined();
    const after = results('0.5.7/text-protocol-outputs.json');
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((r) => r.keyArgs !== undefined)).toBe(true);
  });

  it('fails to replay against a deliberately changed (unversioned) agentSession', async () => {
    const changed = await bundleWorkflowCode({
      workflowsPath: path.join(__dirname, '..', 'support', 'changed-session-workflows', 'index.ts'),
      logger: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} },
    });
    const file = `${VERSIONS[0]}/compaction-threshold-and-manual.json`;
    await expect(Worker.runReplayHistory({ workflowBundle: changed }, load(file), file)).rejects.toBeInstanceOf(
      DeterminismViolationError,
    );
  });
});
