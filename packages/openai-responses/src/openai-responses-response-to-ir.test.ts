import type { IrResponse } from '@interlingua/ir';
import { IrError, checkUsageInvariants } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { listRecordings, recordingJson } from '@interlingua/testkit';
import { openAiResponsesResponseFromIr } from './ir-to-openai-responses-response.js';
import { readResponseExtensions } from './openai-responses-extensions.js';
import { openAiResponsesResponseToIr } from './openai-responses-response-to-ir.js';
import { comparable, describeExpect, describeIr } from './openai-responses-recording-expectations.test-support.js';
import { openAiResponsesStrictResponseSchema } from './openai-responses-strict-response-schema.js';

const answers = listRecordings('openai-responses', (row) => !row.streaming && row.http_status === 200);

describe('openAiResponsesResponseToIr on the recordings', () => {
  it.each(answers.map((r) => [r.file, r] as const))('%s matches its sidecar', (_file, recording) => {
    const { value: ir } = openAiResponsesResponseToIr(recordingJson(recording));
    expect(describeIr(ir)).toEqual(describeExpect(recording.expect));
    expect(ir.usage && checkUsageInvariants(ir.usage)).toEqual([]);
    const ext = readResponseExtensions(ir.extensions);
    // Web searches and url citations are the IR's own parts and citations; the rest stays in extensions.
    const parts = ir.choices[0]?.content ?? [];
    const searches = parts.flatMap((part) => (part.type === 'web-search' ? ['web_search_call'] : []));
    expect([...searches, ...(ext.outputItems ?? []).map((entry) => entry.item.type)]).toEqual(
      recording.expect.other_output_items,
    );
    const annotationTypes = Object.values(ext.annotations ?? {}).flatMap((list) =>
      list.map((a) => (a as { type: string }).type),
    );
    const citations = parts.flatMap((part) => (part.type === 'text' ? (part.citations ?? []) : []));
    expect([...annotationTypes, ...citations.map(() => 'url_citation')]).toEqual(recording.expect.annotation_types);
  });

  it.each(answers.map((r) => [r.file, r] as const))(
    '%s re-encodes under the strict schema and decodes back to the same IR',
    (_file, recording) => {
      const { value: ir } = openAiResponsesResponseToIr(recordingJson(recording));
      const { value: wire } = openAiResponsesResponseFromIr(ir);
      const strict = openAiResponsesStrictResponseSchema.safeParse(wire);
      expect(strict.error?.issues ?? []).toEqual([]);
      const { value: again } = openAiResponsesResponseToIr(wire);
      expect(comparable(again)).toEqual(comparable(ir));
      const { value: bare } = openAiResponsesResponseFromIr({ ...ir, extensions: undefined });
      expect(openAiResponsesStrictResponseSchema.safeParse(bare).error?.issues ?? []).toEqual([]);
    },
  );

  it('keeps encrypted reasoning as openai opaque data with the item id', () => {
    const recording = answers.find((r) => r.file.includes('08-reasoning'));
    const { value: ir } = openAiResponsesResponseToIr(recordingJson(recording!));
    const reasoning = ir.choices[0]?.content[0];
    expect(reasoning?.type).toBe('reasoning');
    if (reasoning?.type !== 'reasoning') return;
    expect(reasoning.opaque).toMatchObject({
      origin: 'openai',
      kind: 'encrypted',
      itemId: 'rs_0b028a7a2aca8d68006942f4e0d380819398dfa502c33bce7b',
    });
    expect(ir.usage).toMatchObject({ inputTokens: 34, outputTokens: 226, reasoningTokens: 59, totalTokens: 260 });
  });

  it('maps tool-call answers to the tool-calls finish reason, keeping the raw status', () => {
    const recording = answers.find((r) => r.file.includes('06-parallel'));
    const { value: ir } = openAiResponsesResponseToIr(recordingJson(recording!));
    expect(ir.choices[0]?.finishReason).toEqual({ unified: 'tool-calls', raw: 'completed' });
  });

  it('maps incomplete and failed answers', () => {
    const base = { id: 'resp_1', object: 'response', created_at: 1, model: 'm', output: [] };
    const length = openAiResponsesResponseToIr({
      ...base,
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
    }).value;
    expect(length.choices[0]?.finishReason).toEqual({ unified: 'length', raw: 'max_output_tokens' });
    const filter = openAiResponsesResponseToIr({
      ...base,
      status: 'incomplete',
      incomplete_details: { reason: 'content_filter' },
    }).value;
    expect(filter.choices[0]?.finishReason).toEqual({ unified: 'content-filter', raw: 'content_filter' });
    const failed = openAiResponsesResponseToIr({
      ...base,
      status: 'failed',
      error: { code: 'server_error', message: 'boom' },
    }).value;
    expect(failed.choices[0]?.finishReason).toEqual({ unified: 'error', raw: 'failed' });
    const wire = openAiResponsesResponseFromIr(failed).value;
    expect(wire.error).toEqual({ code: 'server_error', message: 'boom' });
    const lengthWire = openAiResponsesResponseFromIr(length).value;
    expect(lengthWire).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } });
  });

  it('throws upstream-error for bodies that are not responses', () => {
    for (const body of [null, 'text', { error: { message: 'x' } }, { id: 'r', output: 'nope' }]) {
      expect(() => openAiResponsesResponseToIr(body)).toThrow(IrError);
      try {
        openAiResponsesResponseToIr(body);
      } catch (error) {
        expect((error as IrError).data.kind).toBe('upstream-error');
      }
    }
  });
});

