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
}

/** The status and incomplete reason a finish reason stands for. */
export function responseStatusForFinish(finish: IrFinishReason): Pick<ResponseObjectParts, 'status' | 'incompleteReason'> {
  if (finish.unified === 'other' && (finish.raw === 'cancelled' || finish.raw === 'queued' || finish.raw === 'in_progress')) {
    return { status: finish.raw };
  }
  const row: { status: ResponseObjectParts['status']; reason?: ResponseObjectParts['incompleteReason'] } = IR_FINISH_RESPONSES_STATUS[finish.unified];
  return row.reason ? { status: row.status, incompleteReason: row.reason } : { status: row.status };
}

/**
 * A full `Response` object: the SDK-required echo fields are filled with defaults (or `echo`),
 * usage is written when known.
 */
export function buildResponseObject(parts: ResponseObjectParts, echo: OpenAiResponsesEcho = {}): OpenAiResponsesResponse {
  const response: OpenAiResponsesResponse = {
    id: parts.id,
    object: 'response',
    created_at: parts.created,
    status: parts.status,
    error: parts.error ?? null,
    incomplete_details: parts.status === 'incomplete' ? (parts.incompleteReason ? { reason: parts.incompleteReason } : {}) : null,
    instructions: null,
    model: parts.model,
    output: parts.output,
    parallel_tool_calls: true,
    metadata: {},
    tool_choice: 'auto',
    tools: [],
    temperature: null,
    top_p: null,
    text: { format: { type: 'text' } },
    reasoning: { effort: null, summary: null },
    max_output_tokens: null,
    ...echo,
  };
  if (parts.usage) response.usage = irToOpenAiResponsesUsage(parts.usage);
  return response;
}
