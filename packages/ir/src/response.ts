import type { IrContentPart } from './content.js';
import type { IrFinishReason } from './finish-reason.js';
import type { IrExtensions } from './request.js';
import type { IrUsage } from './usage.js';

/** One alternative answer. Parts keep the order the model produced them in. */
export interface IrChoice {
  index: number;
  content: IrContentPart[];
  finishReason: IrFinishReason;
}

/** A complete generation answer. */
export interface IrResponse {
  id: string;
  model: string;
  /** Unix seconds. */
  created: number;
  choices: IrChoice[];
  usage?: IrUsage;
  extensions?: IrExtensions;
}
