/** The request styles (wire dialects) Interlingua speaks, inbound and upstream. */
export const STYLE_IDS = [
  'openai-chat',
  'openai-responses',
  'anthropic-messages',
  'gemini',
  'embeddings',
  'rerank',
  'images',
  'audio',
  /** Amazon Bedrock's Converse API: an upstream wire only (its codec lives in the provider's folder). */
  'bedrock-converse',
] as const;

export type StyleId = (typeof STYLE_IDS)[number];

/**
 * The family an opaque blob (reasoning signature, encrypted reasoning, thought signature)
 * came from. Opaque data is forwarded only to upstreams of the same family.
 */
export type OpaqueOrigin = 'anthropic' | 'openai' | 'gemini' | (string & {});
