import { z } from 'zod';

/**
 * What Anthropic accepts on `POST /v1/messages` and `POST /v1/messages/count_tokens`, written from
 * its API reference and guides, independent of the codecs under test: loopback upstreams validate
 * what the gateway sends against it.
 *
 * @see https://docs.anthropic.com/en/api/messages
 * @see https://docs.anthropic.com/en/api/messages-count-tokens
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use
 * @see https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking
 */
const cacheControl = z
  .object({ type: z.literal('ephemeral'), ttl: z.enum(['5m', '1h']).optional() })
  .nullable()
  .optional();

/** Tool names: "Must match the regex `^[a-zA-Z0-9_-]{1,64}$`" (tool-use guide). */
export const ANTHROPIC_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/** `tool_use.id` values the API accepts. */
export const ANTHROPIC_TOOL_USE_ID = /^[a-zA-Z0-9_-]+$/;

/** Text blocks: empty text is rejected ("text content blocks must be non-empty"). */
const textBlock = z.object({
  type: z.literal('text'),
  text: z.string().min(1),
  cache_control: cacheControl,
  citations: z.array(z.unknown()).nullable().optional(),
});
const imageSource = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('base64'),
    media_type: z.enum(['image/jpeg', 'image/png', 'image/gif', 'image/webp']),
    data: z.string().min(1),
  }),
  z.object({ type: z.literal('url'), url: z.url() }),
  z.object({ type: z.literal('file'), file_id: z.string().min(1) }),
]);
const imageBlock = z.object({ type: z.literal('image'), source: imageSource, cache_control: cacheControl });
const documentSource = z.discriminatedUnion('type', [
  z.object({ type: z.literal('base64'), media_type: z.literal('application/pdf'), data: z.string().min(1) }),
  z.object({ type: z.literal('text'), media_type: z.literal('text/plain'), data: z.string() }),
  z.object({ type: z.literal('content'), content: z.union([z.string(), z.array(z.union([textBlock, imageBlock]))]) }),
  z.object({ type: z.literal('url'), url: z.url() }),
  z.object({ type: z.literal('file'), file_id: z.string().min(1) }),
]);
const documentBlock = z.object({
  type: z.literal('document'),
  source: documentSource,
  title: z.string().nullable().optional(),
  context: z.string().nullable().optional(),
  citations: z.object({ enabled: z.boolean().optional() }).nullable().optional(),
  cache_control: cacheControl,
});
const toolUseBlock = z.object({
  type: z.literal('tool_use'),
  id: z.string().regex(ANTHROPIC_TOOL_USE_ID),
  name: z.string().regex(ANTHROPIC_TOOL_NAME),
  input: z.record(z.string(), z.unknown()),
  cache_control: cacheControl,
});
const toolResultBlock = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string().regex(ANTHROPIC_TOOL_USE_ID),
  content: z
    .union([
      z.string(),
      z.array(z.union([textBlock, imageBlock, documentBlock, z.looseObject({ type: z.literal('search_result') })])),
    ])
    .optional(),
  is_error: z.boolean().optional(),
  cache_control: cacheControl,
});
/** Thinking blocks go back unmodified, with the signature Anthropic minted. */
const thinkingBlock = z.object({ type: z.literal('thinking'), thinking: z.string(), signature: z.string().min(1) });
const redactedThinkingBlock = z.object({ type: z.literal('redacted_thinking'), data: z.string().min(1) });
/** Server tool blocks (`server_tool_use`, `web_search_tool_result`, …) replayed from earlier answers. */
const serverToolBlock = z.looseObject({ type: z.string().regex(/^(server_tool_use|[a-z_]+_tool_result)$/) });

const userBlock = z.union([textBlock, imageBlock, documentBlock, toolResultBlock]);
const assistantBlock = z.union([textBlock, toolUseBlock, thinkingBlock, redactedThinkingBlock, serverToolBlock]);

const message = z.discriminatedUnion('role', [
  z.object({ role: z.literal('user'), content: z.union([z.string().min(1), z.array(userBlock).min(1)]) }),
  z.object({ role: z.literal('assistant'), content: z.union([z.string(), z.array(assistantBlock)]) }),
  /** Mid-conversation system messages, text only (Claude Code 2.1 sends its environment this way). */
  z.object({ role: z.literal('system'), content: z.union([z.string().min(1), z.array(textBlock).min(1)]) }),
]);

const customTool = z.object({
  type: z.literal('custom').optional(),
  name: z.string().regex(ANTHROPIC_TOOL_NAME),
  description: z.string().optional(),
  input_schema: z.looseObject({
    type: z.literal('object'),
    properties: z.record(z.string(), z.unknown()).nullable().optional(),
    required: z.array(z.string()).nullable().optional(),
  }),
  cache_control: cacheControl,
  strict: z.boolean().optional(),
});
/** Versioned server tools (`web_search_20250305`, `bash_20250124`, …). */
const serverTool = z.looseObject({ type: z.string().regex(/_\d{8}$/), name: z.string().min(1) });

const toolChoice = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auto'), disable_parallel_tool_use: z.boolean().optional() }),
  z.object({ type: z.literal('any'), disable_parallel_tool_use: z.boolean().optional() }),
  z.object({ type: z.literal('tool'), name: z.string().min(1), disable_parallel_tool_use: z.boolean().optional() }),
  z.object({ type: z.literal('none') }),
]);

