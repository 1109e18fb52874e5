/**
 * @interlingua/audio/internal: what the gateway and the other Interlingua packages share with this
 * package beyond its public surface (answer usage for the gateway's usage counters, the multipart value helpers of the schemas, field paths of the validation errors, helpers of the translation). No stability promise: users import
 * `@interlingua/audio`.
 */
export { openAiTranscriptionUsageToIr } from './openai-transcription-usage-to-ir.js';
export { transcriptionUsage } from './ir-to-transcription.js';
export { transcriptionInstruction } from './transcription-request-to-ir.js';
export { audioFormNumber, audioFormBoolean, audioFormList, type AudioFormFields } from './audio-form-values.js';
export { audioFieldPath } from './audio-invalid-request.js';
