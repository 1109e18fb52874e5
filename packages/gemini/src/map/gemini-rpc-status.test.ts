import { describe, expect, it } from 'vitest';
import { GOOGLE_RPC_STATUS_TABLE, GOOGLE_RPC_STATUSES, isGoogleRpcStatus } from './gemini-rpc-status.js';

describe('google.rpc statuses', () => {
  it('knows every status of the list, which is the table', () => {
    for (const status of GOOGLE_RPC_STATUSES) expect(isGoogleRpcStatus(status)).toBe(true);
    expect(Object.keys(GOOGLE_RPC_STATUS_TABLE)).toEqual([...GOOGLE_RPC_STATUSES]);
  });

  it('refuses inherited object names, other cases and non-strings', () => {
    for (const value of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'internal', 'OK', 8, null])
      expect(isGoogleRpcStatus(value)).toBe(false);
  });
});
