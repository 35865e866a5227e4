/**
 * Where the debugging commands get a recorded session: history files (`temporal workflow
 * show --output json`, or test/fixtures/histories/; a continue-as-new chain as several files,
 * oldest first), or a session id on the server (every run of its chain; no worker needed).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { withClient } from '../connect';
import { CliError, messageOf } from '../failure';
import { parseHistoryFile, sessionRuns, type RecordedRun } from '../replay';
import { readSession, type RecordedSession } from './read-history';

/** True when the sources name history files rather than a session. */
export function areHistoryFiles(sources: readonly string[]): boolean {
  return sources.length > 0 && sources.every((s) => s.endsWith('.json') || existsSync(s));
}

/** Reads the recorded session of `sources`: files, or one session id. */
export async function loadRecorded(sources: readonly string[]): Promise<RecordedSession> {
  let runs: RecordedRun[];
  if (areHistoryFiles(sources)) {
    runs = [];
    for (const file of sources) {
      try {
        runs = parseHistoryFile(file, runs);
      } catch (err) {
        throw new CliError(messageOf(err), 'HistoryUnreadable');
      }
    }
  } else {
    if (sources.length !== 1) throw new CliError('give one session id, or history files', 'InvalidInput');
    runs = await withClient((client, target) => sessionRuns(client, target, sources[0] as string));
  }
  const id = areHistoryFiles(sources) ? path.basename(sources[0] as string, '.json') : (sources[0] as string);
  return readSession(
    runs.map((r) => r.history),
    id,
  );
}
