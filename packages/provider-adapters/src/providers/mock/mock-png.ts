import { crc32, deflateSync } from 'node:zlib';
import { fnv1a } from './mock-embeddings.js';

/** Largest side the mock draws, in pixels. */
export const MOCK_MAX_IMAGE_SIDE = 2048;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The mock's image for a prompt: a real PNG (8-bit RGB), the same bytes for the same prompt and
 * size. The background colour comes from the prompt's hash; each word adds a coloured disc
 * whose place, size and colour come from that word's hash, and a frame marks it as the mock's.
 */
export function mockPng(prompt: string, width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  const paint = (x: number, y: number, [r, g, b]: Rgb): void => {
    const at = (y * width + x) * 3;
    pixels[at] = r;
    pixels[at + 1] = g;
    pixels[at + 2] = b;
  };
  const background = colourOf(fnv1a(prompt), 0.35);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) paint(x, y, background);
  const words = prompt.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  words.slice(0, 24).forEach((word, index) => {
    const hash = fnv1a(`${word}:${index}`);
    const cx = hash % width;
    const cy = (hash >>> 11) % height;
    const radius = Math.max(2, Math.round(Math.min(width, height) * (0.05 + ((hash >>> 5) % 16) / 80)));
    const colour = colourOf(fnv1a(word), 0.8);
    for (let y = Math.max(0, cy - radius); y < Math.min(height, cy + radius); y++) {
      for (let x = Math.max(0, cx - radius); x < Math.min(width, cx + radius); x++) {
        if ((x - cx) ** 2 + (y - cy) ** 2 <= radius * radius) paint(x, y, colour);
      }
    }
  });
  const frame = Math.max(1, Math.round(Math.min(width, height) / 64));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      if (x < frame || y < frame || x >= width - frame || y >= height - frame) paint(x, y, [255, 255, 255]);
  }
  return encodePng(width, height, pixels);
}

type Rgb = [number, number, number];

function colourOf(hash: number, lightness: number): Rgb {
  const scale = (shift: number): number =>
    Math.round((((hash >>> shift) & 0xff) / 255) * 255 * lightness + 255 * (1 - lightness) * 0.3);
  return [scale(0), scale(8), scale(16)];
}

/** A PNG file of 8-bit RGB pixels (rows top to bottom, no filtering). */
export function encodePng(width: number, height: number, rgb: Buffer): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) rgb.copy(rows, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** `1024x1024` as width and height; `auto` or nothing gives the default. */
export function parseImageSize(
  size: string | undefined,
  fallback = 1024,
): { width: number; height: number } | undefined {
  if (size === undefined || size === 'auto') return { width: fallback, height: fallback };
  const match = /^(\d{1,5})x(\d{1,5})$/.exec(size);
  if (!match) return undefined;
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (width < 1 || height < 1 || width > MOCK_MAX_IMAGE_SIDE || height > MOCK_MAX_IMAGE_SIDE) return undefined;
  return { width, height };
}
