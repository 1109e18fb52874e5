import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI, type Content, type Part } from '@google/genai';
import OpenAI from 'openai';
import { CARRIER_PREFIX } from '../reasoning/reasoning-carrier.js';
import { GATEWAY_KEY } from './gateway-harness.test-support.js';
import {
  generationRequests,
  ROUTE_OF,
  startSwitchHarness,
  type SwitchHarness,
  type SwitchUpstream,
} from './reasoning-switch-harness.test-support.js';

export const QUESTION = 'What is the weather in Paris and Rome, then in Oslo and Lima?';
export const FINAL_TEXT = 'Sunny everywhere.';
const WEATHER_PARAMETERS = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } as const;
const TOOL_OUTPUT = '{"sky":"sunny"}';

/** What one step of a conversation gave the caller. */
export interface StepAnswer {
  /** Names of the tools called (empty on the final step). */
  calls: string[];
  text: string;
  /** The `x-interlingua-warnings` header. */
  warnings: string | null;
}

/** A caller style driving a conversation through its official SDK, echoing each answer verbatim. */
export interface CallerDriver {
  style: string;
  /** Runs one step on `route`, appending the answer and the tool results to the conversation; `stream` where the driver can. */
  step(route: string, stream?: boolean): Promise<StepAnswer>;
  /** Appends a user message (a follow-up question after a final answer). */
  tell(text: string): void;
}

export function anthropicCaller(url: string): CallerDriver {
  const client = new Anthropic({ apiKey: GATEWAY_KEY, baseURL: url, maxRetries: 0 });
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: QUESTION }];
  return {
    style: 'Anthropic Messages',
    tell: (text) => void messages.push({ role: 'user', content: text }),
    async step(route, stream) {
      const params: Anthropic.MessageCreateParamsNonStreaming = {
        model: route,
        max_tokens: 4096,
        thinking: { type: 'enabled', budget_tokens: 1024 },
        tools: [
          {
            name: 'weather',
            description: 'Weather in a city',
            input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          },
        ],
        messages,
      };
      const { data, response } = stream
        ? await streamedMessage(client, params)
        : await client.messages.create(params).withResponse();
      messages.push({ role: 'assistant', content: data.content });
      const calls = data.content.flatMap((block) => (block.type === 'tool_use' ? [block] : []));
      if (calls.length > 0)
        messages.push({
          role: 'user',
          content: calls.map((call) => ({ type: 'tool_result' as const, tool_use_id: call.id, content: TOOL_OUTPUT })),
        });
      const text = data.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
      return { calls: calls.map((call) => call.name), text, warnings: response.headers.get('x-interlingua-warnings') };
    },
  };
}

/** A streamed Messages call read to its final message, as SDK users do. */
async function streamedMessage(
  client: Anthropic,
  params: Anthropic.MessageCreateParamsNonStreaming,
): Promise<{ data: Anthropic.Message; response: Response }> {
  const stream = client.messages.stream(params);
  const { response } = await stream.withResponse();
  return { data: await stream.finalMessage(), response };
}

/** A chat caller that sends each assistant message back as it received it (with `reasoning_details`). */
export function chatCaller(url: string): CallerDriver {
  return chatDriver(url, (message) => message);
}

/** A chat caller that rebuilds assistant messages from content and tool calls, as many frameworks do. */
export function rebuildingChatCaller(url: string): CallerDriver {
  return chatDriver(url, (message) => ({
    role: 'assistant',
    content: message.content,
    ...(message.tool_calls ? { tool_calls: message.tool_calls } : {}),
  }));
}

