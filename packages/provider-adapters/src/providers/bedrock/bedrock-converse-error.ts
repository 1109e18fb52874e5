import type { IrErrorData } from '@interlingua/ir';
import { errorKindForStatus, errorStatus } from '@interlingua/ir';
import { bedrockErrorBodySchema } from './bedrock-converse-schema.js';
import { BEDROCK_ERROR_TYPES, IR_ERROR_KIND_TO_BEDROCK, bedrockErrorType } from './map/bedrock-error-type.js';

/**
 * A Bedrock error answer -> IR error. The kind comes from the error type (the `x-amzn-errortype`
 * header when the caller has it, else `__type` in the body), then from the HTTP status. Bad
 * credentials and signatures (403 from the AWS front door) are `authentication`, answered as 401.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/CommonErrors.html
 */
export function bedrockErrorToIr(status: number, body: unknown, headerType?: string): IrErrorData {
  const parsed = bedrockErrorBodySchema.safeParse(body);
  const fields = parsed.success ? parsed.data : {};
  const type = bedrockErrorType(headerType) ?? bedrockErrorType(fields.__type);
  const kind = type ? BEDROCK_ERROR_TYPES[type].kind : errorKindForStatus(status);
  const message =
    fields.message ??
    fields.Message ??
    (typeof body === 'string' && body !== '' ? body : `Bedrock answered HTTP ${status}`);
  return {
    kind,
    message,
    status: kind === 'authentication' ? 401 : status,
    code: type ?? null,
    source: 'upstream',
    raw: body,
  };
}

/** IR error -> a Bedrock error answer (`{message}`; the type travels in `x-amzn-errortype`, see `bedrockErrorTypeOf`). */
export function irToBedrockError(error: IrErrorData): { status: number; body: { message: string } } {
  return { status: errorStatus(error), body: { message: error.message } };
}

/** The Bedrock error type for an IR error (`x-amzn-errortype`, stream exception events). */
export function bedrockErrorTypeOf(error: IrErrorData): string {
  const type = bedrockErrorType(error.code ?? undefined);
  return type ?? IR_ERROR_KIND_TO_BEDROCK[error.kind];
}
