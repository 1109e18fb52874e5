export * from './sse-parser.js';
export * from './sse-serializer.js';
export * from './stream-runners.js';
export * from './safe-json.js';
export * from './response-accumulator.js';
export * from './response-to-stream-events.js';
export * from './missing-output-error.js';
export * from './answer-ids.js';
