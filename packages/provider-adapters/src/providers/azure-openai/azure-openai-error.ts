import { errorKindForStatus, type IrErrorData, type IrErrorKind } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';
import { codecFor } from '../../codecs.js';

/** Azure OpenAI `error.code` values that name the kind whatever the HTTP status. */
export type AzureOpenAiErrorCode =
  'content_filter' | 'DeploymentNotFound' | 'OperationNotSupported' | 'AuthenticationTypeDisabled' | 'PermissionDenied';

/**
 * Azure `error.code` -> IR kind. A prompt blocked by the content filter is a 400 the caller
 * must change (`invalid-request`); numeric codes (`"401"`, `"429"`) are read as statuses.
 * @see https://learn.microsoft.com/en-us/azure/ai-foundry/openai/concepts/content-filter
 * @see https://learn.microsoft.com/en-us/azure/ai-foundry/openai/reference
 */
export const AZURE_OPENAI_ERROR_CODE_TO_IR = {
  content_filter: 'invalid-request',
  DeploymentNotFound: 'not-found',
  OperationNotSupported: 'unsupported',
  AuthenticationTypeDisabled: 'permission',
  PermissionDenied: 'permission',
} as const satisfies Record<AzureOpenAiErrorCode, IrErrorKind>;

function isAzureCode(code: string): code is AzureOpenAiErrorCode {
  return Object.hasOwn(AZURE_OPENAI_ERROR_CODE_TO_IR, code);
}

function kindForCode(code: string): IrErrorKind | undefined {
  if (isAzureCode(code)) return AZURE_OPENAI_ERROR_CODE_TO_IR[code];
  const status = /^[45]\d\d$/.test(code) ? Number(code) : undefined;
  return status === undefined ? undefined : errorKindForStatus(status);
}

/** Seconds from Azure's "Please retry after 6 seconds." quota messages. @see https://learn.microsoft.com/en-us/azure/ai-foundry/openai/how-to/quota */
function retryAfterFromMessage(message: unknown): number | undefined {
  const match = typeof message === 'string' ? /retry after (\d+) seconds?/i.exec(message) : null;
  return match?.[1] ? Number(match[1]) : undefined;
}

/**
 * An Azure OpenAI error answer -> IR error: the OpenAI-style reading of the chat codec, with the
 * kind taken from Azure's `error.code` (its own names and numeric status codes) and the retry
 * hint from its message. Undefined when the body carries nothing Azure-specific, so the
 * gateway falls back to the wire codec.
 */
export function azureOpenAiErrorToIr(status: number, body: unknown): IrErrorData | undefined {
  const error = asRecord(asRecord(body)?.['error']);
  if (!error) return undefined;
  const code = typeof error['code'] === 'string' ? error['code'] : undefined;
  const kind = code === undefined ? undefined : kindForCode(code);
  const retryAfter = retryAfterFromMessage(error['message']);
  if (kind === undefined && retryAfter === undefined) return undefined;
  const base = codecFor('openai-chat').error.toIr(status, body);
  return {
    ...base,
    ...(kind !== undefined ? { kind } : {}),
    ...(retryAfter !== undefined && base.retryAfterSeconds === undefined ? { retryAfterSeconds: retryAfter } : {}),
  };
}
