import { IrError, checkUsageInvariants, type IrRequest } from '@interlingua/ir';

const request: IrRequest = {
  model: 'any-model',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],
  sampling: { temperature: 0.2 },
  stream: false,
};

// usage must add up: total = input + output
console.log(checkUsageInvariants({ inputTokens: 10, outputTokens: 5, totalTokens: 15 })); // []

const error = new IrError({ kind: 'rate-limit', message: 'Slow down', retryAfterSeconds: 2 });
console.log(request.model, error.status); // any-model 429
