import type { IrModel } from '@interlingua/ir';

/** One model as `GET /v1/models/{model}` returns it. */
export interface OpenAiModel {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
}

/** The `GET /v1/models` body. */
export interface OpenAiModelList {
  object: 'list';
  data: OpenAiModel[];
}

/**
 * A model in OpenAI's shape.
 * @see https://platform.openai.com/docs/api-reference/models/object
 */
export function openAiModel(model: IrModel): OpenAiModel {
  return { id: model.id, object: 'model', created: model.created, owned_by: model.ownedBy };
}

/**
 * Models in OpenAI's list shape (`{object:'list', data}`).
 * @see https://platform.openai.com/docs/api-reference/models/list
 */
export function openAiChatModelList(models: readonly IrModel[]): OpenAiModelList {
  return { object: 'list', data: models.map(openAiModel) };
}
