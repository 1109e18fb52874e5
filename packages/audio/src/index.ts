export * from './audio-wire.js';
export { parseAudioWire } from './audio-invalid-request.js';
export * from './openai-speech-request-schema.js';
export * from './openai-transcription-request-schema.js';
export * from './openai-transcription-response-schema.js';
export * from './speech-request-to-ir.js';
export * from './ir-to-speech-audio.js';
export {
  transcriptionRequestToIr,
  TEXT_ONLY_TRANSCRIPTION_FORMATS,
  type AudioUpload,
} from './transcription-request-to-ir.js';
export { transcriptionFromIr, type TranscriptionAnswer } from './ir-to-transcription.js';
export * from './transcription-stream-encoder.js';
export * from './wav-header.js';
export * from './map/speech-content-type.js';
export * from './map/audio-gemini-media-type.js';
