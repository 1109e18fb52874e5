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
