import { z } from 'zod';
import { strictObject } from '../config/strict-object.js';
import { budgetSchema, keyLimitFields, rotationOverlapSeconds } from '../config/operations-schema.js';
import { mcpGrantSchema } from '../config/mcp-schema.js';

const metadataSchema = z
  .record(z.string().max(128), z.string().max(1_024))
  .refine((value) => Object.keys(value).length <= 32, { message: 'at most 32 metadata entries' });

/** The fields of a key an operator sets (create and update share them). */
const editableFields = {
  name: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._:@-]*$/, 'use letters, digits and . _ : @ -'),
  /** Model name globs the key may use; default all. */
  models: z.array(z.string().min(1).max(256)).min(1).max(256),
  /** ISO date-time with offset, or null for none. */
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  metadata: metadataSchema,
  /** The MCP servers and tools the key may use (see docs/mcp.md); none when left out. */
  mcp: mcpGrantSchema.optional(),
  ...keyLimitFields,
};

/** `POST /admin/keys`: the name is required, the rest as for keys in the config file. */
export const createKeySchema = strictObject({
  ...editableFields,
  models: editableFields.models.default(['*']),
  expiresAt: editableFields.expiresAt.optional(),
  metadata: metadataSchema.default({}),
  /** `false` keeps the key's requests out of the response cache, as for a config key. */
  cache: z.literal(false).optional(),
  /** The id of the team whose limits the key shares (`/admin/teams`). */
  team: z.string().min(1).max(64).optional(),
});

/** `PATCH /admin/keys/:id`: any of the fields; `null` clears a limit. */
export const updateKeySchema = strictObject({
  name: editableFields.name.optional(),
  models: editableFields.models.optional(),
  expiresAt: editableFields.expiresAt.optional(),
  metadata: metadataSchema.optional(),
  endpoints: keyLimitFields.endpoints.nullable(),
  rpm: keyLimitFields.rpm.nullable(),
  tpm: keyLimitFields.tpm.nullable(),
  budgets: z.array(budgetSchema).optional(),
  disabled: z.boolean().optional(),
  mcp: mcpGrantSchema.nullable().optional(),
  /** `false` keeps the key out of the response cache; `null` lets it follow its routes again. */
  cache: z.literal(false).nullable().optional(),
});

/** `POST /admin/keys/:id/rotate`: how long the previous secret keeps working (default `admin.rotationOverlapSeconds`). */
export const rotateKeySchema = strictObject({ overlapSeconds: rotationOverlapSeconds.optional() });

export type CreateKeyInput = z.infer<typeof createKeySchema>;
export type UpdateKeyInput = z.infer<typeof updateKeySchema>;
