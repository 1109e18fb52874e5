import type { LedgerRow } from './ledger-row.js';

/** A ledger row as journaled: its unique id (what makes a second delivery a no-op) and its order in this process. */
export interface JournalEntry extends LedgerRow {
  rowId: string;
  seq: number;
}
