import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { SseMessage } from '@interlingua/ir';
import { encodeBedrockEventStreamMessage } from '@interlingua/provider-adapters';
import {
  bedrockConverseUpstreamRequestSchema,
  loadRecording,
  recordingJson,
  sendJson,
  type ReceivedRequest,
} from '@interlingua/testkit';
import {
  verifyAwsSigV4,
  type AwsErrorAnswer,
  type AwsTestCredentials,
} from '../../../../packages/provider-adapters/src/providers/bedrock/bedrock-sigv4-verifier.test-support.js';

/** How the loopback Bedrock answers one request that passed signature and schema checks. */
export type Reply = (request: ReceivedRequest, response: ServerResponse) => void | Promise<void>;

export const AWS_REGION = 'us-east-1';
/** The example credentials of the AWS documentation. */
export const AWS_CREDENTIALS: AwsTestCredentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  sessionToken: 'session-token-example',
};

/** The `upstream` provider of the harness as a SigV4-signed Bedrock provider. */
export const BEDROCK_PROVIDER = {
  type: 'bedrock',
  apiKey: undefined,
  options: { region: AWS_REGION, ...AWS_CREDENTIALS },
};

/** What the AWS side currently accepts (tests rotate the secret to provoke a bad signature). */
export const awsSide = { credentials: AWS_CREDENTIALS };

function sendAwsError(response: ServerResponse, error: AwsErrorAnswer): void {
  sendJson(
    response,
    error.status,
    { message: error.message },
    {
      'x-amzn-errortype': `${error.type}:http://internal.amazon.com/coral/com.amazon.coral.service/`,
      'x-amzn-requestid': 'loopback',
    },
  );
}

/**
 * A loopback Bedrock Runtime: it recomputes every request's SigV4 signature with AWS's signing
 * library, validates Converse bodies against the documented schema (answering 400
 * ValidationException as Bedrock would), then hands the request to `reply`.
 */
export function bedrockUpstream(reply: () => Reply): Reply {
  return async (request, response) => {
    const problem = await verifyAwsSigV4(request, awsSide.credentials, AWS_REGION, 'bedrock');
    if (problem) return sendAwsError(response, problem);
    if (!/^\/model\/[^/]+\/converse(-stream)?$/.test(request.url))
      return sendAwsError(response, {
        status: 404,
        type: 'UnknownOperationException',
        message: `No operation at ${request.url}`,
      });
    const body = bedrockConverseUpstreamRequestSchema.safeParse(request.json());
    if (!body.success)
      return sendAwsError(response, {
        status: 400,
        type: 'ValidationException',
        message: body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      });
    return reply()(request, response);
  };
}

/** The last Converse body the loopback accepted. */
export function lastConverseBody(requests: readonly ReceivedRequest[]): Record<string, unknown> {
  const request = requests.filter((r) => r.url.startsWith('/model/')).at(-1);
  if (!request) throw new Error('the loopback Bedrock saw no Converse request');
  return request.json() as Record<string, unknown>;
}

/** Replays a recorded Converse answer (status and body as recorded; errors with their type header). */
export function replayConverse(file: string): Reply {
  const recording = loadRecording(file);
  const body = recordingJson(recording) as { __type?: string };
  const headers: Record<string, string> =
    recording.http_status >= 400 && body.__type ? { 'x-amzn-errortype': body.__type } : {};
  return (_request, response) => sendJson(response, recording.http_status, body, headers);
}

/** Sends event stream frames as ConverseStream does, cut into pieces of `chunkBytes`. */
async function sendFrames(response: ServerResponse, bytes: Uint8Array, chunkBytes = 97): Promise<void> {
  response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': 'loopback' });
  for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
    if (!response.write(bytes.subarray(offset, offset + chunkBytes)))
      await new Promise((resolve) => response.once('drain', resolve));
  }
  response.end();
}

/** A real ConverseStream answer (text, then a `get_capital` call), recorded by pydantic-ai. */
export const RECORDED_TOOL_STREAM = Buffer.from(
  readFileSync(
    new URL(
      '../../../../packages/provider-adapters/src/providers/bedrock/__fixtures__/converse-stream-tool-use.eventstream.b64',
      import.meta.url,
    ),
    'utf8',
  ).replace(/\s+/g, ''),
  'base64',
);

/** Replays the recorded tool-call stream. */
export function replayToolStream(): Reply {
  return (_request, response) => sendFrames(response, RECORDED_TOOL_STREAM);
}

/** Streams documented ConverseStream events (`[eventType, payload]`) in AWS event stream framing. */
export function converseStream(events: Array<[string, Record<string, unknown>]>): Reply {
  const frames = events
    .map(([event, data]): SseMessage => ({ event, data: JSON.stringify(data) }))
    .map(encodeBedrockEventStreamMessage);
  const bytes = Buffer.concat(frames);
  return (_request, response) => sendFrames(response, bytes);
}

/** A short text answer in ConverseStream events, as the API reference describes them. */
export function textStream(text: string[], stopReason = 'end_turn'): Reply {
  return converseStream([
    ['messageStart', { role: 'assistant' }],
    ...text.map((delta): [string, Record<string, unknown>] => [
      'contentBlockDelta',
      { contentBlockIndex: 0, delta: { text: delta } },
    ]),
    ['contentBlockStop', { contentBlockIndex: 0 }],
    ['messageStop', { stopReason }],
    ['metadata', { usage: { inputTokens: 12, outputTokens: 5, totalTokens: 17 }, metrics: { latencyMs: 20 } }],
  ]);
}
