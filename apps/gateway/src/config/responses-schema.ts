import { z } from 'zod';
import { strictObject } from './strict-object.js';

const storeSchema = strictObject({
  /** How long a stored response can be retrieved or continued (`previous_response_id`). */
  ttlSeconds: z.number().int().positive().default(86_400),
  /** Most responses kept at once; the oldest goes first. */
  maxEntries: z.number().int().positive().default(1_000),
  /** A response whose stored form (input and output) is larger is answered but not stored. */
  maxEntryBytes: z.number().int().positive().default(4 * 1024 * 1024),
});

const compactionSchema = strictObject({
  /**
   * Seals the `compaction` items the gateway mints when it emulates `/v1/responses/compact` for
   * upstreams other than OpenAI Responses (AES-256-GCM, key = SHA-256 of the secret). Without it,
   * emulated compaction answers a 400. Use `${ENV}` interpolation to keep it out of the file.
   */
  secret: z.string().min(16).optional(),
});

/** `responses`: state the gateway keeps for OpenAI Responses callers. */
export const responsesSchema = strictObject({
  store: storeSchema.default(storeSchema.parse({})),
  compaction: compactionSchema.default({}),
});

export type ResponsesConfig = z.infer<typeof responsesSchema>;
