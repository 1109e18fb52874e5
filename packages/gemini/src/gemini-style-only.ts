import type { IrRequest, StyleOnlyEntry } from '@interlingua/ir';
import { readGeminiRequestExtensions } from './gemini-extensions.js';

/**
 * The built-in tools of a decoded Gemini request (`googleSearch`, `codeExecution`, `urlContext`,
 * …) that the IR cannot express: kept in the request's extensions for a Gemini upstream, lost on
 * an upstream of any other style.
 */
export function geminiStyleOnlyEntries(ir: IrRequest): StyleOnlyEntry[] {
  return (readGeminiRequestExtensions(ir.extensions).tools ?? []).flatMap((tool) =>
    Object.keys(tool).map((type) => ({ field: 'tools', type })),
  );
}
