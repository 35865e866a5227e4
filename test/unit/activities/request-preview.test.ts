import { describe, expect, it } from 'vitest';
import { PREVIEW_MAX_CHARS, previewOf } from '../../../src/activities/messages';
import { requestPreview } from '../../../src/activities/request-preview';

const background = [
  'Hey, some context first.',
  'The importer was rewritten last spring and polls the bucket every 30 seconds.',
  'We ingest about 1,200 files a day, most of them from the EU region.',
  'Ops restarted the workers twice last week and nobody noticed anything odd.',
].join(' ');

describe('the preview of a user message', () => {
  it('leads with the ask when a long message states it past what the preview shows', () => {
    const ask = 'What I actually need is for the importer to survive a worker restart without sending anything twice.';
    const preview = requestPreview({ role: 'user', content: `${background}\n\n${ask}\n\nThanks!` });
    expect(preview.startsWith(ask)).toBe(true);
    // the opening follows, within the bound
    expect(preview).toContain('… Hey, some context first.');
    expect(preview.length).toBeLessThanOrEqual(PREVIEW_MAX_CHARS);
  });

  it('is the plain preview when the ask is already in view, there is none, or the message is short', () => {
    const early = `Can you make the importer resumable? ${background} ${background}`;
    const none = `${background} ${background}`;
    for (const content of [early, none, 'go on', 'What I need is a retry budget.']) {
      const message = { role: 'user' as const, content };
      expect(requestPreview(message)).toBe(previewOf(message));
    }
  });

  it('reads the user’s words, not the context blocks a harness wraps them in', () => {
    const ask = "I'm trying to get the nightly export under ten minutes.";
    const content = `<environment_details>\n${'# open tabs: a.ts b.ts\n'.repeat(20)}</environment_details>\n${background} ${ask}`;
    expect(requestPreview({ role: 'user', content }).startsWith(ask)).toBe(true);
  });

  it('stays bounded on a huge message', () => {
    const content = `${'word '.repeat(400_000)}What we need is a smaller log.`;
    expect(requestPreview({ role: 'user', content }).length).toBeLessThanOrEqual(PREVIEW_MAX_CHARS);
  });
});
