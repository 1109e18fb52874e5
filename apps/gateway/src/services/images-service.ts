import { unsupported } from '@interlingua/ir';
import {
  imagesRequestToIr,
  irToImagesResponse,
  isImagesWire,
  type ImageUpload,
  type OpenAiImageEditFields,
  type OpenAiImageGenerationRequest,
  type OpenAiImageVariationFields,
} from '@interlingua/images';
import { openAiImagesUsageToIr } from '@interlingua/images/internal';
import { serviceErrorCodec } from '@interlingua/provider-adapters';
import { encodeMultipart, withField } from '../http/multipart-body.js';
import type { MultipartForm, UploadedFile } from '../http/multipart.js';
import { completeAnswerHeaders } from '../commit/commit-stream.js';
import {
  providerLabel,
  serviceLabel,
  type ServeOnTarget,
  type ServiceCall,
  type ServiceTarget,
} from './service-call.js';
import { serviceThroughIr } from './service-through-ir.js';
import { fetchServiceAnswer, relaySseAnswer, serviceUpstreamRequest } from './service-upstream.js';
import { lastUsageObject } from '../accounting/service-usage.js';
import { JSON_CONTENT_TYPE, requireJsonAnswer } from '../http/answer-content-type.js';
import { GEMINI } from '../http/request-styles.js';

/** An image request as the route read it: the JSON body (generations) or the form (edits, variations), validated. */
export type ImagesInput =
  | { operation: 'generations'; json: Record<string, unknown>; request: OpenAiImageGenerationRequest }
  | { operation: 'edits'; form: MultipartForm; request: OpenAiImageEditFields }
  | { operation: 'variations'; form: MultipartForm; request: OpenAiImageVariationFields };

/**
 * Serves an image request on one target, by the wire its provider names for the service:
 * `openai` forwards the body (JSON, or the form rebuilt) with only the model rewritten and
 * passes the answer back; `gemini` goes through the IR to `generateContent` and answers
 * `b64_json` images.
 */
export function imagesService(call: ServiceCall, input: ImagesInput): ServeOnTarget {
  return async (serving) => {
    const wire = serving.endpoint.wire;
    if (!isImagesWire(wire))
      throw unsupported(
        `${serviceLabel(call.service)}: provider "${serving.target.settings.id}" names an unknown image wire "${wire}"`,
      );
    if (wire === 'openai') return forwardOpenAiImages(call, serving, input);
    if (input.operation === 'variations')
      throw unsupported(`${serviceLabel(call.service)} is not supported by ${providerLabel(serving.target)}`);
    return geminiImages(call, serving, input);
  };
}

async function forwardOpenAiImages(call: ServiceCall, serving: ServiceTarget, input: ImagesInput): Promise<void> {
  const { target } = serving;
  call.outcome.took('fast');
  const endpoint = serving.endpoint.endpoint(target.settings, target.upstreamModel);
  const { body, contentType } = forwardedBody(input, target.upstreamModel);
  const request = serviceUpstreamRequest(call, serving, endpoint, body, contentType);
  const errorCodec = serviceErrorCodec(serving.endpoint);
  if (input.operation !== 'variations' && input.request.stream === true) {
    // Partial images as SSE (`image_generation.*` / `image_edit.*` events), passed on as they come.
    return relaySseAnswer(call, serving, request, errorCodec, openAiImagesUsageToIr);
  }
  const answer = await fetchServiceAnswer(call, serving, request, errorCodec);
  requireJsonAnswer(answer.headers);
  const usage = openAiImagesUsageToIr(lastUsageObject(answer.body));
  if (usage) call.outcome.used(usage);
  call.sink.send(200, JSON_CONTENT_TYPE, answer.body, completeAnswerHeaders(call));
}

/** The caller's body with only `model` rewritten: JSON re-serialised, or the form rebuilt in its order. */
function forwardedBody(input: ImagesInput, model: string): { body: string | Buffer; contentType: string } {
  if (input.operation === 'generations')
    return { body: JSON.stringify({ ...input.json, model }), contentType: 'application/json' };
  return encodeMultipart(withField(input.form.entries, 'model', model));
}

async function geminiImages(
  call: ServiceCall,
  serving: ServiceTarget,
  input: Exclude<ImagesInput, { operation: 'variations' }>,
): Promise<void> {
  const provider = providerLabel(serving.target);
  const uploads = input.operation === 'edits' ? input.form.files : {};
  const mask = uploads.mask?.[0];
  const ir = imagesRequestToIr({
    request: input.request,
    images: (uploads.image ?? []).map(imageUpload),
    ...(mask ? { mask: imageUpload(mask) } : {}),
    model: serving.target.upstreamModel,
    provider,
  });
  const response = await serviceThroughIr(call, serving, GEMINI, ir.value, ir.warnings);
  call.sink.sendJson(200, irToImagesResponse(response, provider).value, completeAnswerHeaders(call));
}

/** An uploaded file as the images package takes it: base64 bytes with what the form said. */
export function imageUpload(file: UploadedFile): ImageUpload {
  return { base64: file.data.toString('base64'), contentType: file.contentType, filename: file.filename };
}
