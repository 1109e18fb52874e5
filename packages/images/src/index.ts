export * from './images-wire.js';
export { parseImagesWire } from './images-invalid-request.js';
export * from './openai-images-request-schema.js';
export * from './openai-images-response-schema.js';
export * from './images-request-to-ir.js';
export { irToImagesResponse } from './ir-to-images-response.js';
export * from './map/images-gemini-aspect-ratio.js';
export * from './map/images-media-type.js';
