import type { IrContentPart, IrFilePart, IrTextPart, IrWarning } from '@interlingua/ir';
import { invalidRequest } from '@interlingua/ir';
import { parseDataUrl } from './openai-responses-data-url.js';
import type { OpenAiResponsesContentPart, OpenAiResponsesToolOutputPart } from './openai-responses-request-schema.js';

/** Media type used for images whose exact type the wire does not say (URL or file id). */
export const UNKNOWN_IMAGE_MEDIA_TYPE = 'image/*';

type ImagePart = Extract<OpenAiResponsesContentPart, { type: 'input_image' }>;
type FilePart = Extract<OpenAiResponsesContentPart, { type: 'input_file' }>;

/** `input_image` -> IR file part (an image). */
export function inputImageToIr(part: ImagePart, path: string, warnings: IrWarning[]): IrFilePart {
  const out: IrFilePart = { type: 'file', mediaType: UNKNOWN_IMAGE_MEDIA_TYPE, source: { kind: 'url', url: '' } };
  if (part.image_url) {
    const data = parseDataUrl(part.image_url);
    if (data) {
      out.source = { kind: 'base64', data: data.data };
      if (data.mediaType.startsWith('image/')) out.mediaType = data.mediaType;
    } else out.source = { kind: 'url', url: part.image_url };
  } else if (part.file_id) out.source = { kind: 'file-id', fileId: part.file_id };
  else throw invalidRequest(`${path}: input_image needs image_url or file_id`, path);
  if (part.detail === 'original') {
    out.detail = 'high';
    warnings.push({ kind: 'approximated', field: `${path}.detail`, message: "detail 'original' is sent as 'high'" });
  } else if (part.detail) out.detail = part.detail;
  return out;
}

/** `input_file` -> IR file part. */
export function inputFileToIr(part: FilePart, path: string): IrFilePart {
  if (!part.file_id && !part.file_data && !part.file_url) {
    throw invalidRequest(`${path}: input_file needs file_id, file_data or file_url`, path);
  }
  const out: IrFilePart = { type: 'file', source: { kind: 'url', url: part.file_url ?? '' } };
  if (part.file_id) out.source = { kind: 'file-id', fileId: part.file_id };
  else if (part.file_data) {
    const data = parseDataUrl(part.file_data);
    if (data) {
      out.source = { kind: 'base64', data: data.data };
      if (data.mediaType) out.mediaType = data.mediaType;
    } else out.source = { kind: 'base64', data: part.file_data };
  }
  if (part.filename) out.filename = part.filename;
  if (part.detail) out.detail = part.detail;
  return out;
}

/** One part of a message's `content` array (or of a tool output, a text or a file) -> IR part. */
export function contentPartToIr(
  part: OpenAiResponsesToolOutputPart,
  path: string,
  warnings: IrWarning[],
): IrTextPart | IrFilePart;
export function contentPartToIr(part: OpenAiResponsesContentPart, path: string, warnings: IrWarning[]): IrContentPart;
export function contentPartToIr(part: OpenAiResponsesContentPart, path: string, warnings: IrWarning[]): IrContentPart {
  switch (part.type) {
    case 'input_text':
    case 'output_text':
      return { type: 'text', text: part.text };
    case 'refusal':
      return { type: 'refusal', text: part.refusal };
    case 'input_image':
      return inputImageToIr(part, path, warnings);
    case 'input_file':
      return inputFileToIr(part, path);
  }
}

/** A `function_call_output` item's `output` -> the content of an IR tool result. */
export function toolOutputToIr(
  output: string | OpenAiResponsesToolOutputPart[],
  path: string,
  warnings: IrWarning[],
): Array<IrTextPart | IrFilePart> {
  if (typeof output === 'string') return [{ type: 'text', text: output }];
  return output.map((part, i) => contentPartToIr(part, `${path}[${i}]`, warnings));
}
