import type { IrModel } from '@interlingua/ir';
import * as z from 'zod/mini';
import './zod-english.js';

/** `ModelInfo` as `GET /v1/models/{id}` returns it (the fields every SDK version reads). */
export const anthropicModelSchema = z.looseObject({
  type: z.literal('model'),
  id: z.string().check(z.minLength(1)),
  display_name: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});

/** `GET /v1/models` page. */
export const anthropicModelListSchema = z.strictObject({
  data: z.array(anthropicModelSchema),
  has_more: z.boolean(),
  first_id: z.nullable(z.string()),
  last_id: z.nullable(z.string()),
});

export type AnthropicModel = z.infer<typeof anthropicModelSchema>;
export type AnthropicModelList = z.infer<typeof anthropicModelListSchema>;

/** One model as `GET /v1/models/{model_id}` answers (`created_at` in RFC 3339). */
export function anthropicModel(model: IrModel): AnthropicModel {
  return {
    type: 'model',
    id: model.id,
    display_name: model.displayName ?? model.id,
    created_at: new Date(model.created * 1000).toISOString(),
  };
}

/**
 * The `GET /v1/models` answer: every model on one page (`has_more: false`), newest first as the
 * API lists them (models created at the same time keep their order).
 */
export function anthropicModelList(models: IrModel[]): AnthropicModelList {
  const data = models
    .map((model, position) => ({ model, position }))
    .sort((a, b) => b.model.created - a.model.created || a.position - b.position)
    .map(({ model }) => anthropicModel(model));
  return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
}
