/** Why generation stopped, unified across styles. */
export type IrFinishReasonValue =
  'stop' | 'length' | 'tool-calls' | 'content-filter' | 'refusal' | 'pause' | 'error' | 'other';

/** The unified value and the raw value the provider sent (null when it sent none). */
export interface IrFinishReason {
  unified: IrFinishReasonValue;
  raw: string | null;
}
