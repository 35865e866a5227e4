/**
 * The agent's narration of the step its own calls take (`Let me look at the image.` beside a
 * screenshot call): once the calls are answered, the step is done and the calls show it, so it
 * weighs less than a step still owed — unless it gives a reason or sets one way against another,
 * which makes it a choice the calls carry out.
 */
import { describe, expect, it } from 'vitest';
import { collect } from '../../../src/activities/summarizers/collect';
import type { ChatMessage } from '../../../src/context/types';
import { toolSteps, user } from '../../support/chat-steps';

const step = toolSteps('n');
const boostOf = (items: ReturnType<typeof collect>, text: string) => items.find((i) => i.text === text)?.boost;

describe('narration of a step the calls took', () => {
  it('weighs less once the calls are answered; a reasoned step and an unanswered one keep their weight', () => {
    const answered = step('bash', { command: 'ls src' }, 'main.rs\nlib.rs', 'Let me look at the sources.');
    const reasoned = step(
      'edit',
      { path: 'src/vat.rs', old: 'total', new: 'line' },
      'ok',
      "I'll round VAT per line, not on the invoice total: that is how the tax office's examples add up.",
    );
    const pending = step('bash', { command: 'cargo test' }, '', 'Let me run the tests.');
    const messages: ChatMessage[] = [
      user('Compute VAT per category.'),
      ...answered,
      ...reasoned,
      pending[0] as ChatMessage, // (its output not yet in the range)
    ];
    const items = collect(messages, undefined, {});
    expect(boostOf(items, 'Let me look at the sources.')).toBeLessThan(1);
    expect(
      boostOf(
        items,
        "I'll round VAT per line, not on the invoice total: that is how the tax office's examples add up.",
      ),
    ).toBe(1);
    expect(boostOf(items, 'Let me run the tests.')).toBe(1);
  });
});
