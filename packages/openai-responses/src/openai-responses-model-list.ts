import type { IrModel } from '@interlingua/ir';

/** One model as `GET /v1/models/{model}` returns it. */
export interface OpenAiResponsesModel {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
}

/** The `GET /v1/models` body. */
export interface OpenAiResponsesModelListBody {
  object: 'list';
  data: OpenAiResponsesModel[];
}

/** One IR model in the OpenAI model shape. */
export function openAiResponsesModel(model: IrModel): OpenAiResponsesModel {
  return { id: model.id, object: 'model', created: model.created, owned_by: model.ownedBy };
}

/** IR models -> the OpenAI model list (`{object:'list', data:[…]}`), the same list Responses clients read. */
export function openAiResponsesModelList(models: IrModel[]): OpenAiResponsesModelListBody {
  return { object: 'list', data: models.map(openAiResponsesModel) };
}
