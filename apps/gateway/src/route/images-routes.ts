import type { IncomingMessage } from 'node:http';
import {
  openAiImageEditFieldsSchema,
  openAiImageGenerationRequestSchema,
  openAiImageVariationFieldsSchema,
  parseImagesWire,
} from '@interlingua/images';
import type { ServiceScope } from './route-scope.js';
import { readMultipart, type MultipartLimits } from '../http/multipart.js';
import { readBody } from '../http/read-body.js';
import { bodyLimit, uploadLimits } from '../admit/admission.js';
import { imagesService, type ImagesInput } from '../services/images-service.js';
import type { RouteEntry } from './route-entry.js';
import { parseJsonObject } from './generation-route.js';
import { requiredModel, serviceRoutes, type ServiceRequest } from './service-route.js';
import { answerLocalImages } from '../services/local-media.js';

/** Largest single uploaded image: GPT-image models take files under 50 MB. */
export const MAX_IMAGE_FILE_BYTES = 50 * 1024 * 1024;

/** How many images one edit may carry (`image[]`), as GPT-image models allow. */
export const MAX_EDIT_IMAGES = 16;

/** `/v1/images/generations` (JSON), `/v1/images/edits` and `/v1/images/variations` (multipart). */
export function imagesRoutes(gateway: ServiceScope): RouteEntry[] {
  const limits = (): MultipartLimits => uploadLimits(gateway.config, 'images', MAX_IMAGE_FILE_BYTES);
  return serviceRoutes<ImagesInput>(gateway, { serve: imagesService, local: answerLocalImages }, [
    [
      '/v1/images/generations',
      'images.generations',
      async (request) => {
        const json = parseJsonObject(await readBody(request, bodyLimit(gateway.config, 'images')));
        const parsed = parseImagesWire(openAiImageGenerationRequestSchema, json);
        return { model: requiredModel(parsed.model), input: { operation: 'generations', json, request: parsed } };
      },
    ],
    ['/v1/images/edits', 'images.edits', (request) => readEdit(request, limits())],
    ['/v1/images/variations', 'images.variations', (request) => readVariation(request, limits())],
  ]);
}

async function readEdit(request: IncomingMessage, limits: MultipartLimits): Promise<ServiceRequest<ImagesInput>> {
  const form = await readMultipart(request, {
    files: { image: { required: true, maxCount: MAX_EDIT_IMAGES }, mask: {} },
    limits,
  });
  const parsed = parseImagesWire(openAiImageEditFieldsSchema, form.fields);
  return { model: requiredModel(parsed.model), input: { operation: 'edits', form, request: parsed } };
}

async function readVariation(request: IncomingMessage, limits: MultipartLimits): Promise<ServiceRequest<ImagesInput>> {
  const form = await readMultipart(request, { files: { image: { required: true } }, limits });
  const parsed = parseImagesWire(openAiImageVariationFieldsSchema, form.fields);
  return { model: requiredModel(parsed.model), input: { operation: 'variations', form, request: parsed } };
}
