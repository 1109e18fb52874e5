import { GEMINI_FILE_URI } from '@interlingua/gemini/internal';
import type { WireBodyFields } from '@interlingua/ir-utils';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import { everyStyles, REQUEST_STYLES, STYLE_BODY_FIELDS } from '../http/request-styles.js';
import { pendingField, type PendingField } from '../http/lazy-json-body.js';
import { describeUrl } from './media-fetcher.js';
import { forwardedUrlProblem, type MediaUrlPolicy } from './media-url-policy.js';
import { gatewayError } from '../http/style-errors.js';

/** Fields holding a tool call's arguments: the model's data, never media the gateway passes on. */
const ARGUMENT_FIELDS = new Set(['arguments', 'args', 'input', 'partial_json']);

/** Gemini file URIs may name Cloud Storage objects (`gs://`), which Vertex AI reads itself. */
const FILE_SCHEMES: ReadonlySet<string> = new Set(GEMINI_FILE_URI.otherSchemes);

/** The keys of parts naming a file by URL (Gemini's `fileData` / `file_data`). */
const FILE_DATA_KEYS = everyStyles('fileDataKeys');

/** Each media part type's URL reader, from the style that owns the type. */
const PART_URL_BY_TYPE: ReadonlyMap<string, WireBodyFields['partUrl']> = new Map(
  REQUEST_STYLES.flatMap((style) =>
    STYLE_BODY_FIELDS[style].mediaPartTypes.map((type) => [type, STYLE_BODY_FIELDS[style].partUrl] as const),
  ),
);

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
export function checkForwardedMediaUrls(
  wire: GenerationStyle,
  json: Record<string, unknown>,
  policy: MediaUrlPolicy,
): void {
  const refuseBadUrl = (found: FoundUrl): void => {
    const problem = urlProblem(found, policy);
    if (!problem) return;
    throw gatewayError(
      'invalid-request',
      `The media URL in ${found.path} (${describeUrl(found.url)}) is refused: ${problem}`,
      { code: 'media_url_refused', param: found.path },
    );
  };
  for (const field of STYLE_BODY_FIELDS[wire].contentFields) {
    const pending = pendingField(json, field);
    if (pending && !mayNameMedia(pending)) continue;
    visitMediaUrls(json[field], [field], refuseBadUrl);
  }
}

/**
 * Whether a value not parsed yet may name media: the scan of its bytes noted every object key
 * the walk below looks at (`type` with one of `MEDIA_PART_TYPES`, `fileData`, `file_data`, or an
 * escaped key or type that could spell one); without any, the walk would find nothing.
 */
function mayNameMedia({ field }: PendingField): boolean {
  return field.namesMedia;
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

/**
 * Calls `onFound` for every media URL under `value` (a style's content field), depth first, tool
 * arguments skipped. Runs on every generation request over its whole content: it allocates
 * nothing per node (the path is a stack, made into text only for a URL found), reads each
 * object's `type` once and finds Gemini's `fileData` / `file_data` while looping over the keys
 * (no lookup of absent keys on every object).
 */
function visitMediaUrls(value: unknown, path: Array<string | number>, onFound: (found: FoundUrl) => void): void {
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      visitMediaUrls(value[i], path, onFound);
      path.pop();
    }
    return;
  }
  const part = value as Record<string, unknown>;
  const type = part.type;
  if (typeof type === 'string') typedPartUrl(part, type, path, onFound);
  for (const key in part) {
    const child = part[key];
    if (typeof child !== 'object' || child === null) continue;
    if (FILE_DATA_KEYS.has(key)) fileDataUrls(child as Record<string, unknown>, key, path, onFound);
    if (ARGUMENT_FIELDS.has(key)) continue;
    path.push(key);
    visitMediaUrls(child, path, onFound);
    path.pop();
  }
}

/** `messages[2].content[0]`: a path stack as text. */
function pathText(path: ReadonlyArray<string | number>, fields: readonly string[]): string {
  let text = '';
  for (const step of path) text += typeof step === 'number' ? `[${step}]` : text === '' ? step : `.${step}`;
  for (const field of fields) text += `.${field}`;
  return text;
}

/** The URL a media part names, read by the style package that owns its type (none for other parts). */
function typedPartUrl(
  part: Record<string, unknown>,
  type: string,
  path: ReadonlyArray<string | number>,
  onFound: (found: FoundUrl) => void,
): void {
  const found = PART_URL_BY_TYPE.get(type)?.(part, type);
  if (found) onFound({ path: pathText(path, found.fields), url: found.url });
}

/** The URIs of a Gemini `fileData` / `file_data` object (its own schemes allowed beside the web's). */
function fileDataUrls(
  file: Record<string, unknown>,
  key: string,
  path: ReadonlyArray<string | number>,
  onFound: (found: FoundUrl) => void,
): void {
  for (const uriKey of GEMINI_FILE_URI.keys) {
    const uri = file[uriKey];
    if (typeof uri === 'string') onFound({ path: pathText(path, [key, uriKey]), url: uri, otherSchemes: FILE_SCHEMES });
  }
}
