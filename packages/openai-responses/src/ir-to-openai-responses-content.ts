import type { IrFilePart, IrTextPart } from '@interlingua/ir';
import { toDataUrl } from './openai-responses-data-url.js';
import { UNKNOWN_IMAGE_MEDIA_TYPE } from './openai-responses-content-to-ir.js';

/** An input content part as we write it. */
export type OpenAiResponsesInputPartOut =
  | { type: 'input_text'; text: string }
  | { type: 'input_image'; detail: 'auto' | 'low' | 'high'; image_url?: string; file_id?: string }
  | {
      type: 'input_file';
      file_id?: string;
      file_data?: string;
      file_url?: string;
      filename?: string;
      detail?: 'auto' | 'low' | 'high';
    };

function isImage(part: IrFilePart): boolean {
  return part.mediaType?.startsWith('image/') === true;
}

function imageToWire(part: IrFilePart): OpenAiResponsesInputPartOut {
  const out: OpenAiResponsesInputPartOut = { type: 'input_image', detail: part.detail ?? 'auto' };
  const source = part.source;
  if (source.kind === 'url') out.image_url = source.url;
  else if (source.kind === 'file-id') out.file_id = source.fileId;
  else
    out.image_url = toDataUrl(
      part.mediaType === UNKNOWN_IMAGE_MEDIA_TYPE ? 'image/png' : (part.mediaType ?? 'image/png'),
      source.data,
    );
  return out;
}

/** `file.pdf` for `application/pdf`: OpenAI wants a filename beside `file_data`. */
function defaultFilename(mediaType: string | undefined): string {
  const subtype = mediaType?.split('/')[1]?.split(/[+;]/)[0];
  return subtype ? `file.${subtype}` : 'file';
}

function fileToWire(part: IrFilePart): OpenAiResponsesInputPartOut {
  const out: Extract<OpenAiResponsesInputPartOut, { type: 'input_file' }> = { type: 'input_file' };
  const source = part.source;
  if (source.kind === 'url') out.file_url = source.url;
  else if (source.kind === 'file-id') out.file_id = source.fileId;
  else {
    out.file_data = part.mediaType ? toDataUrl(part.mediaType, source.data) : source.data;
    out.filename = part.filename ?? defaultFilename(part.mediaType);
  }
  if (part.filename) out.filename = part.filename;
  if (part.detail) out.detail = part.detail;
  return out;
}

/** An IR file part -> `input_image` (image media types) or `input_file`. */
export function filePartToWire(part: IrFilePart): OpenAiResponsesInputPartOut {
  return isImage(part) ? imageToWire(part) : fileToWire(part);
}

/** An IR text or file part -> an input content part. */
export function inputPartToWire(part: IrTextPart | IrFilePart): OpenAiResponsesInputPartOut {
  return part.type === 'text' ? { type: 'input_text', text: part.text } : filePartToWire(part);
}

/** The content of an IR tool result -> `function_call_output.output` (a string when it is one text). */
export function toolResultOutputToWire(
  content: Array<IrTextPart | IrFilePart>,
): string | OpenAiResponsesInputPartOut[] {
  if (content.length === 0) return '';
  const [first] = content;
  if (content.length === 1 && first?.type === 'text') return first.text;
  return content.map(inputPartToWire);
}
