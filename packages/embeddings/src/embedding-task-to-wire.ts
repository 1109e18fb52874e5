import type { IrWarning } from '@interlingua/ir';
import type { IrEmbeddingTask } from './embedding-ir.js';

/**
 * An IR task in a wire's vocabulary, with a warning when the wire has no such task (`dropped`)
 * or only a nearby one (`approximated`: the wire value does not read back as the same task).
 */
export function taskToWire<W extends string>(
  task: IrEmbeddingTask | undefined,
  tables: { toWire: Record<IrEmbeddingTask, W | undefined>; toIr: Record<W, IrEmbeddingTask> },
  field: string,
  wireName: string,
  warnings: IrWarning[],
): W | undefined {
  if (task === undefined) return undefined;
  const value = tables.toWire[task];
  if (value === undefined) {
    warnings.push({ kind: 'dropped', field, message: `${wireName} has no input type for the task "${task}"` });
    return undefined;
  }
  if (tables.toIr[value] !== task) {
    warnings.push({
      kind: 'approximated',
      field,
      message: `${wireName} has no input type for the task "${task}"; sent "${value}"`,
    });
  }
  return value;
}

/** Reads a wire value through a table; `undefined` for values the table does not hold. */
export function taskFromWire<W extends string>(
  value: unknown,
  toIr: Record<W, IrEmbeddingTask>,
): IrEmbeddingTask | undefined {
  return typeof value === 'string' && Object.hasOwn(toIr, value) ? toIr[value as W] : undefined;
}
