import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Real provider answers recorded by public projects; see recorded/MANIFEST.md and THIRD_PARTY_NOTICES.md. */
export const RECORDED_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'recorded');

/** `json-schema` rows are API descriptions (the OpenAI judge's schemas), not recordings. */
export type RecordingFormat = 'sse' | 'jsonl-chunks' | 'json' | 'json-reserialized' | 'text' | 'json-schema';

export interface ManifestRow {
  style: string;
  file: string;
  format: RecordingFormat;
  streaming: boolean;
  http_status: number;
  content_type?: string;
  case: string;
  note: string;
  request_uri?: string;
}

export interface Recording extends ManifestRow {
  /** The body as recorded (for `jsonl-chunks`, the jsonl text). */
  body: string;
  /** The sidecar: what the recording means, read from it. */
  expect: Record<string, unknown>;
}

let manifest: ManifestRow[] | undefined;

export function readManifest(): ManifestRow[] {
  manifest ??= JSON.parse(readFileSync(join(RECORDED_DIR, 'MANIFEST.json'), 'utf8')) as ManifestRow[];
  return manifest;
}

export function loadRecording(file: string): Recording {
  const row = readManifest().find((r) => r.file === file);
  if (!row) throw new Error(`no recording named ${file}`);
  return {
    ...row,
    body: readFileSync(join(RECORDED_DIR, file), 'utf8'),
    expect: JSON.parse(readFileSync(join(RECORDED_DIR, `${file}.expect.json`), 'utf8')) as Record<string, unknown>,
  };
}

/** Every recording of a style, optionally filtered. */
export function listRecordings(style: string, filter: (row: ManifestRow) => boolean = () => true): Recording[] {
  return readManifest()
    .filter((row) => row.style === style && filter(row))
    .map((row) => loadRecording(row.file));
}

/**
 * The SSE body a provider sent for a streaming recording. `jsonl-chunks` rows are wrapped as the
 * MANIFEST says: `event: <type>` first for Anthropic and OpenAI Responses, `[DONE]` after chat.
 */
export function recordingSseBody(recording: Recording): string {
  if (recording.format === 'sse') return recording.body;
  if (recording.format !== 'jsonl-chunks') throw new Error(`${recording.file} is not a stream`);
  const named = recording.style === 'anthropic-messages' || recording.style === 'openai-responses';
  let out = '';
  for (const line of recording.body.split('\n')) {
    if (line.trim() === '') continue;
    if (named) out += `event: ${(JSON.parse(line) as { type: string }).type}\n`;
    out += `data: ${line}\n\n`;
  }
  if (recording.style === 'openai-chat') out += 'data: [DONE]\n\n';
  return out;
}

/** The parsed JSON body of a non-streaming recording. */
export function recordingJson(recording: Recording): unknown {
  return JSON.parse(recording.body) as unknown;
}
