import type { ServerResponse } from 'node:http';
import {
  loadRecording,
  recordingJson,
  recordingSseBody,
  sendJson,
  sendSse,
  type ReceivedRequest,
  type SseSendOptions,
} from '@interlingua/testkit';

/** How a loopback upstream answers one request. */
export type Reply = (request: ReceivedRequest, response: ServerResponse) => void | Promise<void>;

/** Replays a recorded JSON answer (status and body as recorded). */
export function replayJson(file: string): Reply {
  const recording = loadRecording(file);
  return (_request, response) => sendJson(response, recording.http_status, recordingJson(recording));
}

/** Replays a recorded stream as SSE. */
export function replaySse(file: string, options: SseSendOptions = {}): Reply {
  const body = recordingSseBody(loadRecording(file));
  return (_request, response) => sendSse(response, body, options);
}

/** A reply that fails the test when the upstream is reached unexpectedly. */
export function noReply(): Reply {
  return () => {
    throw new Error('no reply set');
  };
}

/** The `x-interlingua-warnings` header of an SDK error or response, `''` when absent. */
export function warningsOf(headers: Headers | undefined | null): string {
  return headers?.get('x-interlingua-warnings') ?? '';
}

/** A 1x1 PNG, base64. */
export const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Config sections for error tests: upstream errors reach the caller without the gateway retrying. */
export const NO_RETRIES = { routing: { retries: 0 } };
