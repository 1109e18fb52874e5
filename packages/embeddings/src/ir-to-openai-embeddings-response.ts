import type { IrWarning, Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import { dataListFromVectors } from './embedding-data-list.js';
import type { IrEmbeddingResponse } from './embedding-ir.js';
import type { OpenAiEmbeddingsResponse } from './openai-embeddings-schema.js';

/** How an answer is written for its caller. */
export interface EmbeddingAnswerOptions {
  /** The model name to report (the name the caller used); else the IR's, else `''`. */
  model?: string;
  /** Floats (default) or base64 of little-endian float32 (the `openai` SDK's default request). */
  encodingFormat?: 'float' | 'base64';
}

/**
 * IR -> OpenAI embeddings answer. `usage` is required by OpenAI's shape: when the upstream
 * reported none (Gemini), it is written as zeros with an `approximated` warning.
 */
export function irToOpenAiEmbeddingsResponse(
  ir: IrEmbeddingResponse,
  options: EmbeddingAnswerOptions = {},
): Result<OpenAiEmbeddingsResponse> {
  const warnings: IrWarning[] = [];
  if (!ir.usage)
    warnings.push({
      kind: 'approximated',
      field: 'usage',
      message: 'the upstream reported no token usage; written as 0',
    });
  const tokens = ir.usage?.inputTokens ?? 0;
  return ok(
    {
      object: 'list',
      data: dataListFromVectors(ir.vectors, options.encodingFormat),
      model: options.model ?? ir.model ?? '',
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    },
    warnings,
  );
}
