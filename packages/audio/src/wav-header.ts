/** Raw PCM sample layout. */
export interface PcmFormat {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
}

const WAV_HEADER_BYTES = 44;

/**
 * The 44-byte RIFF/WAVE header (`fmt ` chunk, integer PCM) for `dataBytes` bytes of
 * little-endian samples in `format`. Header + samples is a complete WAV file.
 * @see http://soundfile.sapp.org/doc/WaveFormat/
 */
export function wavHeader(format: PcmFormat, dataBytes: number): Uint8Array {
  const header = new Uint8Array(WAV_HEADER_BYTES);
  const view = new DataView(header.buffer);
  const blockAlign = (format.channels * format.bitsPerSample) / 8;
  const ascii = (offset: number, text: string): void => {
    for (let i = 0; i < text.length; i++) header[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, WAV_HEADER_BYTES - 8 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, format.channels, true);
  view.setUint32(24, format.sampleRate, true);
  view.setUint32(28, format.sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, format.bitsPerSample, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  return header;
}

/** How many bytes a (standard, padded or unpadded) base64 string decodes to. */
export function base64ByteLength(base64: string): number {
  const clean = base64.replace(/[^A-Za-z0-9+/_-]/g, '');
  return Math.floor((clean.length * 3) / 4);
}

/**
 * The sample layout of a raw PCM media type: Gemini's `audio/L16;codec=pcm;rate=24000` (16-bit
 * little-endian, despite RFC 2586's big-endian L16: Google's own examples decode it as `s16le`),
 * or `audio/pcm;rate=…`. Channels default to one. Undefined for anything else (mp3, wav, …).
 * @see https://ai.google.dev/gemini-api/docs/speech-generation
 */
export function parsePcmMediaType(mediaType: string): PcmFormat | undefined {
  const [base, ...params] = mediaType.split(';').map((part) => part.trim().toLowerCase());
  const values = new Map(params.map((param) => param.split('=').map((piece) => piece.trim()) as [string, string]));
  const isL16 = base === 'audio/l16';
  if (!isL16 && base !== 'audio/pcm') return undefined;
  if (!isL16 && values.has('codec') && values.get('codec') !== 'pcm') return undefined;
  const sampleRate = Number(values.get('rate'));
  const channels = values.has('channels') ? Number(values.get('channels')) : 1;
  if (!Number.isInteger(sampleRate) || sampleRate <= 0 || !Number.isInteger(channels) || channels <= 0)
    return undefined;
  return { sampleRate, channels, bitsPerSample: 16 };
}
