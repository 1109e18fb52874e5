export * from './recordings.js';
export * from './loopback-upstream.js';
export * from './openai-chat-upstream-schema.js';
export * from './anthropic-upstream-schema.js';
export * from './openai-responses-upstream-schema.js';
export * from './gemini-upstream-schema.js';
