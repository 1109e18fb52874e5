import { describe, expect, it } from 'vitest';
import { groqAdapter } from '../groq/groq-adapter.js';
import { openAiAdapter } from '../openai/openai-adapter.js';
import { deepSeekAdapter } from '../deepseek/deepseek-adapter.js';
import { openAiCompatibleAdapter } from './openai-compatible-adapter.js';
import { testSettings } from './provider-settings.test-support.js';

describe('OpenAI-wire media services', () => {
  it('a generic OpenAI-compatible server serves every media service at <baseUrl>/<path> with its key', () => {
    const settings = testSettings(openAiCompatibleAdapter, {
      baseUrl: 'http://127.0.0.1:9000/v1/',
      headers: { 'x-extra': '1' },
    });
    const services = openAiCompatibleAdapter.services ?? {};
    const media = (names: string[]) =>
      names.filter((name) => name.startsWith('images') || name.startsWith('audio')).sort();
    expect(media(Object.keys(services))).toEqual([
      'audio.speech',
      'audio.transcriptions',
      'audio.translations',
      'images.edits',
      'images.generations',
      'images.variations',
    ]);
    expect(services['images.edits']?.wire).toBe('openai');
    expect(services['images.edits']?.endpoint(settings, 'm')).toEqual({
      url: 'http://127.0.0.1:9000/v1/images/edits',
      headers: { authorization: 'Bearer test-key', 'x-extra': '1' },
    });
    expect(services['audio.translations']?.endpoint(settings, 'm').url).toBe(
      'http://127.0.0.1:9000/v1/audio/translations',
    );
  });

  it('OpenAI serves everything but variations (dall-e-2 is retired)', () => {
    expect(Object.keys(openAiAdapter.services ?? {})).not.toContain('images.variations');
    expect(
      openAiAdapter.services?.['images.generations']?.endpoint(testSettings(openAiAdapter), 'gpt-image-1').url,
    ).toBe('https://api.openai.com/v1/images/generations');
  });

  it('Groq serves audio only; presets without media serve none', () => {
    expect(
      Object.keys(groqAdapter.services ?? {})
        .filter((name) => name.startsWith('images') || name.startsWith('audio'))
        .sort(),
    ).toEqual(['audio.speech', 'audio.transcriptions', 'audio.translations']);
    expect(
      groqAdapter.services?.['audio.transcriptions']?.endpoint(testSettings(groqAdapter), 'whisper-large-v3').url,
    ).toBe('https://api.groq.com/openai/v1/audio/transcriptions');
    expect(
      Object.keys(deepSeekAdapter.services ?? {}).filter(
        (name) => name.startsWith('images') || name.startsWith('audio'),
      ),
    ).toEqual([]);
  });
});
