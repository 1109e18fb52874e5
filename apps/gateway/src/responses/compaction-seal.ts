import { INTERLINGUA_COMPACTION_PREFIX } from '@interlingua/openai-responses/internal';
import { asRecord, safeJsonParse } from '@interlingua/ir-utils';
import {
  openBytes,
  sealBytes,
  type SealKey,
  type SealOpenFailure,
  type SealPurpose,
} from '../reasoning/sealed-bytes.js';

/** Binds the ciphertext to this format, so a blob sealed for another purpose does not open. */
const COMPACTION: SealPurpose = {
  format: Buffer.from(INTERLINGUA_COMPACTION_PREFIX, 'utf8'),
  bindingLabel: 'compaction',
};

/** What a gateway compaction item holds once opened. */
export interface CompactionContents {
  /** The summary of the compacted conversation, written by the target model. */
  summary: string;
  /** The model the caller asked for when it was compacted. */
  model: string;
  /** Unix seconds. */
  created: number;
}

/** Who may open a sealed item: the gateway's secret and the name of the API key that made it. */
export type CompactionSealKey = SealKey;

/** Why a blob did not open: made under another API key, or not readable with this secret at all. */
export type CompactionOpenFailure = SealOpenFailure;

export type OpenedCompaction =
  { ok: true; contents: CompactionContents } | { ok: false; reason: CompactionOpenFailure };

/**
 * Seals compaction contents as `ilg1.<base64url(binding | iv | ciphertext | tag)>` (see
 * `sealBytes`), so the item opens only under the API key that made it.
 */
export function sealCompaction(contents: CompactionContents, seal: CompactionSealKey): string {
  return `${INTERLINGUA_COMPACTION_PREFIX}${sealBytes(JSON.stringify(contents), COMPACTION, seal).toString('base64url')}`;
}

/**
 * Opens a blob made by `sealCompaction`: `other-key` when it was sealed under another API key,
 * `unreadable` when it was altered, sealed with another secret, or holds no compaction contents.
 */
export function openCompaction(blob: string, seal: CompactionSealKey): OpenedCompaction {
  const unreadable: OpenedCompaction = { ok: false, reason: 'unreadable' };
  if (!blob.startsWith(INTERLINGUA_COMPACTION_PREFIX)) return unreadable;
  const opened = openBytes(
    Buffer.from(blob.slice(INTERLINGUA_COMPACTION_PREFIX.length), 'base64url'),
    COMPACTION,
    seal,
  );
  if (!opened.ok) return opened;
  const parsed = safeJsonParse(opened.plaintext);
  const record = parsed.ok ? asRecord(parsed.value) : undefined;
  if (!record || typeof record.summary !== 'string') return unreadable;
  return {
    ok: true,
    contents: {
      summary: record.summary,
      model: typeof record.model === 'string' ? record.model : '',
      created: typeof record.created === 'number' ? record.created : 0,
    },
  };
}
