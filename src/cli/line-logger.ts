/**
 * The log of a worker embedded in the CLI (`npm start`): warnings and errors as one line
 * each — the message, the activity and the typed cause — instead of the SDK's multi-line
 * records with stack traces (a 401 printed about 70 lines before the turn's own
 * `✗ ProviderRejected` line, and every retried 503 printed another stack). DEBUG mode
 * (`--debug` or DURABLE_CONTEXT_LOG_LEVEL) keeps the SDK's full records.
 */
import type { LogLevel, LogMetadata, Logger } from '@temporalio/common';
import pc from 'picocolors';
import { describeFailure } from './failure';

const SHOWN: ReadonlySet<LogLevel> = new Set<LogLevel>(['WARN', 'ERROR']);

/** `⚠ Activity failed (callModel, attempt 2): ProviderUnavailable: 503 …` */
export function logLine(level: LogLevel, message: string, meta: LogMetadata = {}): string {
  const where = [meta.activityType, meta.attempt !== undefined ? `attempt ${String(meta.attempt)}` : undefined]
    .filter((x) => x !== undefined && x !== '')
    .join(', ');
  const error = meta.error ?? meta.failure;
  let cause = '';
  if (error !== undefined) {
    const { type, message: text } = describeFailure(error);
    cause = `: ${type}: ${text}`;
  }
  const line = `${level === 'ERROR' ? '✗' : '⚠'} ${message}${where ? ` (${where})` : ''}${cause}`;
  return line.length > 240 ? `${line.slice(0, 239)}…` : line;
}

/** A logger that prints warnings and errors as one dim line each to `write` (stderr by default). */
export class LineLogger implements Logger {
  constructor(private readonly write: (line: string) => void = (l) => process.stderr.write(`${l}\n`)) {}

  log(level: LogLevel, message: string, meta?: LogMetadata): void {
    if (SHOWN.has(level)) this.write(pc.dim(logLine(level, message, meta)));
  }
  trace(message: string, meta?: LogMetadata): void {
    this.log('TRACE', message, meta);
  }
  debug(message: string, meta?: LogMetadata): void {
    this.log('DEBUG', message, meta);
  }
  info(message: string, meta?: LogMetadata): void {
    this.log('INFO', message, meta);
  }
  warn(message: string, meta?: LogMetadata): void {
    this.log('WARN', message, meta);
  }
  error(message: string, meta?: LogMetadata): void {
    this.log('ERROR', message, meta);
  }
}
