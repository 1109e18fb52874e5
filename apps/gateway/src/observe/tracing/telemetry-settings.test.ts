import { describe, expect, it } from 'vitest';
import { telemetrySchema } from '../../config/telemetry-schema.js';
import { telemetrySettings } from './telemetry-settings.js';

const block = (fields: Record<string, unknown> = {}) => telemetrySchema.parse(fields);

describe('telemetry settings', () => {
  it('are off with no block and no OTEL_* endpoint', () => {
    expect(telemetrySettings(block(), {})).toBeUndefined();
    expect(telemetrySettings(block(), { OTEL_SERVICE_NAME: 'x' })).toBeUndefined();
  });

  it('turn on from OTEL_EXPORTER_OTLP_ENDPOINT, appending /v1/traces, protobuf by default', () => {
    expect(
      telemetrySettings(block(), { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318/', OTEL_SERVICE_NAME: 'edge' }),
    ).toEqual({
      tracesUrl: 'http://127.0.0.1:4318/v1/traces',
      protocol: 'http/protobuf',
      serviceName: 'edge',
      headers: {},
      captureMessageContent: false,
    });
  });

  it('record message contents only on an explicit opt-in: the block, else the standard variable', () => {
    const on = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318' };
    expect(telemetrySettings(block(), on)?.captureMessageContent).toBe(false);
    expect(
      telemetrySettings(block(), { ...on, OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'TRUE ' })
        ?.captureMessageContent,
    ).toBe(true);
    expect(
      telemetrySettings(block(), { ...on, OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'yes' })
        ?.captureMessageContent,
    ).toBe(false);
    expect(
      telemetrySettings(block({ captureMessageContent: false }), {
        ...on,
        OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'true',
      })?.captureMessageContent,
    ).toBe(false);
    expect(telemetrySettings(block({ captureMessageContent: true }), on)?.captureMessageContent).toBe(true);
  });

  it('take OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as is, and the traces protocol before the general one', () => {
    const settings = telemetrySettings(block(), {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:4318/custom',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
    });
    expect(settings).toMatchObject({
      tracesUrl: 'http://b:4318/custom',
      protocol: 'http/json',
      serviceName: 'interlingua-gateway',
    });
  });

  it('let the block win over the environment, and enabled: false keep them off', () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_SERVICE_NAME: 'env-name' };
    expect(
      telemetrySettings(block({ endpoint: 'http://c:4318', serviceName: 'cfg', sampleRatio: 0.25 }), env),
    ).toMatchObject({ tracesUrl: 'http://c:4318/v1/traces', serviceName: 'cfg', sampleRatio: 0.25 });
    expect(telemetrySettings(block({ enabled: false }), env)).toBeUndefined();
    expect(telemetrySettings(block({ enabled: true }), {})).toMatchObject({
      tracesUrl: 'http://localhost:4318/v1/traces',
    });
  });

  it('stay off when OTEL_SDK_DISABLED or OTEL_TRACES_EXPORTER=none says so', () => {
    expect(
      telemetrySettings(block(), { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBeUndefined();
    expect(
      telemetrySettings(block(), { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_TRACES_EXPORTER: 'none' }),
    ).toBeUndefined();
  });

  it('refuse grpc, naming the variable', () => {
    expect(() =>
      telemetrySettings(block(), { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }),
    ).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL=grpc.*http\/protobuf or http\/json/);
  });

  it('refuse a block endpoint that is not http(s)', () => {
    expect(() => block({ endpoint: 'ftp://a' })).toThrow();
  });
});
