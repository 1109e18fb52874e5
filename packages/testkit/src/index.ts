export * from './recordings.js';
export * from './loopback-upstream.js';
export * from './openai-chat-upstream-schema.js';
