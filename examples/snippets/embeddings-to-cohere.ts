import { EMBEDDING_WIRES } from '@interlingua/embeddings';

// An OpenAI SDK request, sent to Cohere, answered back as the SDK expects (base64).
const { value: ir } = EMBEDDING_WIRES.openai.request.toIr({
  model: 'embed-v4.0',
  input: ['hello'],
  encoding_format: 'base64',
});
const { value: cohereBody, warnings } = EMBEDDING_WIRES['cohere-v2'].request.fromIr(ir);
console.log(cohereBody, warnings); // POST it to https://api.cohere.com/v2/embed
const cohereAnswer = {
  id: 'e1',
  embeddings: { float: [[0.25, -0.5, 1]] },
  texts: ['hello'],
  meta: { billed_units: { input_tokens: 1 } },
};
const { value: answer } = EMBEDDING_WIRES['cohere-v2'].response.toIr(cohereAnswer);
const { value: openAiAnswer } = EMBEDDING_WIRES.openai.response.fromIr(answer, {
  model: 'embed-v4.0',
  encodingFormat: ir.encodingFormat,
});
console.log(openAiAnswer);
