import { errorKindForStatus, type IrErrorData, type IrErrorKind } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';

/**
 * An error answer of a service-only API (Cohere `{message}`, Voyage and Jina `{detail}` as
 * FastAPI writes it, text-embeddings-inference `{error, error_type}`, or an OpenAI-style
 * `{error:{message}}`) -> IR error. The kind comes from `kindOf` when given, else the status
 * (402 Payment Required is `quota-exceeded`); the body is kept in `raw`.
 */
export function serviceErrorToIr(
  status: number,
  body: unknown,
  provider: string,
  kindOf?: (record: Record<string, unknown>) => IrErrorKind | undefined,
): IrErrorData {
  const record = asRecord(body);
  const kind = (record && kindOf?.(record)) ?? (status === 402 ? 'quota-exceeded' : errorKindForStatus(status));
  return {
    kind,
    message: errorMessage(body) ?? `${provider} upstream error (HTTP ${status})`,
    status,
    code: typeof record?.code === 'string' ? record.code : null,
    source: 'upstream',
    raw: body,
  };
}

function errorMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() === '' ? undefined : body.trim().slice(0, 1000);
  const record = asRecord(body);
  if (!record) return undefined;
  for (const value of [record.message, record.detail, record.error, asRecord(record.error)?.message]) {
    if (typeof value === 'string' && value !== '') return value;
    const first = Array.isArray(value) ? asRecord(value[0]) : undefined;
    if (typeof first?.msg === 'string') return first.msg;
  }
  return undefined;
}
