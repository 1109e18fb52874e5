import type { IrModel } from '@interlingua/ir';
import { invalidRequest } from '@interlingua/ir';

/**
 * A model as `GET /v1beta/models` lists it (`supportedGenerationMethods` is the REST name; the
 * JS SDK renames it `supportedActions` on the way in).
 *
 * @see https://ai.google.dev/api/models#Model
 */
export interface GeminiModel {
  name: string;
  baseModelId?: string;
  version: string;
  displayName: string;
  description?: string;
  inputTokenLimit?: number;
  outputTokenLimit?: number;
  supportedGenerationMethods: string[];
}

export interface GeminiModelList {
  models: GeminiModel[];
  nextPageToken?: string;
}

export interface GeminiModelListOptions {
  /** Models per page: default 50, at most 1000 (the API's limits). */
  pageSize?: number;
  /** The `nextPageToken` of the previous page. */
  pageToken?: string;
}

/** Extra model facts the IR model has no field for. */
export interface GeminiModelDetails {
  description?: string;
  inputTokenLimit?: number;
  outputTokenLimit?: number;
}

/**
 * IR capability -> Gemini generation methods.
 *
 * @see https://ai.google.dev/api/models#Model
 */
export const GEMINI_METHODS_BY_CAPABILITY: Readonly<Record<string, readonly string[]>> = {
  chat: ['generateContent', 'streamGenerateContent', 'countTokens'],
  embeddings: ['embedContent', 'batchEmbedContents', 'countTokens'],
};

export const GEMINI_DEFAULT_PAGE_SIZE = 50;
export const GEMINI_MAX_PAGE_SIZE = 1000;

/** One model in Gemini's shape (`name: "models/<id>"`); capabilities default to chat. */
export function geminiModel(model: IrModel, details: GeminiModelDetails = {}): GeminiModel {
  const methods = new Set<string>();
  for (const capability of model.capabilities ?? ['chat'])
    for (const method of GEMINI_METHODS_BY_CAPABILITY[capability] ?? []) methods.add(method);
  const id = model.id.replace(/^models\//, '');
  const out: GeminiModel = {
    name: `models/${id}`,
    baseModelId: id,
    version: '001',
    displayName: model.displayName ?? id,
    supportedGenerationMethods: [...methods],
  };
  if (details.description !== undefined) out.description = details.description;
  if (details.inputTokenLimit !== undefined) out.inputTokenLimit = details.inputTokenLimit;
  if (details.outputTokenLimit !== undefined) out.outputTokenLimit = details.outputTokenLimit;
  return out;
}

/**
 * A page of `GET /v1beta/models`. `pageToken` is an opaque offset; the last page has no
 * `nextPageToken`. A token this function did not make is an `invalid-request`.
 */
export function geminiModelList(models: IrModel[], options: GeminiModelListOptions = {}): GeminiModelList {
  const size = Math.min(Math.max(Math.floor(options.pageSize ?? GEMINI_DEFAULT_PAGE_SIZE), 1), GEMINI_MAX_PAGE_SIZE);
  const offset = options.pageToken ? decodePageToken(options.pageToken) : 0;
  const list: GeminiModelList = { models: models.slice(offset, offset + size).map((model) => geminiModel(model)) };
  if (offset + size < models.length) list.nextPageToken = encodePageToken(offset + size);
  return list;
}

function encodePageToken(offset: number): string {
  return btoa(`offset:${offset}`).replace(/=+$/, '');
}

function decodePageToken(token: string): number {
  let text = '';
  try {
    text = atob(token);
  } catch {
    text = '';
  }
  const match = /^offset:(\d+)$/.exec(text);
  if (!match?.[1]) throw invalidRequest('pageToken: invalid page token', 'pageToken');
  return Number(match[1]);
}
