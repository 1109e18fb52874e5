import { accumulateResponse, createSseParser, runMachineSync } from '@interlingua/ir-utils';
import { loadRecording, recordingJson } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { codecFor } from '../../codecs.js';
import { azureOpenAiAdapter } from './azure-openai-adapter.js';
import { azureOpenAiErrorToIr } from './azure-openai-error.js';

const chat = codecFor('openai-chat');

/** Error bodies as Azure OpenAI documents and returns them. */
const CONTENT_FILTER_400 = {
  error: {
    message: "The response was filtered due to the prompt triggering Azure OpenAI's content management policy.",
    type: null,
    param: 'prompt',
    code: 'content_filter',
    status: 400,
    innererror: {
      code: 'ResponsibleAIPolicyViolation',
      content_filter_result: { hate: { filtered: true, severity: 'high' } },
    },
  },
};
const RATE_LIMIT_429 = {
  error: {
    code: '429',
    message:
      'Requests to the ChatCompletions_Create Operation under Azure OpenAI API version 2024-10-21 have exceeded token rate limit of your current OpenAI S0 pricing tier. Please retry after 6 seconds.',
  },
};
const ACCESS_DENIED_401 = {
  error: { code: '401', message: 'Access denied due to invalid subscription key or wrong API endpoint.' },
};
const DEPLOYMENT_NOT_FOUND_404 = {
  error: { code: 'DeploymentNotFound', message: 'The API deployment for this resource does not exist.' },
};
const NOT_SUPPORTED_400 = {
  error: {
    code: 'OperationNotSupported',
    message: 'The chatCompletion operation does not work with the specified model.',
  },
};

describe('azureOpenAiErrorToIr', () => {
  it('maps a prompt blocked by the content filter to invalid-request, keeping param and raw body', () => {
    const error = azureOpenAiErrorToIr(400, CONTENT_FILTER_400);
    expect(error).toMatchObject({
      kind: 'invalid-request',
      code: 'content_filter',
      param: 'prompt',
      status: 400,
      source: 'upstream',
      raw: CONTENT_FILTER_400,
    });
  });

  it('maps numeric codes as statuses and reads the retry hint', () => {
    expect(azureOpenAiErrorToIr(429, RATE_LIMIT_429)).toMatchObject({
      kind: 'rate-limit',
      retryAfterSeconds: 6,
      code: '429',
    });
    expect(azureOpenAiErrorToIr(401, ACCESS_DENIED_401)?.kind).toBe('authentication');
  });

  it('reads the kind from a numeric code even without an HTTP status (in a stream)', () => {
    expect(azureOpenAiErrorToIr(200, RATE_LIMIT_429)?.kind).toBe('rate-limit');
    expect(chat.error.toIr(200, RATE_LIMIT_429).kind).not.toBe('rate-limit');
  });

  it('maps Azure-named codes', () => {
    expect(azureOpenAiErrorToIr(404, DEPLOYMENT_NOT_FOUND_404)?.kind).toBe('not-found');
    expect(azureOpenAiErrorToIr(400, NOT_SUPPORTED_400)?.kind).toBe('unsupported');
  });

  it('leaves bodies with nothing Azure-specific to the wire codec', () => {
    expect(
      azureOpenAiErrorToIr(400, { error: { message: 'bad', type: 'invalid_request_error', code: null } }),
    ).toBeUndefined();
    expect(azureOpenAiErrorToIr(500, 'upstream text')).toBeUndefined();
    expect(azureOpenAiAdapter.hooks?.mapError).toBe(azureOpenAiErrorToIr);
  });
});

describe('Azure answers through the chat codec', () => {
  const recording = loadRecording('openai-chat/14-azure-content-filter.json');

  it('decodes the recorded Azure answer and keeps its content-filter fields', () => {
    const ir = chat.response.toIr(recordingJson(recording)).value;
    const choice = ir.choices[0]!;
    expect(choice.content).toEqual([
      { type: 'text', text: "I'm sorry, as an AI language model, I do not have real-time information. Please check" },
    ]);
    expect(choice.finishReason).toEqual({ unified: 'length', raw: 'length' });
    expect(ir.usage).toMatchObject({ inputTokens: 18, outputTokens: 20, totalTokens: 38 });
    expect(JSON.stringify(ir.extensions?.['openai-chat'])).toContain('prompt_filter_results');
    expect(JSON.stringify(ir.extensions?.['openai-chat'])).toContain('content_filter_results');
  });

  it('reads finish_reason content_filter as the IR content-filter', () => {
    const body = structuredClone(recordingJson(recording)) as { choices: Array<Record<string, unknown>> };
    body.choices[0]!['finish_reason'] = 'content_filter';
    expect(chat.response.toIr(body).value.choices[0]?.finishReason).toEqual({
      unified: 'content-filter',
      raw: 'content_filter',
    });
  });
});

describe('an Azure stream cut by the content filter', () => {
  /** Azure sends the prompt's filter results in a first chunk with no choices. */
  const chunks = [
    {
      id: '',
      object: '',
      created: 0,
      model: '',
      choices: [],
      prompt_filter_results: [
        { prompt_index: 0, content_filter_results: { hate: { filtered: false, severity: 'safe' } } },
      ],
    },
    {
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'gpt-4o',
      choices: [{ index: 0, delta: { role: 'assistant', content: 'Part' }, finish_reason: null }],
    },
    {
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'gpt-4o',
      choices: [
        {
          index: 0,
          delta: {},
          finish_reason: 'content_filter',
          content_filter_results: { violence: { filtered: true, severity: 'medium' } },
        },
      ],
    },
  ];
  const sse = `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`;

  it('decodes to the text so far and the content-filter finish', () => {
    const parser = createSseParser();
    const messages = [...parser.push(new TextEncoder().encode(sse)), ...parser.end()];
    const events = runMachineSync(chat.stream.createDecoder(), messages);
    const ir = accumulateResponse(events);
    expect(ir.choices[0]?.content).toEqual([{ type: 'text', text: 'Part' }]);
    expect(ir.choices[0]?.finishReason).toEqual({ unified: 'content-filter', raw: 'content_filter' });
  });
});
