import { IrError } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import { describeUrl } from './media-fetcher.js';
import { forwardedUrlProblem, type MediaUrlPolicy } from './media-url-policy.js';

/** Where each style keeps the content that can name media by URL. */
const CONTENT_FIELDS: Record<GenerationStyle, readonly string[]> = {
  'openai-chat': ['messages'],
  'openai-responses': ['input'],
  'anthropic-messages': ['messages', 'system'],
  gemini: ['contents', 'systemInstruction', 'system_instruction'],
};

/** Fields holding a tool call's arguments: the model's data, never media the gateway passes on. */
const ARGUMENT_FIELDS = new Set(['arguments', 'args', 'input', 'partial_json']);

/** Gemini file URIs may name Cloud Storage objects (`gs://`), which Vertex AI reads itself. */
const GEMINI_FILE_SCHEMES: ReadonlySet<string> = new Set(['gs:']);

/** A media URL found in a request body, with the path of the field holding it. */
interface FoundUrl {
  path: string;
  url: string;
  otherSchemes?: ReadonlySet<string>;
}

/**
 * Refuses a request that names media by a URL the gateway would not fetch itself: the same policy
 * (schemes, `media.allowHosts`, private and reserved address literals) applies to URLs passed on
 * to the upstream, which fetches them from its own network. Looks at image and file parts of every
 * style: chat `image_url`, Responses `input_image` / `input_file`, Anthropic `image` / `document`
 * URL sources, Gemini `fileData.fileUri` (where `gs://` is also accepted). `data:` URLs are inline
 * bytes and pass. Throws a 400 naming the field, the URL (without query) and the problem.
 */
export function checkForwardedMediaUrls(wire: GenerationStyle, json: Record<string, unknown>, policy: MediaUrlPolicy): void {
  for (const field of CONTENT_FIELDS[wire]) {
    for (const found of mediaUrls(json[field], field)) {
      const problem = urlProblem(found, policy);
      if (problem) {
        throw new IrError({
          kind: 'invalid-request',
          message: `The media URL in ${found.path} (${describeUrl(found.url)}) is refused: ${problem}`,
          code: 'media_url_refused',
          param: found.path,
          source: 'gateway',
        });
      }
    }
  }
}

function urlProblem(found: FoundUrl, policy: MediaUrlPolicy): string | undefined {
  if (/^data:/i.test(found.url)) return undefined;
  let url: URL;
  try {
    url = new URL(found.url);
  } catch {
    return 'it is not a valid URL';
  }
  return forwardedUrlProblem(url, policy, found.otherSchemes);
}

/** Every media URL under `value` (a style's content field), depth first, tool arguments skipped. */
function* mediaUrls(value: unknown, path: string): Generator<FoundUrl> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* mediaUrls(value[i], `${path}[${i}]`);
    return;
  }
  const part = asRecord(value);
  if (!part) return;
  yield* partUrls(part, path);
  for (const [key, child] of Object.entries(part)) {
    if (!ARGUMENT_FIELDS.has(key) && typeof child === 'object' && child !== null) yield* mediaUrls(child, `${path}.${key}`);
  }
}

/** The URL a single part names, by its shape. */
function* partUrls(part: Record<string, unknown>, path: string): Generator<FoundUrl> {
  const text = (value: unknown): value is string => typeof value === 'string';
  if (part.type === 'image_url') {
    const image = part.image_url;
    if (text(image)) yield { path: `${path}.image_url`, url: image };
    else if (text(asRecord(image)?.url)) yield { path: `${path}.image_url.url`, url: asRecord(image)?.url as string };
  }
  if (part.type === 'input_image' && text(part.image_url)) yield { path: `${path}.image_url`, url: part.image_url };
  if (part.type === 'input_file' && text(part.file_url)) yield { path: `${path}.file_url`, url: part.file_url };
  const source = asRecord(part.source);
  if ((part.type === 'image' || part.type === 'document') && source?.type === 'url' && text(source.url)) yield { path: `${path}.source.url`, url: source.url };
  for (const key of ['fileData', 'file_data'] as const) {
    const file = asRecord(part[key]);
    for (const uriKey of ['fileUri', 'file_uri'] as const) {
      const uri = file?.[uriKey];
      if (text(uri)) yield { path: `${path}.${key}.${uriKey}`, url: uri, otherSchemes: GEMINI_FILE_SCHEMES };
    }
  }
}
