import { asRecord } from '@interlingua/ir-utils';

/*
 * Namespaced tools: a Responses `namespace` tool groups function tools (Codex sends its MCP
 * servers' tools this way) and calls to them carry `namespace` beside `name`. Other styles have
 * flat function tools only, so each tool of a namespace is one function tool named
 * `<namespace>__<name>`; an answer's call of such a name goes back to the caller split again.
 */

const SEPARATOR = '__';

/** Where a flat tool name came from. */
export interface NamespacedName {
  namespace: string;
  name: string;
}

/** The flat name of tool `name` of `namespace`. */
export function flatToolName(namespace: string, name: string): string {
  return `${namespace}${SEPARATOR}${name}`;
}

/**
 * Flat name -> namespace and inner name, for the function tools of the `namespace` tools among
 * `tools` (a request's tools, or the tools an answer echoes). A flat name that is also the name of
 * a top-level function tool stays that tool's.
 */
export function namespacedToolNames(tools: readonly unknown[] | undefined): Map<string, NamespacedName> {
  const names = new Map<string, NamespacedName>();
  for (const tool of tools ?? []) {
    const namespace = asRecord(tool)?.type === 'namespace' ? asRecord(tool)?.name : undefined;
    const inner = asRecord(tool)?.tools;
    if (typeof namespace !== 'string' || !Array.isArray(inner)) continue;
    for (const entry of inner as unknown[]) {
      const record = asRecord(entry);
      if (record?.type === 'function' && typeof record.name === 'string')
        names.set(flatToolName(namespace, record.name), { namespace, name: record.name });
    }
  }
  for (const tool of tools ?? []) {
    const record = asRecord(tool);
    if (record?.type === 'function' && typeof record.name === 'string') names.delete(record.name);
  }
  return names;
}

/** The `name` (and `namespace`, for a namespaced tool) of a `function_call` item calling `flatName`. */
export function functionCallName(
  flatName: string,
  names: ReadonlyMap<string, NamespacedName>,
): { name: string; namespace?: string } {
  const namespaced = names.get(flatName);
  return namespaced ? { name: namespaced.name, namespace: namespaced.namespace } : { name: flatName };
}

/** The IR name of a `function_call` item: flat (`<namespace>__<name>`) when it names a `namespace`. */
export function callNameToIr(name: string, namespace: unknown): string {
  return typeof namespace === 'string' && namespace !== '' ? flatToolName(namespace, name) : name;
}

/** The inner name of a replayed call whose item carried `namespace` (its IR name is the flat one). */
export function innerCallName(flatName: string, namespace: unknown): string {
  if (typeof namespace !== 'string' || namespace === '') return flatName;
  const prefix = namespace + SEPARATOR;
  return flatName.startsWith(prefix) ? flatName.slice(prefix.length) : flatName;
}
