import type { IrCitation, IrWarning, IrWebSearchPart, IrWebSource } from '@interlingua/ir';
import { asRecord, asString } from '@interlingua/ir-utils';

type Block = Record<string, unknown>;
type Typed = Block & { type: string };

/** True for the `server_tool_use` block of Anthropic's web search. */
export function isWebSearchUse(block: Block): boolean {
  return block.type === 'server_tool_use' && block.name === 'web_search';
}

/** A `server_tool_use` (web_search) and its `web_search_tool_result` -> one IR web search; both blocks kept as raw. */
export function anthropicSearchToIr(use: Block | undefined, result: Block): IrWebSearchPart {
  const query = asString(asRecord(use?.input)?.query);
  const sources: IrWebSource[] = [];
  const part: IrWebSearchPart = {
    type: 'web-search',
    id: asString(result.tool_use_id) ?? '',
    queries: query ? [query] : [],
    sources,
    raw: { origin: 'anthropic', value: use ? [use, result] : [result] },
  };
  if (Array.isArray(result.content)) {
    for (const item of result.content) {
      const found = asRecord(item);
      const url = asString(found?.url);
      if (found?.type !== 'web_search_result' || !url) continue;
      const title = asString(found.title);
      sources.push(title ? { url, title } : { url });
    }
  } else {
    const code = asString(asRecord(result.content)?.error_code);
    if (code) part.error = code;
  }
  return part;
}

/** An Anthropic `web_search_result_location` citation -> IR (it cites its whole text block). */
export function anthropicCitationToIr(citation: Block): IrCitation | undefined {
  const url = asString(citation.url);
  if (citation.type !== 'web_search_result_location' || !url) return undefined;
  const out: IrCitation = { url, raw: { origin: 'anthropic', value: citation } };
  const title = asString(citation.title);
  if (title) out.title = title;
  const cited = asString(citation.cited_text);
  if (cited) out.citedText = cited;
  return out;
}

/** A text block's `citations` -> IR citations when every one is a web search citation, else undefined. */
export function anthropicCitationsToIr(citations: unknown): IrCitation[] | undefined {
  if (!Array.isArray(citations) || citations.length === 0) return undefined;
  const out: IrCitation[] = [];
  for (const item of citations) {
    const citation = asRecord(item) && anthropicCitationToIr(item as Block);
    if (!citation) return undefined;
    out.push(citation);
  }
  return out;
}

/** An IR citation of `text` -> `web_search_result_location` (Anthropic's own object when it minted it). */
export function irCitationToAnthropic(citation: IrCitation, text: string): Typed {
  if (citation.raw?.origin === 'anthropic') return { type: 'web_search_result_location', ...citation.raw.value };
  const cited = citation.citedText ?? text.slice(citation.startIndex ?? 0, citation.endIndex ?? text.length);
  return {
    type: 'web_search_result_location',
    url: citation.url,
    title: citation.title ?? null,
    cited_text: cited,
    // Anthropic's encrypted index only exists for its own results; nothing stands in for it.
    encrypted_index: '',
  };
}

/** The `server_tool_use` id for a search another style ran (`srvtoolu_` + the id's safe characters). */
function serverToolUseId(id: string): string {
  const safe = id.replace(/[^a-zA-Z0-9_-]/g, '');
  return safe.startsWith('srvtoolu_') ? safe : `srvtoolu_${safe || 'search'}`;
}

/**
 * An IR web search -> `server_tool_use` + `web_search_tool_result`: Anthropic's own blocks when
 * it ran the search; otherwise made from the queries and pages found (without the encrypted page
 * content only Anthropic mints). Queries past the first are named in a warning.
 */
export function irSearchToAnthropic(part: IrWebSearchPart, field: string, warnings: IrWarning[]): Typed[] {
  if (part.raw?.origin === 'anthropic') return part.raw.value.map((block) => ({ type: 'server_tool_use', ...block }));
  const id = serverToolUseId(part.id);
  if (part.queries.length > 1)
    warnings.push({
      kind: 'approximated',
      field,
      message: `an Anthropic web search block holds one query; ${part.queries.length - 1} more were not shown`,
    });
  const content = part.error
    ? { type: 'web_search_tool_result_error', error_code: part.error }
    : part.sources.map((source) => ({
        type: 'web_search_result',
        url: source.url,
        title: source.title ?? source.url,
        encrypted_content: '',
        page_age: null,
      }));
  return [
    { type: 'server_tool_use', id, name: 'web_search', input: { query: part.queries[0] ?? '' } },
    { type: 'web_search_tool_result', tool_use_id: id, content },
  ];
}
