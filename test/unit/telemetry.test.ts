/** The worker's telemetry configuration from the standard OpenTelemetry variables. */
import { describe, expect, it } from 'vitest';
import { telemetryFromEnv } from '../../src/observability/telemetry';

describe('telemetryFromEnv', () => {
  it('is off by default', () => {
    expect(telemetryFromEnv({})).toEqual({ serviceName: 'durable-context-worker' });
  });

  it('reads Prometheus, OTLP metrics and OTLP traces', () => {
    expect(
      telemetryFromEnv({ OTEL_METRICS_EXPORTER: 'prometheus', OTEL_EXPORTER_PROMETHEUS_PORT: '9999' }).metrics,
    ).toEqual({ prometheus: { bindAddress: '127.0.0.1:9999', countersTotalSuffix: true } });
    expect(
      telemetryFromEnv({ OTEL_METRICS_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4317' }).metrics,
    ).toEqual({ otel: { url: 'http://c:4317', http: false } });
    const t = telemetryFromEnv({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318/' });
    expect(t.tracesUrl).toBe('http://c:4318/v1/traces');
  });

  it.each([
    [{ OTEL_METRICS_EXPORTER: 'statsd' }, 'OTEL_METRICS_EXPORTER'],
    [{ OTEL_METRICS_EXPORTER: 'prometheus', OTEL_EXPORTER_PROMETHEUS_PORT: 'x' }, 'OTEL_EXPORTER_PROMETHEUS_PORT'],
    [{ OTEL_METRICS_EXPORTER: 'otlp' }, 'OTEL_EXPORTER_OTLP_ENDPOINT'],
    [{ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' }, 'OTEL_EXPORTER_OTLP_ENDPOINT'],
    [{ OTEL_TRACES_EXPORTER: 'zipkin' }, 'OTEL_TRACES_EXPORTER'],
  ])('refuses %j naming the variable', (env, name) => {
    expect(() => telemetryFromEnv(env)).toThrow(name);
  });
});
