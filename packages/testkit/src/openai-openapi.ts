/** The judge of Responses answers against OpenAI's published OpenAPI description, and where we knowingly differ. */
export * from './openai-openapi-judge.js';
export * from './openai-openapi-disagreements.js';