function chatDriver(
  url: string,
  echo: (message: OpenAI.ChatCompletionMessage) => OpenAI.ChatCompletionMessageParam,
): CallerDriver {
  let warnings: string | null = null;
  /** The `x-interlingua-warnings` of the last answer (the stream helper does not hand out its response). */
  const fetchKeepingWarnings: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    warnings = response.headers.get('x-interlingua-warnings');
    return response;
  };
  const client = new OpenAI({ apiKey: GATEWAY_KEY, baseURL: `${url}/v1`, maxRetries: 0, fetch: fetchKeepingWarnings });
  const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: QUESTION }];
  return {
    style: 'OpenAI chat',
    tell: (text) => void messages.push({ role: 'user', content: text }),
    async step(route, stream) {
      const params: Omit<OpenAI.ChatCompletionCreateParamsNonStreaming, 'stream'> = {
        model: route,
        reasoning_effort: 'low',
        tools: [{ type: 'function', function: { name: 'weather', parameters: WEATHER_PARAMETERS } }],
        messages,
      };
      // Streamed: the SDK's own helper assembles the message, as its users read it.
      const data = stream
        ? await client.chat.completions.stream(params).finalChatCompletion()
        : await client.chat.completions.create(params);
      const message = data.choices[0]?.message;
      if (!message) throw new Error('no choice');
      messages.push(echo(message));
      const calls = (message.tool_calls ?? []).flatMap((call) => (call.type === 'function' ? [call] : []));
      for (const call of calls) messages.push({ role: 'tool', tool_call_id: call.id, content: TOOL_OUTPUT });
      return { calls: calls.map((call) => call.function.name), text: message.content ?? '', warnings };
    },
  };
}

export function responsesCaller(url: string): CallerDriver {
  const client = new OpenAI({ apiKey: GATEWAY_KEY, baseURL: `${url}/v1`, maxRetries: 0 });
  const input: OpenAI.Responses.ResponseInputItem[] = [{ role: 'user', content: QUESTION }];
  return {
    style: 'OpenAI Responses (stateless)',
    tell: (text) => void input.push({ role: 'user', content: text }),
    async step(route, stream) {
      const params: OpenAI.Responses.ResponseCreateParamsNonStreaming = {
        model: route,
        store: false,
        include: ['reasoning.encrypted_content'],
        reasoning: { effort: 'low', summary: 'auto' },
        tools: [{ type: 'function', name: 'weather', parameters: WEATHER_PARAMETERS, strict: false }],
        input,
      };
      const { data, response } = stream
        ? await streamedResponse(client, params)
        : await client.responses.create(params).withResponse();
      input.push(...(data.output as OpenAI.Responses.ResponseInputItem[]));
      const calls = data.output.flatMap((item) => (item.type === 'function_call' ? [item] : []));
      for (const call of calls)
        input.push({ type: 'function_call_output', call_id: call.call_id, output: TOOL_OUTPUT });
      return {
        calls: calls.map((call) => call.name),
        text: outputText(data),
        warnings: response.headers.get('x-interlingua-warnings'),
      };
    },
  };
}

/** The text of a response's message items (streamed responses have no `output_text`). */
function outputText(response: OpenAI.Responses.Response): string {
  return response.output
    .flatMap((item) =>
      item.type === 'message' ? item.content.flatMap((part) => (part.type === 'output_text' ? [part.text] : [])) : [],
    )
    .join('');
}

/** A streamed Responses call read to its final response. */
async function streamedResponse(
  client: OpenAI,
  params: OpenAI.Responses.ResponseCreateParamsNonStreaming,
): Promise<{ data: OpenAI.Responses.Response; response: Response }> {
  const { data: events, response } = await client.responses.create({ ...params, stream: true }).withResponse();
  let final: OpenAI.Responses.Response | undefined;
  for await (const event of events) if (event.type === 'response.completed') final = event.response;
  if (!final) throw new Error('the stream ended without response.completed');
  return { data: final, response };
}

