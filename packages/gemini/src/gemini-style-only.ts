import type { IrRequest, StyleOnlyEntry } from '@interlingua/ir';
import { readGeminiRequestExtensions } from './gemini-extensions.js';

/**
 * The built-in tools of a decoded Gemini request (`codeExecution`, `urlContext`, …; Google Search is carried as the IR's `webSearch`) that the IR cannot express: kept in the request's extensions for a Gemini upstream, lost on
 * an upstream of any other style.
 */
export function geminiStyleOnlyEntries(ir: IrRequest): StyleOnlyEntry[] {
  return (readGeminiRequestExtensions(ir.extensions).tools ?? []).flatMap((tool) =>
    Object.keys(tool)
      .filter((type) => type !== 'googleSearch' && type !== 'googleSearchRetrieval')
      .map((type) => ({ field: 'tools', type })),
  );
}
