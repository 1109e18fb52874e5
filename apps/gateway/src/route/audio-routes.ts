import type { IncomingMessage } from 'node:http';
import {
  openAiSpeechRequestSchema,
  openAiTranscriptionFieldsSchema,
  openAiTranslationFieldsSchema,
  parseAudioWire,
} from '@interlingua/audio';
import { invalidRequest } from '@interlingua/ir';
import type { ServiceScope } from './route-scope.js';
import { readMultipart, type MultipartForm, type MultipartLimits, type UploadedFile } from '../http/multipart.js';
import { readBody } from '../http/read-body.js';
import { bodyLimit, uploadLimits } from '../admit/admission.js';
import { audioService, type AudioInput } from '../services/audio-service.js';
import type { RouteEntry } from './route-entry.js';
import { parseJsonObject } from './generation-route.js';
import { requiredModel, serviceRoutes } from './service-route.js';
import { answerLocalAudio } from '../services/local-media.js';

/** Largest uploaded audio file: OpenAI's limit for transcriptions and translations is 25 MB. */
export const MAX_AUDIO_FILE_BYTES = 25 * 1024 * 1024;

/** `/v1/audio/speech` (JSON), `/v1/audio/transcriptions` and `/v1/audio/translations` (multipart). */
export function audioRoutes(gateway: ServiceScope): RouteEntry[] {
  const limits = (): MultipartLimits => uploadLimits(gateway.config, 'audio', MAX_AUDIO_FILE_BYTES);
  return serviceRoutes<AudioInput>(gateway, { serve: audioService, local: answerLocalAudio }, [
    [
      '/v1/audio/speech',
      'audio.speech',
      async (request) => {
        const json = parseJsonObject(await readBody(request, bodyLimit(gateway.config, 'audio')));
        const parsed = parseAudioWire(openAiSpeechRequestSchema, json);
        return { model: parsed.model, input: { operation: 'speech', json, request: parsed } };
      },
    ],
    [
      '/v1/audio/transcriptions',
      'audio.transcriptions',
      async (request) => {
        const { form, file } = await readAudioForm(request, limits());
        const parsed = parseAudioWire(openAiTranscriptionFieldsSchema, form.fields);
        return {
          model: requiredModel(parsed.model),
          input: { operation: 'transcriptions', form, file, request: parsed },
        };
      },
    ],
    [
      '/v1/audio/translations',
      'audio.translations',
      async (request) => {
        const { form, file } = await readAudioForm(request, limits());
        const parsed = parseAudioWire(openAiTranslationFieldsSchema, form.fields);
        return {
          model: requiredModel(parsed.model),
          input: { operation: 'translations', form, file, request: parsed },
        };
      },
    ],
  ]);
}

async function readAudioForm(
  request: IncomingMessage,
  limits: MultipartLimits,
): Promise<{ form: MultipartForm; file: UploadedFile }> {
  const form = await readMultipart(request, { files: { file: { required: true } }, limits });
  const file = form.files.file?.[0];
  if (!file) throw invalidRequest('Missing file: "file" is required', 'file');
  return { form, file };
}
