/**
 * Telemetry of the runnable worker, configured by the standard OpenTelemetry environment
 * variables:
 *
 * - metrics (the SDK's and this project's, src/observability/metric-names.ts) through the
 *   Temporal Runtime's exporter: `OTEL_METRICS_EXPORTER=prometheus` serves them on
 *   `OTEL_EXPORTER_PROMETHEUS_HOST:OTEL_EXPORTER_PROMETHEUS_PORT` (default 127.0.0.1:9464),
 *   `otlp` pushes them to `OTEL_EXPORTER_OTLP_METRICS_ENDPOINT` or `OTEL_EXPORTER_OTLP_ENDPOINT`
 *   (`OTEL_EXPORTER_OTLP_PROTOCOL` grpc or http/protobuf);
 * - traces (workflows, activities, model calls) through @temporalio/interceptors-opentelemetry:
 *   `OTEL_TRACES_EXPORTER=otlp` (OTLP/HTTP to `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` or
 *   `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`); `OTEL_SERVICE_NAME` names the service.
 *
 * Both are off unless asked for. Bad values stop the worker with an error naming the variable.
 */
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { Resource } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OpenTelemetryPlugin } from '@temporalio/interceptors-opentelemetry';
import type { MetricsExporterConfig } from '@temporalio/worker';
import { InvalidConfigError } from '../context/errors';

/** What the worker's telemetry does, from the environment. */
export interface TelemetryConfig {
  serviceName: string;
  /** The Temporal Runtime's metrics exporter, or none. */
  metrics?: MetricsExporterConfig;
  /** OTLP/HTTP endpoint of traces, or none. */
  tracesUrl?: string;
}

function port(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new InvalidConfigError(name, `not a port: '${value}'`);
  return n;
}

function url(name: string, value: string): string {
  try {
    return new URL(value).toString().replace(/\/$/, '');
  } catch {
    throw new InvalidConfigError(name, `not a URL: '${value}'`);
  }
}

/** Reads the telemetry configuration; throws `InvalidConfigError` naming the variable at fault. */
export function telemetryFromEnv(env: Record<string, string | undefined> = process.env): TelemetryConfig {
  const config: TelemetryConfig = { serviceName: env.OTEL_SERVICE_NAME?.trim() || 'durable-context-worker' };
  const metrics = (env.OTEL_METRICS_EXPORTER ?? 'none').trim();
  if (metrics === 'prometheus') {
    const host = env.OTEL_EXPORTER_PROMETHEUS_HOST?.trim() || '127.0.0.1';
    const p = port('OTEL_EXPORTER_PROMETHEUS_PORT', env.OTEL_EXPORTER_PROMETHEUS_PORT ?? '9464');
    config.metrics = { prometheus: { bindAddress: `${host}:${p}`, countersTotalSuffix: true } };
  } else if (metrics === 'otlp') {
    const name = env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT
      ? 'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT'
      : 'OTEL_EXPORTER_OTLP_ENDPOINT';
    const endpoint = env[name];
    if (!endpoint) throw new InvalidConfigError(name, 'is needed when OTEL_METRICS_EXPORTER=otlp');
    const protocol = env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'grpc';
    if (protocol !== 'grpc' && protocol !== 'http/protobuf') {
      throw new InvalidConfigError('OTEL_EXPORTER_OTLP_PROTOCOL', `must be grpc or http/protobuf, got '${protocol}'`);
    }
    config.metrics = { otel: { url: url(name, endpoint), http: protocol === 'http/protobuf' } };
  } else if (metrics !== 'none') {
    throw new InvalidConfigError('OTEL_METRICS_EXPORTER', `must be prometheus, otlp or none, got '${metrics}'`);
  }
  const traces = (env.OTEL_TRACES_EXPORTER ?? 'none').trim();
  if (traces === 'otlp') {
    if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
      config.tracesUrl = url('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
    } else if (env.OTEL_EXPORTER_OTLP_ENDPOINT) {
      config.tracesUrl = `${url('OTEL_EXPORTER_OTLP_ENDPOINT', env.OTEL_EXPORTER_OTLP_ENDPOINT)}/v1/traces`;
    } else {
      throw new InvalidConfigError('OTEL_EXPORTER_OTLP_ENDPOINT', 'is needed when OTEL_TRACES_EXPORTER=otlp');
    }
  } else if (traces !== 'none') {
    throw new InvalidConfigError('OTEL_TRACES_EXPORTER', `must be otlp or none, got '${traces}'`);
  }
  return config;
}

/** The tracing plugin for Worker and Client, and the span processor to flush on shutdown. */
export function tracingPlugin(
  config: TelemetryConfig,
): { plugin: OpenTelemetryPlugin; spans: SpanProcessor } | undefined {
  if (!config.tracesUrl) return undefined;
  const spans = new BatchSpanProcessor(new OTLPTraceExporter({ url: config.tracesUrl }), {
    scheduledDelayMillis: 1_000,
  });
  const resource = new Resource({ 'service.name': config.serviceName });
  // Workflow spans go through the plugin's sink; activity spans through the global tracer.
  const provider = new BasicTracerProvider({ resource });
  provider.addSpanProcessor(spans);
  provider.register();
  return { plugin: new OpenTelemetryPlugin({ resource, spanProcessor: spans }), spans };
}
