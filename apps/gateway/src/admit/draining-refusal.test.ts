import { codecFor, type GenerationStyle } from '@interlingua/provider-adapters';
import { describe, expect, it } from 'vitest';
import { drainingRefusal } from './admission.js';

/**
 * A request that reaches an instance while it drains must get the status a load balancer retries
 * elsewhere (503) whatever its style: Anthropic's style answers an overload with 529, which HAProxy
 * and nginx pass to the caller instead of retrying (seen in the fleet run as a failed Messages stream).
 */
describe('the draining refusal', () => {
  it.each<GenerationStyle>(['openai-chat', 'openai-responses', 'anthropic-messages', 'gemini'])(
    'is a 503 in the %s style, naming the shutdown',
    (style) => {
      const { status, body } = codecFor(style).error.fromIr(drainingRefusal().data);
      expect(status).toBe(503);
      expect(JSON.stringify(body)).toContain('shutting down');
    },
  );
});
