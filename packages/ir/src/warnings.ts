/** A lossy conversion: something in the source could not be carried into the target. */
export interface IrWarning {
  /** `dropped`: the field was not sent; `approximated`: sent in a nearby form. */
  kind: 'dropped' | 'approximated';
  /** Dotted path of the field in the source wire format (`logprobs`, `messages[2].content[0]`). */
  field: string;
  message: string;
}

/** Every converter returns its value together with the warnings it raised. */
export interface Result<T> {
  value: T;
  warnings: IrWarning[];
}

export function ok<T>(value: T, warnings: IrWarning[] = []): Result<T> {
  return { value, warnings };
}

/**
 * An input item, content block or hosted tool of the caller's request that only an upstream of
 * the caller's own style can take: the IR keeps it in the style's extensions, and an upstream of
 * any other style gets nothing of it.
 */
export interface StyleOnlyEntry {
  /** Where it sat in the caller's body: `input[3]`, `tools[1]`, `messages`. */
  field: string;
  /** Its type as the caller wrote it (`web_search_call`, `item_reference`, `code_execution`, …). */
  type: string;
}