const thinking = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('enabled'),
    budget_tokens: z.number().int().min(1024),
    display: z.enum(['summarized', 'omitted']).optional(),
  }),
  z.object({ type: z.literal('disabled') }),
  z.object({ type: z.literal('adaptive'), display: z.enum(['summarized', 'omitted']).optional() }),
]);

/** Fields shared by `messages` and `count_tokens`; unknown (newer) top-level fields pass. */
const common = {
  model: z.string().min(1),
  messages: z.array(message).min(1),
  system: z.union([z.string(), z.array(textBlock)]).optional(),
  tools: z.array(z.union([customTool, serverTool])).optional(),
  tool_choice: toolChoice.optional(),
  thinking: thinking.optional(),
  output_config: z
    .looseObject({
      effort: z.string().optional(),
      format: z.object({ type: z.literal('json_schema'), schema: z.record(z.string(), z.unknown()) }).optional(),
    })
    .optional(),
  cache_control: cacheControl,
};

function toolUseIds(content: z.infer<typeof message>['content']): string[] {
  if (typeof content === 'string') return [];
  return content.flatMap((block) => (block.type === 'tool_use' && typeof block.id === 'string' ? [block.id] : []));
}

/** Pairing rules of the tool-use guide: results answer the previous turn's calls, first in their turn. */
function checkToolPairing(messages: ReadonlyArray<z.infer<typeof message>>, context: z.RefinementCtx): void {
  messages.forEach((turn, index) => {
    const blocks = typeof turn.content === 'string' ? [] : turn.content;
    if (turn.role === 'assistant') {
      const ids = toolUseIds(turn.content);
      if (ids.length === 0) return;
      const next = messages[index + 1];
      const answered =
        next && next.role === 'user' && typeof next.content !== 'string'
          ? next.content.flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : []))
          : [];
      const missing = ids.filter((id) => !answered.includes(id));
      if (missing.length > 0 && index + 1 < messages.length) {
        context.addIssue({
          code: 'custom',
          path: ['messages', index],
          message: `tool_use ids were found without tool_result blocks immediately after: ${missing.join(', ')}`,
        });
      }
      return;
    }
    const previous = messages[index - 1];
    const calls = previous ? toolUseIds(previous.content) : [];
    let seenOther = false;
    blocks.forEach((block, position) => {
      if (block.type !== 'tool_result') {
        seenOther = true;
        return;
      }
      if (seenOther)
        context.addIssue({
          code: 'custom',
          path: ['messages', index, 'content', position],
          message: 'tool_result blocks must come first in the user turn',
        });
      const id = String(block.tool_use_id);
      if (!calls.includes(id))
        context.addIssue({
          code: 'custom',
          path: ['messages', index, 'content', position],
          message: `unexpected tool_use_id found in tool_result blocks: ${id}`,
        });
    });
  });
}

/** `POST /v1/messages` body. */
export const anthropicUpstreamRequestSchema = z
  .looseObject({
    ...common,
    max_tokens: z.number().int().min(1),
    stream: z.boolean().optional(),
    stop_sequences: z.array(z.string()).optional(),
    temperature: z.number().min(0).max(1).optional(),
    top_p: z.number().min(0).max(1).optional(),
    top_k: z.number().int().min(0).optional(),
    metadata: z.object({ user_id: z.string().max(256).nullable().optional() }).optional(),
    service_tier: z.enum(['auto', 'standard_only']).optional(),
  })
  .superRefine((body, context) => {
    checkToolPairing(body.messages, context);
    if (body.thinking?.type === 'enabled' && body.thinking.budget_tokens >= body.max_tokens) {
      context.addIssue({
        code: 'custom',
        path: ['thinking', 'budget_tokens'],
        message: 'budget_tokens must be less than max_tokens',
      });
    }
    const forced = body.tool_choice?.type === 'any' || body.tool_choice?.type === 'tool';
    if (forced && body.thinking?.type === 'enabled')
      context.addIssue({
        code: 'custom',
        path: ['tool_choice'],
        message: 'Thinking may not be enabled when tool_choice forces tool use',
      });
    if (body.thinking && body.thinking.type !== 'disabled') checkThinkingKept(body.messages, context);
  });

/**
 * Extended thinking with tool use: the last assistant turn that called tools must start with its
 * thinking (or redacted thinking) block, passed back unmodified.
 * @see https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking#preserving-thinking-blocks
 */
function checkThinkingKept(messages: ReadonlyArray<z.infer<typeof message>>, context: z.RefinementCtx): void {
  const index = messages.findLastIndex((turn) => turn.role === 'assistant');
  const last = messages[index];
  if (!last || typeof last.content === 'string' || !last.content.some((block) => block.type === 'tool_use')) return;
  const first = last.content[0]?.type;
  if (first !== 'thinking' && first !== 'redacted_thinking') {
    context.addIssue({
      code: 'custom',
      path: ['messages', index, 'content', 0],
      message:
        'Expected `thinking` or `redacted_thinking`, but found another block: with thinking on, the last assistant turn must start with its thinking block',
    });
  }
}

/** `POST /v1/messages/count_tokens` body: the Messages fields that shape the prompt, no `max_tokens` nor `stream`. */
export const anthropicUpstreamCountTokensRequestSchema = z.looseObject(common).superRefine((body, context) => {
  checkToolPairing(body.messages, context);
  for (const field of ['max_tokens', 'stream'] as const) {
    if (field in body)
      context.addIssue({ code: 'custom', path: [field], message: `${field}: Extra inputs are not permitted` });
  }
});

export type AnthropicUpstreamRequest = z.infer<typeof anthropicUpstreamRequestSchema>;
