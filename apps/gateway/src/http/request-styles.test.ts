import { describe, expect, it } from 'vitest';
import { ENDPOINT_NAMES } from '../config/operations-schema.js';
import {
  GEMINI,
  OPENAI_CHAT,
  REQUEST_STYLES,
  STYLE_RECORDS,
  styleOfEndpoint,
  styleRecordOf,
} from './request-styles.js';

describe('the request-style registry', () => {
  it('gives every style its own endpoint name, one keys may list', () => {
    const endpoints = REQUEST_STYLES.map((style) => STYLE_RECORDS[style].endpoint);
    expect(new Set(endpoints).size).toBe(REQUEST_STYLES.length);
    for (const endpoint of endpoints) expect(ENDPOINT_NAMES).toContain(endpoint);
    for (const style of REQUEST_STYLES)
      expect(styleOfEndpoint(STYLE_RECORDS[style].endpoint)).toBe(STYLE_RECORDS[style]);
  });

  it('gives every style a caller family of its own', () => {
    const families = REQUEST_STYLES.map((style) => STYLE_RECORDS[style].reasoning.callerFamily);
    expect(new Set(families).size).toBe(REQUEST_STYLES.length);
  });

  it('knows only the wires it names', () => {
    expect(styleRecordOf(GEMINI)?.operation).toBe('generate_content');
    expect(styleRecordOf(OPENAI_CHAT)?.reasoning.family).toBeUndefined();
    for (const other of ['bedrock-converse', 'constructor', 'toString', undefined, 7])
      expect(styleRecordOf(other)).toBeUndefined();
    expect(styleOfEndpoint('embeddings')).toBeUndefined();
  });
});
