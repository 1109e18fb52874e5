/**
 * @interlingua/embeddings/internal: what the gateway and the other Interlingua packages share with this
 * package beyond its public surface (the task-hint conversion every wire shares, the validation errors). No stability promise: users import
 * `@interlingua/embeddings`.
 */
export { taskToWire, taskFromWire } from './embedding-task-to-wire.js';
export { formatEmbeddingsPath, embeddingsValidationError } from './embeddings-validation-error.js';
