import { describe, expect, it } from 'vitest';
import { estimateCost, resolveModel } from '../../../src/activities/models';
import { InvalidConfigError } from '../../../src/context/errors';

describe('resolveModel', () => {
  it('knows OpenAI models, including dated snapshots', () => {
    expect(resolveModel('gpt-4o')).toMatchObject({
      contextWindow: 128_000,
      maxOutputTokens: 16_384,
      encoding: 'o200k_base',
    });
    expect(resolveModel('gpt-4o-2024-08-06').contextWindow).toBe(128_000);
    expect(resolveModel('gpt-4.1').contextWindow).toBe(1_047_576);
    expect(resolveModel('gpt-3.5-turbo').encoding).toBe('cl100k_base');
    expect(resolveModel('o4-mini').maxTokensParam).toBe('max_completion_tokens');
  });

  it('takes user models (local, OpenAI-compatible) and lets them override known figures', () => {
    const local = resolveModel('qwen2.5-coder', [
      { name: 'qwen2.5-coder', contextWindow: 32_768, baseURL: 'http://localhost:11434/v1' },
    ]);
    expect(local).toMatchObject({
      contextWindow: 32_768,
      maxOutputTokens: 8_192,
      maxTokensParam: 'max_tokens',
      encoding: 'o200k_base',
    });
    expect(resolveModel('gpt-4o', [{ name: 'gpt-4o', contextWindow: 64_000 }]).contextWindow).toBe(64_000);
  });

  it('refuses a model with no known context window, with a clear message — never a default, never max output', () => {
    expect(() => resolveModel('mystery')).toThrow(InvalidConfigError);
    expect(() => resolveModel('mystery', [{ name: 'mystery', maxOutputTokens: 32_768 }])).toThrow(
      /context window of model 'mystery' is unknown/,
    );
    expect(() => resolveModel('m', [{ name: 'm', contextWindow: 4_096, maxOutputTokens: 4_096 }])).toThrow(
      /smaller than the context window/,
    );
  });

  it('estimates cost from per-million prices', () => {
    expect(estimateCost(resolveModel('gpt-4o'), { promptTokens: 1_000_000, completionTokens: 100_000 })).toBeCloseTo(
      3.5,
    );
    expect(
      estimateCost(resolveModel('x', [{ name: 'x', contextWindow: 8_000 }]), { promptTokens: 1, completionTokens: 1 }),
    ).toBeUndefined();
  });
});
