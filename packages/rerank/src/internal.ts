/**
 * @interlingua/rerank/internal: what the gateway and the other Interlingua packages share with this
 * package beyond its public surface (the validation errors and the non-answer error every wire shares). No stability promise: users import
 * `@interlingua/rerank`.
 */
export { formatRerankPath, notARerankAnswer } from './rerank-validation-error.js';