export function geminiCaller(url: string): CallerDriver {
  const ai = new GoogleGenAI({ apiKey: GATEWAY_KEY, httpOptions: { baseUrl: url, timeout: 10_000 } });
  const contents: Content[] = [{ role: 'user', parts: [{ text: QUESTION }] }];
  return {
    style: 'Gemini',
    tell: (text) => void contents.push({ role: 'user', parts: [{ text }] }),
    async step(route, stream) {
      const params = {
        model: route,
        contents,
        config: {
          thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 },
          tools: [
            {
              functionDeclarations: [
                { name: 'weather', description: 'Weather in a city', parametersJsonSchema: WEATHER_PARAMETERS },
              ],
            },
          ],
        },
      };
      const { content, warnings } = stream
        ? await streamedGeminiContent(ai, params)
        : await wholeGeminiContent(ai, params);
      contents.push(content);
      const calls = (content.parts ?? []).flatMap((part) => (part.functionCall ? [part.functionCall] : []));
      if (calls.length > 0) {
        const parts: Part[] = calls.map((call) => ({
          functionResponse: { ...(call.id ? { id: call.id } : {}), name: call.name ?? '', response: { sky: 'sunny' } },
        }));
        contents.push({ role: 'user', parts });
      }
      const text = (content.parts ?? [])
        .flatMap((part) => (part.text !== undefined && part.thought !== true ? [part.text] : []))
        .join('');
      return { calls: calls.map((call) => call.name ?? ''), text, warnings };
    },
  };
}

type GeminiParams = Parameters<GoogleGenAI['models']['generateContent']>[0];

async function wholeGeminiContent(
  ai: GoogleGenAI,
  params: GeminiParams,
): Promise<{ content: Content; warnings: string | null }> {
  const answer = await ai.models.generateContent(params);
  const content = answer.candidates?.[0]?.content;
  if (!content) throw new Error('no candidate');
  return { content, warnings: answer.sdkHttpResponse?.headers?.['x-interlingua-warnings'] ?? null };
}

/** A streamed answer kept as its callers keep it: the parts of every chunk, concatenated in order. */
async function streamedGeminiContent(
  ai: GoogleGenAI,
  params: GeminiParams,
): Promise<{ content: Content; warnings: string | null }> {
  const parts: Part[] = [];
  let warnings: string | null = null;
  for await (const chunk of await ai.models.generateContentStream(params)) {
    warnings ??= chunk.sdkHttpResponse?.headers?.['x-interlingua-warnings'] ?? null;
    parts.push(...(chunk.candidates?.[0]?.content?.parts ?? []));
  }
  return { content: { role: 'model', parts }, warnings };
}

export const CALLERS: Array<(url: string) => CallerDriver> = [
  anthropicCaller,
  chatCaller,
  responsesCaller,
  geminiCaller,
];

/** `replay`: three steps on one upstream; `switch`: it, another family, and it again. */
export type ConversationKind = 'replay' | 'switch';

/** The path of a conversation that starts (and ends) on `upstream`. */
export function conversationPath(
  kind: ConversationKind,
  upstream: SwitchUpstream,
): [SwitchUpstream, SwitchUpstream, SwitchUpstream] {
  if (kind === 'replay') return [upstream, upstream, upstream];
  return [upstream, upstream === 'anthropic' ? 'gemini' : 'anthropic', upstream];
}

/** The artefacts the first upstream of a path issued on the first step. */
function firstStepArtefacts(setup: SwitchHarness, upstream: SwitchUpstream): string[] {
  if (upstream === 'anthropic')
    return [...setup.anthropic.signatures.all().slice(0, 1), ...setup.anthropic.redacted.all().slice(0, 1)];
  if (upstream === 'gemini') return setup.gemini.signatures.all().slice(0, 1);
  if (upstream === 'responses') return setup.responses.encrypted.all().slice(0, 1);
  return [];
}

/** The problem of a caller that did not send its reasoning back (docs/reasoning.md). */
export const NO_FIELD_PROBLEM = 'the first provider’s reasoning did not come back to it byte for byte';

export interface ConversationOptions {
  /** Which steps stream (by index). */
  streamed?: readonly boolean[];
  /** The routes' `reasoning` setting. */
  routeReasoning?: Record<string, unknown>;
  /** Called with the harness before it closes, to look at what the upstreams received. */
  inspect?: (setup: SwitchHarness) => void;
}

