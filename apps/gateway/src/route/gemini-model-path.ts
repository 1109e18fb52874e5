import { checkModelName, invalidRequest } from '@interlingua/ir';

/** A `/v1beta/models/{model}:{method}` path split into its parts (the model may hold `/`). */
export interface GeminiModelAction {
  model: string;
  method: string | undefined;
}

/** Reads the model and method from Express's `*rest` segments (`%2F` already decoded). */
export function parseGeminiModelPath(segments: unknown): GeminiModelAction {
  const joined = (Array.isArray(segments) ? segments.join('/') : String(segments ?? '')).replace(/^models\//, '');
  const colon = joined.lastIndexOf(':');
  const slash = joined.lastIndexOf('/');
  const hasMethod = colon > slash && colon > 0;
  const model = hasMethod ? joined.slice(0, colon) : joined;
  if (model.length === 0) throw invalidRequest('The path must name a model: /v1beta/models/{model}', 'model');
  return { model: checkModelName(model), method: hasMethod ? joined.slice(colon + 1) : undefined };
}
