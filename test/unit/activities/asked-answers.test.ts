/**
 * What a party the agent asked through a tool answered — a coworker agent, an expert, the person
 * (`ask_question_to_coworker`, `ask_human`) — is that party's word: a rule in it is a rule, however
 * short the answer (a document is read only when it is three lines of prose or more). And a file a
 * call names apart from its directory (`{"directory": "vars", "filename": "deploy.groovy"}`) is the
 * path they make.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { extractiveSummary } from '../../../src/activities/summarizers/extractive';
import { tokenCounter, type TokenCounter } from '../../../src/activities/tokenizer';
import type { ChatMessage } from '../../../src/context/types';
import { say, toolSteps, user } from '../../support/chat-steps';

let counter: TokenCounter;
beforeAll(async () => {
  counter = await tokenCounter('o200k_base');
});

const step = toolSteps('q');
const RULE = 'vars/approve.groovy may not use Jenkins.instance or any other internal API';
const ANSWER = `Yes, one hard rule from our controller policy: ${RULE}. It breaks on every upgrade. Use the pipeline steps instead.`;

describe("an asked party's answer", () => {
  it('gives its rules as constraints', () => {
    const messages: ChatMessage[] = [
      user('Add a deploy approval step to the shared library.'),
      ...step(
        'ask_question_to_coworker',
        { question: 'Any rules for a new global step?', coworker: 'Jenkins Administrator' },
        ANSWER,
      ),
      say('Writing the step now.'),
    ];
    const summary = extractiveSummary(messages, undefined, counter, 600).text;
    expect(summary).toMatch(
      /## Constraints and requirements\n- [^\n]*vars\/approve\.groovy may not use Jenkins\.instance/,
    );
  });

  it('is not read so from a tool that asks nobody', () => {
    const messages: ChatMessage[] = [
      user('Add a deploy approval step to the shared library.'),
      ...step('fetch_url', { url: 'https://ci.example.net/policy' }, ANSWER),
      say('Writing the step now.'),
    ];
    expect(extractiveSummary(messages, undefined, counter, 600).text).not.toContain('## Constraints');
  });
});

describe('a file named apart from its directory', () => {
  it('is the path they make; a path the file argument gives whole is kept as it is', () => {
    const messages: ChatMessage[] = [
      user('Add the approval step.'),
      ...step(
        'file_writer_tool',
        { filename: 'approve.groovy', directory: 'vars', content: 'def call() {}' },
        'Content written.',
      ),
      ...step(
        'file_writer_tool',
        { filename: 'src/ci/Gate.groovy', directory: 'vars', content: 'class Gate {}' },
        'Content written.',
      ),
      say('Both written.'),
    ];
    const summary = extractiveSummary(messages, undefined, counter, 600).text;
    expect(summary).toMatch(/## Files written[^\n]*\n[^\n]*vars\/approve\.groovy/);
    expect(summary).toContain('src/ci/Gate.groovy');
    expect(summary).not.toContain('vars/src/ci/Gate.groovy');
  });
});
