/** Request schemas of the embeddings and rerank upstreams, each written from its provider's documentation. */
export * from './openai-embeddings-upstream-schema.js';
export * from './gemini-embed-upstream-schema.js';
export * from './cohere-upstream-schema.js';
export * from './voyage-upstream-schema.js';
export * from './jina-upstream-schema.js';
export * from './together-rerank-upstream-schema.js';
export * from './tei-upstream-schema.js';
