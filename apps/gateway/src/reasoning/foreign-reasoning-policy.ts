import type { IrContentPart, IrMessage, IrOpaque, IrWarning, OpaqueOrigin } from '@interlingua/ir';

/**
 * What happens to reasoning another provider made when a turn goes to a target of another family:
 * `drop` removes its opaque artefacts and keeps its visible text only where the target takes
 * reasoning without one (OpenAI chat); `text` also sends that visible text as plain assistant
 * text to targets that take no foreign reasoning.
 */
export type ForeignReasoningPolicy = 'drop' | 'text';

const KIND_TEXT: Record<IrOpaque['kind'], string> = {
  signature: 'its signature',
  encrypted: 'its encrypted content',
  redacted: 'redacted thinking',
};

/** Targets without an opaque reasoning field (OpenAI chat) take reasoning text as it is. */
function takesUnsignedReasoning(target: OpaqueOrigin | undefined): boolean {
  return target === undefined;
}

function targetName(target: OpaqueOrigin | undefined): string {
  return target ?? 'a target without opaque reasoning';
}

/**
 * Applies the policy to a request about to be encoded for a target of family `target` (undefined
 * for OpenAI chat): artefacts of the target's own family (and gateway compaction items) stay,
 * byte for byte; others never go, and each removal is reported.
 */
export function applyForeignReasoningPolicy(
  messages: readonly IrMessage[],
  target: OpaqueOrigin | undefined,
  policy: ForeignReasoningPolicy,
): { messages: IrMessage[]; warnings: IrWarning[] } {
  const warnings: IrWarning[] = [];
  const out = messages.map((message, m) => {
    if (message.role !== 'assistant') return message;
    const content = message.content.flatMap((part, p) =>
      partForTarget(part, { field: `messages[${m}].content[${p}]`, target, policy, warnings }),
    );
    return content.length === message.content.length && content.every((part, p) => part === message.content[p])
      ? message
      : { ...message, content };
  });
  return { messages: out, warnings };
}

interface PolicyContext {
  field: string;
  target: OpaqueOrigin | undefined;
  policy: ForeignReasoningPolicy;
  warnings: IrWarning[];
}

function isNative(opaque: IrOpaque, target: OpaqueOrigin | undefined): boolean {
  return opaque.origin === target || opaque.origin === 'interlingua';
}

function partForTarget(part: IrContentPart, context: PolicyContext): IrContentPart[] {
  if (part.type === 'tool-call' && part.opaque && !isNative(part.opaque, context.target)) {
    const { opaque, ...call } = part;
    context.warnings.push({
      kind: 'dropped',
      field: `${context.field}.opaque`,
      message: `the ${opaque.origin} signature of tool call '${part.name}' is not sent to ${targetName(context.target)}`,
    });
    return [call];
  }
  if (part.type !== 'reasoning') return [part];
  const { opaque } = part;
  if (opaque && isNative(opaque, context.target)) return [part];
  const what = opaque ? `reasoning from ${opaque.origin} (${KIND_TEXT[opaque.kind]})` : 'reasoning without a signature';
  if (takesUnsignedReasoning(context.target)) {
    if (opaque)
      context.warnings.push({
        kind: 'dropped',
        field: `${context.field}.opaque`,
        message: `${what}: only its visible text is sent to ${targetName(context.target)}`,
      });
    return part.text === '' ? [] : [{ type: 'reasoning', text: part.text }];
  }
  if (context.policy === 'text' && part.text !== '') {
    context.warnings.push({
      kind: 'approximated',
      field: context.field,
      message: `${what} is sent to ${targetName(context.target)} as plain text`,
    });
    return [{ type: 'text', text: part.text }];
  }
  if (opaque || part.text !== '')
    context.warnings.push({
      kind: 'dropped',
      field: context.field,
      message: `${what} is not replayed to ${targetName(context.target)}`,
    });
  return [];
}
