import type { IrContentPart, IrResponse, IrWarning, Result } from '@interlingua/ir';
import { parseToolArguments } from '@interlingua/ir-utils';
import type { BedrockConverseStrictResponse } from './bedrock-converse-schema.js';
import { irUsageToBedrock } from './bedrock-converse-usage.js';
import { bedrockToolUseId } from './bedrock-model-family.js';
import { irFinishReasonToBedrock } from './map/bedrock-stop-reason.js';

type Block = BedrockConverseStrictResponse['output']['message']['content'][number];

function partToBlock(part: IrContentPart, field: string, warnings: IrWarning[]): Block[] {
  switch (part.type) {
    case 'text':
    case 'refusal':
      return [{ text: part.text }];
    case 'reasoning':
      if (part.opaque?.kind === 'redacted') return [{ reasoningContent: { redactedContent: part.opaque.data } }];
      return [
        {
          reasoningContent: {
            reasoningText: {
              text: part.text,
              ...(part.opaque?.kind === 'signature' ? { signature: part.opaque.data } : {}),
            },
          },
        },
      ];
    case 'tool-call':
      return [
        {
          toolUse: {
            toolUseId: bedrockToolUseId(part.id),
            name: part.name,
            input: parseToolArguments(part.argumentsJson),
          },
        },
      ];
    case 'file': {
      const format = part.mediaType?.replace(/^image\//, '');
      if (
        part.source.kind === 'base64' &&
        (format === 'png' || format === 'jpeg' || format === 'gif' || format === 'webp')
      ) {
        return [{ image: { format, source: { bytes: part.source.data } } }];
      }
      warnings.push({
        kind: 'dropped',
        field,
        message: 'a Converse answer carries only base64 png, jpeg, gif or webp images',
      });
      return [];
    }
    case 'tool-result':
      warnings.push({ kind: 'dropped', field, message: 'a Converse answer carries no tool results' });
      return [];
    case 'web-search':
      warnings.push({ kind: 'dropped', field, message: 'a Converse answer carries no web searches' });
      return [];
    case 'mcp-list-tools':
    case 'mcp-call':
    case 'mcp-approval-request':
    case 'mcp-approval-response':
      warnings.push({ kind: 'dropped', field, message: 'a Converse answer carries no MCP items' });
      return [];
  }
}

/**
 * IR answer -> `Converse` answer (first choice; others are dropped with a warning).
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html#API_runtime_Converse_ResponseSyntax
 */
export function irToBedrockConverseResponse(ir: IrResponse): Result<BedrockConverseStrictResponse> {
  const warnings: IrWarning[] = [];
  const choice = ir.choices[0];
  if (ir.choices.length > 1)
    warnings.push({ kind: 'dropped', field: 'choices', message: 'a Converse answer has one candidate' });
  const content = (choice?.content ?? []).flatMap((part, i) => partToBlock(part, `choices[0].content[${i}]`, warnings));
  return {
    value: {
      output: { message: { role: 'assistant', content } },
      stopReason: irFinishReasonToBedrock(choice?.finishReason ?? { unified: 'stop', raw: null }),
      usage: irUsageToBedrock(ir.usage),
      metrics: { latencyMs: 0 },
    },
    warnings,
  };
}
