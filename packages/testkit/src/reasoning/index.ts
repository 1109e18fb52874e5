export * from './issued-artefacts.js';
export * from './anthropic-thinking-upstream.js';
export * from './gemini-thought-upstream.js';
export * from './responses-reasoning-upstream.js';
export * from './openai-chat-reasoning-upstream.js';