/**
 * Runs a three-step tool conversation with thinking and parallel calls along a path, through a
 * caller's official SDK, and lists what went wrong: a failed step, a wrong answer, the first
 * provider's artefacts not replayed to it byte for byte on the third step, an artefact reaching
 * another provider, or a carrier reaching any provider.
 */
export async function runConversation(
  makeCaller: (url: string) => CallerDriver,
  path: readonly SwitchUpstream[],
  options: ConversationOptions = {},
): Promise<{ problems: string[]; warnings: string[] }> {
  const setup = await startSwitchHarness({}, options.routeReasoning);
  const streamed = options.streamed ?? [];
  const problems: string[] = [];
  const warnings: string[] = [];
  try {
    const caller = makeCaller(setup.harness.url);
    let issued: string[] = [];
    for (const [index, upstream] of path.entries()) {
      let answer: StepAnswer;
      try {
        answer = await caller.step(ROUTE_OF[upstream], streamed[index] === true);
      } catch (error) {
        problems.push(`step ${index + 1} (${upstream}) failed: ${String(error).slice(0, 300)}`);
        return { problems, warnings };
      }
      warnings.push(...(answer.warnings ?? '').split(' | ').filter((w) => w.length > 0));
      if (index === 0) issued = firstStepArtefacts(setup, upstream);
      const last = index === path.length - 1;
      if (!last && answer.calls.join() !== 'weather,weather')
        problems.push(
          `step ${index + 1} (${upstream}) called [${answer.calls.join(', ')}] instead of two weather calls`,
        );
      if (last && answer.text !== FINAL_TEXT) problems.push(`the last step answered ${JSON.stringify(answer.text)}`);
    }
    const first = path[0];
    const bodyOf = (upstream: SwitchUpstream | undefined) =>
      upstream ? (generationRequests(setup.servers[upstream]).at(-1)?.body.toString('utf8') ?? '') : '';
    if (path[1] !== first && issued.some((artefact) => bodyOf(path[1]).includes(artefact)))
      problems.push(`an artefact of ${first} reached ${path[1]}`);
    if (issued.some((artefact) => !bodyOf(path.at(-1)).includes(artefact))) problems.push(NO_FIELD_PROBLEM);
    for (const [name, server] of Object.entries(setup.servers)) {
      if (generationRequests(server).some((request) => request.body.includes(CARRIER_PREFIX)))
        problems.push(`a carrier reached the ${name} upstream`);
    }
    options.inspect?.(setup);
  } finally {
    await setup.close();
  }
  return { problems, warnings: [...new Set(warnings)] };
}

const DRIVER_OF_STYLE: Record<string, (url: string) => CallerDriver> = {
  'anthropic-messages': anthropicCaller,
  'openai-chat': chatCaller,
  'openai-responses': responsesCaller,
  gemini: geminiCaller,
};
const UPSTREAM_OF_WIRE: Record<string, SwitchUpstream> = {
  'anthropic-messages': 'anthropic',
  'openai-chat': 'chat',
  'openai-responses': 'responses',
  gemini: 'gemini',
};

/** A scorecard cell: a conversation of `kind` from a caller style, starting and ending on an upstream wire. */
export async function conversationCell(
  style: string,
  wire: string,
  kind: ConversationKind,
): Promise<{ status: 'pass' | 'fail' | 'n/a'; problems: string[]; warnings: string[] }> {
  const driver = DRIVER_OF_STYLE[style];
  const upstream = UPSTREAM_OF_WIRE[wire];
  if (!driver || !upstream) return { status: 'n/a', problems: [], warnings: [] };
  const { problems, warnings } = await runConversation(driver, conversationPath(kind, upstream));
  return { status: problems.length === 0 ? 'pass' : 'fail', problems, warnings };
}
