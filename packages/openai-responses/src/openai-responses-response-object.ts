import type { IrFinishReason, IrUsage } from '@interlingua/ir';
import { irToOpenAiResponsesUsage } from './ir-to-openai-responses-usage.js';
import type {
  OpenAiResponsesEcho,
  OpenAiResponsesErrorCode,
  OpenAiResponsesOutputItem,
  OpenAiResponsesResponse,
} from './openai-responses-strict-response-schema.js';
import { IR_FINISH_RESPONSES_STATUS } from './map/openai-responses-status.js';

/** What a response object is built from. */
export interface ResponseObjectParts {
  id: string;
  created: number;
  model: string;
  status: OpenAiResponsesResponse['status'];
  output: OpenAiResponsesOutputItem[];
  usage?: IrUsage;
  incompleteReason?: 'max_output_tokens' | 'content_filter';
  error?: { code: OpenAiResponsesErrorCode; message: string } | null;
  /** Unix seconds when the response completed (now, when not given). */
  completedAt?: number;
}

/** The status and incomplete reason a finish reason stands for. */
export function responseStatusForFinish(
  finish: IrFinishReason,
): Pick<ResponseObjectParts, 'status' | 'incompleteReason'> {
  if (
    finish.unified === 'other' &&
    (finish.raw === 'cancelled' || finish.raw === 'queued' || finish.raw === 'in_progress')
  ) {
    return { status: finish.raw };
  }
  const row: { status: ResponseObjectParts['status']; reason?: ResponseObjectParts['incompleteReason'] } =
    IR_FINISH_RESPONSES_STATUS[finish.unified];
  return row.reason ? { status: row.status, incompleteReason: row.reason } : { status: row.status };
}

/** The current time in Unix seconds, as `created_at` and `completed_at` count it. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * A full `Response` object with every field the API sends, in its order: the echoed request
 * fields come from `echo`, else the API's defaults (`temperature` and `top_p` 1, `truncation`
 * `disabled`…). `completed_at` is set once the response is completed; `usage` is null until
 * it is known (while in progress, or when the upstream never reported it).
 */
export function buildResponseObject(
  parts: ResponseObjectParts,
  echo: OpenAiResponsesEcho = {},
): OpenAiResponsesResponse {
  const response: OpenAiResponsesResponse = {
    id: parts.id,
    object: 'response',
    created_at: parts.created,
    status: parts.status,
    background: false,
    completed_at: parts.status === 'completed' ? (parts.completedAt ?? nowSeconds()) : null,
    error: parts.error ?? null,
    incomplete_details:
      parts.status === 'incomplete' ? (parts.incompleteReason ? { reason: parts.incompleteReason } : {}) : null,
    instructions: null,
    max_output_tokens: null,
    max_tool_calls: null,
    model: parts.model,
    output: parts.output,
    parallel_tool_calls: true,
    presence_penalty: 0,
    frequency_penalty: 0,
    previous_response_id: null,
    prompt_cache_key: null,
    prompt_cache_retention: null,
    reasoning: { effort: null, summary: null },
    safety_identifier: null,
    service_tier: 'default',
    store: true,
    temperature: 1,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    top_logprobs: 0,
    top_p: 1,
    truncation: 'disabled',
    usage: null,
    user: null,
    metadata: {},
    ...echo,
  };
  if (parts.status === 'completed' && response.completed_at === null)
    response.completed_at = parts.completedAt ?? nowSeconds();
  if (parts.usage) response.usage = irToOpenAiResponsesUsage(parts.usage);
  return response;
}
