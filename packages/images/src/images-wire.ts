/**
 * The upstream wires that serve image generation, edits and variations. A provider adapter names
 * one of these in its `services` entries (`ServiceEndpoint.wire`).
 * - `openai`: OpenAI's Images API (`/images/generations` JSON, `/images/edits` and
 *   `/images/variations` multipart), spoken by OpenAI and OpenAI-compatible servers; forwarded as is.
 * - `gemini`: Gemini `generateContent` with the IMAGE response modality, reached through the IR.
 */
export const IMAGES_WIRES = ['openai', 'gemini'] as const;

export type ImagesWire = (typeof IMAGES_WIRES)[number];

/** The three image operations, as they appear in the gateway's service names (`images.<operation>`). */
export type ImagesOperation = 'generations' | 'edits' | 'variations';

/** True when `wire` is one of the image wires. */
export function isImagesWire(wire: string): wire is ImagesWire {
  return (IMAGES_WIRES as readonly string[]).includes(wire);
}
