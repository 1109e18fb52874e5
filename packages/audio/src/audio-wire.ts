/**
 * The upstream wires that serve speech, transcription and translation. A provider adapter names
 * one of these in its `services` entries (`ServiceEndpoint.wire`).
 * - `openai`: OpenAI's Audio API (`/audio/speech` JSON, `/audio/transcriptions` and
 *   `/audio/translations` multipart), spoken by OpenAI and OpenAI-compatible servers (Groq, local
 *   Whisper servers); forwarded as is.
 * - `gemini`: Gemini `generateContent`, reached through the IR: speech generation with the AUDIO
 *   response modality, and audio understanding for transcripts.
 */
export const AUDIO_WIRES = ['openai', 'gemini'] as const;

export type AudioWire = (typeof AUDIO_WIRES)[number];

/** True when `wire` is one of the audio wires. */
export function isAudioWire(wire: string): wire is AudioWire {
  return (AUDIO_WIRES as readonly string[]).includes(wire);
}
