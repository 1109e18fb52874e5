import { randomUUID } from 'node:crypto';
import type { MultipartEntry } from './multipart.js';

/** A multipart body ready to send, with the `Content-Type` that names its boundary. */
export interface EncodedMultipart {
  contentType: string;
  body: Buffer;
}

/**
 * Encodes form entries as `multipart/form-data` (RFC 7578), in order. Names and filenames are
 * quoted with `"`, CR and LF percent-encoded, as browsers and the WHATWG spec do; file bytes are
 * copied once into the body.
 * @see https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#multipart-form-data
 */
export function encodeMultipart(entries: readonly MultipartEntry[]): EncodedMultipart {
  const boundary = `----interlingua-${randomUUID()}`;
  const pieces: Buffer[] = [];
  for (const entry of entries) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${escapeQuoted(entry.name)}"`;
    if ('file' in entry) {
      head += `; filename="${escapeQuoted(entry.file.filename)}"\r\nContent-Type: ${entry.file.contentType.replace(/[\r\n]/g, '')}\r\n\r\n`;
      pieces.push(Buffer.from(head, 'utf8'), entry.file.data, Buffer.from('\r\n'));
    } else {
      pieces.push(Buffer.from(`${head}\r\n\r\n${entry.value}\r\n`, 'utf8'));
    }
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(pieces) };
}

function escapeQuoted(text: string): string {
  return text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** The entries with the text field `name` set to `value` (replacing every earlier value, else appended). */
export function withField(entries: readonly MultipartEntry[], name: string, value: string): MultipartEntry[] {
  let replaced = false;
  const out: MultipartEntry[] = [];
  for (const entry of entries) {
    if (entry.name !== name || 'file' in entry) out.push(entry);
    else if (!replaced) {
      out.push({ name, value });
      replaced = true;
    }
  }
  if (!replaced) out.push({ name, value });
  return out;
}
