import { z } from 'zod';
import { strictObject } from '../config/strict-object.js';
import { budgetSchema, keyLimitFields } from '../config/operations-schema.js';

const teamName = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:@ -]*$/, 'use letters, digits, spaces and . _ : @ -');

/** `POST /admin/teams`: a name, and the limits every key of the team shares (shaped like a key's). */
export const createTeamSchema = strictObject({
  name: teamName,
  rpm: keyLimitFields.rpm,
  tpm: keyLimitFields.tpm,
  budgets: keyLimitFields.budgets,
});

/** `PATCH /admin/teams/:id`: any of the fields; `null` clears a limit. */
export const updateTeamSchema = strictObject({
  name: teamName.optional(),
  rpm: keyLimitFields.rpm.nullable(),
  tpm: keyLimitFields.tpm.nullable(),
  budgets: z.array(budgetSchema).optional(),
});

/** A subject (the identity provider's user id) and its role in the team. */
export const memberSchema = strictObject({
  subject: z.string().min(1).max(256),
  role: z.enum(['team-admin', 'member']),
});

export type CreateTeamInput = z.infer<typeof createTeamSchema>;
export type UpdateTeamInput = z.infer<typeof updateTeamSchema>;
