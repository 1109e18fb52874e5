/**
 * @interlingua/images/internal: what the gateway and the other Interlingua packages share with this
 * package beyond its public surface (answer usage for the gateway's usage counters, the multipart value helpers of the schemas, field paths of the validation errors). No stability promise: users import
 * `@interlingua/images`.
 */
export { openAiImagesUsageToIr } from './openai-images-usage-to-ir.js';
export { imagesUsage } from './ir-to-images-response.js';
export { formNumber, formBoolean, type FormFields } from './images-form-values.js';
export { imagesFieldPath } from './images-invalid-request.js';
