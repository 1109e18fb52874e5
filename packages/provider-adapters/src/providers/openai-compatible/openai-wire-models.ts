import type { IrModel } from '@interlingua/ir';
import * as z from 'zod';

const modelListSchema = z.object({
  data: z.array(z.looseObject({ id: z.string(), created: z.number().optional(), owned_by: z.string().optional() })),
});

/** Reads an OpenAI-style `GET /models` answer. */
export function parseOpenAiModelList(body: unknown): IrModel[] {
  const parsed = modelListSchema.safeParse(body);
  if (!parsed.success) return [];
  return parsed.data.data.map((m) => ({ id: m.id, created: m.created ?? 0, ownedBy: m.owned_by ?? 'unknown' }));
}
