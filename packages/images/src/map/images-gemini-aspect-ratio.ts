/**
 * The aspect ratios Gemini image models draw, with their width / height. Gemini picks the pixel
 * size itself (about one megapixel at the default `1K`), so an OpenAI `size` maps to its ratio.
 * @see https://ai.google.dev/gemini-api/docs/image-generation#aspect_ratios
 */
export const GEMINI_ASPECT_RATIOS = {
  '1:1': 1,
  '2:3': 2 / 3,
  '3:2': 3 / 2,
  '3:4': 3 / 4,
  '4:3': 4 / 3,
  '4:5': 4 / 5,
  '5:4': 5 / 4,
  '9:16': 9 / 16,
  '16:9': 16 / 9,
  '21:9': 21 / 9,
} as const satisfies Record<string, number>;

export type GeminiAspectRatio = keyof typeof GEMINI_ASPECT_RATIOS;

/** How far (relative) a requested ratio may be from Gemini's to count as the same shape: 1792x1024 is 16:9. */
const TOLERANCE = 0.02;

/**
 * The Gemini aspect ratio for an OpenAI `size` (`WxH`), or undefined when no Gemini ratio is
 * within 2% of it or `size` is not `WxH`.
 */
export function geminiAspectRatioForSize(size: string): GeminiAspectRatio | undefined {
  const match = /^(\d+)x(\d+)$/.exec(size.trim());
  if (!match) return undefined;
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (width <= 0 || height <= 0) return undefined;
  const wanted = width / height;
  let best: GeminiAspectRatio | undefined;
  let bestDistance = Infinity;
  for (const [name, ratio] of Object.entries(GEMINI_ASPECT_RATIOS) as Array<[GeminiAspectRatio, number]>) {
    const distance = Math.abs(wanted / ratio - 1);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return bestDistance <= TOLERANCE ? best : undefined;
}
