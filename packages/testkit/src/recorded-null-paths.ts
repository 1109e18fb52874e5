import { listRecordings, recordingJson, recordingSseBody, type Recording } from './recordings.js';

/**
 * Where a JSON value holds `null`, as paths like `<message_start>.message.stop_sequence` or
 * `.choices[].delta.content`: array indices become `[]`, and a top-level object with a string
 * `type` (a stream event, an Anthropic message) is named by it.
 */
export function nullPaths(value: unknown): string[] {
  const found: string[] = [];
  const record =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  const head = typeof record?.type === 'string' ? `<${record.type}>` : '';
  walk(value, head, found);
  return found;
}

function walk(value: unknown, path: string, found: string[]): void {
  if (value === null) {
    found.push(path);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) walk(item, `${path}[]`, found);
    return;
  }
  if (typeof value === 'object') for (const [key, inner] of Object.entries(value)) walk(inner, `${path}.${key}`, found);
}

/** The JSON payloads of a recording: its body, or every streamed `data:` payload. */
export function recordingPayloads(recording: Recording): unknown[] {
  if (!recording.streaming || recording.http_status >= 400) {
    const body = recordingJson(recording);
    return Array.isArray(body) ? body : [body];
  }
  return recordingSseBody(recording)
    .split('\n')
    .filter((line) => line.startsWith('data:') && line.slice(5).trim() !== '[DONE]')
    .map((line) => JSON.parse(line.slice(5)) as unknown);
}

/** Every path at which the recorded real answers of a style (bodies, stream events, errors) carry `null`. */
export function recordedNullPaths(style: string): Set<string> {
  return new Set(listRecordings(style).flatMap((recording) => recordingPayloads(recording).flatMap(nullPaths)));
}
