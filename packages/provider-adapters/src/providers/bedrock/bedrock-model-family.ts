import type { OpaqueOrigin } from '@interlingua/ir';

/**
 * What the Converse codec needs to know about the model behind a call: Bedrock answers do not
 * name their model, and reasoning signatures are only valid for the family that minted them.
 */
export interface BedrockModelContext {
  /** The model id, inference profile id or ARN the call goes to. */
  modelId: string;
  /** Anthropic's Claude on Bedrock (`anthropic.claude-…`, `us.anthropic.…`, ARNs naming one). */
  anthropic: boolean;
  /** The origin tag of reasoning signatures: `anthropic` for Claude, `bedrock` for other models. */
  reasoningOrigin: OpaqueOrigin;
}

/**
 * Claude model ids on Bedrock: `anthropic.claude-…`, cross-region inference profiles
 * (`us.anthropic.…`, `eu.`, `apac.`, `global.`) and ARNs that end in one of them. Application
 * inference profile ARNs do not name their model: the provider option `anthropic: true` says so.
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/models-supported.html
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/inference-profiles-support.html
 */
export function isAnthropicBedrockModel(modelId: string): boolean {
  return /(^|[./])anthropic\./.test(modelId);
}

/** The codec context of a model id (`anthropic` forces the Claude family). */
export function bedrockModelContext(
  modelId: string,
  anthropic = isAnthropicBedrockModel(modelId),
): BedrockModelContext {
  return { modelId, anthropic, reasoningOrigin: anthropic ? 'anthropic' : 'bedrock' };
}

/** A tool-use id Converse accepts (`[a-zA-Z0-9_-]+`, at most 64 characters); others get a stable replacement. */
export function bedrockToolUseId(id: string): string {
  if (/^[a-zA-Z0-9_-]{1,64}$/.test(id)) return id;
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193) >>> 0;
  const prefix = id.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 48);
  return `${prefix}_${hash.toString(36)}`.replace(/^_+/, 'tooluse_');
}

/** An id for an answer: Converse answers carry none (the request id is only in a response header). */
export function bedrockResponseId(): string {
  return `msg_bdrk_${globalThis.crypto.randomUUID().replace(/-/g, '')}`;
}
