import type { IrUsage } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';
import { openAiChatUsageToIr } from './openai-chat-usage-to-ir.js';

/**
 * The usage of a whole chat completion, read without converting the answer: the body must be an
 * object whose `choices` is an array of objects (what makes it a chat completion for
 * `openAiChatResponseToIr`) with a `usage` object. Undefined otherwise: the caller then converts
 * the answer, which gives the same usage or none.
 */
export function openAiChatAnswerUsage(wire: unknown): IrUsage | undefined {
  const body = asRecord(wire);
  const choices = body?.choices;
  if (!body || !Array.isArray(choices) || !choices.every((choice) => asRecord(choice) !== undefined)) return undefined;
  return openAiChatUsageToIr(body.usage);
}