describe('openAiResponsesResponseFromIr', () => {
  const ir: IrResponse = {
    id: 'resp_abc',
    model: 'gpt-x',
    created: 10,
    choices: [
      {
        index: 0,
        content: [
          { type: 'reasoning', text: 'think', opaque: { origin: 'anthropic', kind: 'signature', data: 'sig' } },
          { type: 'text', text: 'Hello ' },
          { type: 'text', text: 'world' },
          { type: 'tool-call', id: 'call_1', name: 'f', argumentsJson: '{"a":1}' },
          { type: 'refusal', text: 'no' },
        ],
        finishReason: { unified: 'tool-calls', raw: 'tool_use' },
      },
    ],
    usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15, cacheReadTokens: 2, reasoningTokens: 1 },
  };

  it('writes a strict response with generated ids, no foreign opaque data, and the echo', () => {
    const { value } = openAiResponsesResponseFromIr(ir, { instructions: 'be nice', temperature: 0.5 });
    expect(openAiResponsesStrictResponseSchema.safeParse(value).error?.issues ?? []).toEqual([]);
    expect(value.output).toEqual([
      { type: 'reasoning', id: 'rs_abc_0', summary: [{ type: 'summary_text', text: 'think' }] },
      {
        type: 'message',
        id: 'msg_abc_1',
        role: 'assistant',
        status: 'completed',
        content: [
          { type: 'output_text', text: 'Hello ', annotations: [], logprobs: [] },
          { type: 'output_text', text: 'world', annotations: [], logprobs: [] },
        ],
      },
      {
        type: 'function_call',
        id: 'fc_abc_2',
        call_id: 'call_1',
        name: 'f',
        arguments: '{"a":1}',
        status: 'completed',
      },
      {
        type: 'message',
        id: 'msg_abc_3',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'refusal', refusal: 'no' }],
      },
    ]);
    expect(value).toMatchObject({
      status: 'completed',
      instructions: 'be nice',
      temperature: 0.5,
      incomplete_details: null,
      error: null,
    });
    expect(value.usage).toEqual({
      input_tokens: 10,
      input_tokens_details: { cached_tokens: 2, cache_write_tokens: 0 },
      output_tokens: 5,
      output_tokens_details: { reasoning_tokens: 1 },
      total_tokens: 15,
    });
  });

  it('warns when choices beyond the first are dropped', () => {
    const second = { index: 1, content: [], finishReason: { unified: 'stop' as const, raw: null } };
    const { warnings } = openAiResponsesResponseFromIr({ ...ir, choices: [...ir.choices, second] });
    expect(warnings.map((w) => w.field)).toContain('choices');
  });
});
