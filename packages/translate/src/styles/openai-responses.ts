/** @interlingua/translate/openai-responses: the OpenAI Responses codec and its wire types. */
export {
  openAiResponsesCodec,
  type OpenAiResponsesRequest,
  type OpenAiResponsesResponse,
  type OpenAiResponsesStreamEvent,
} from '@interlingua/openai-responses';
