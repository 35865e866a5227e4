/**
 * The user's own words in messages harnesses wrap in tagged context blocks
 * (src/activities/request-text.ts), and the preview the log keeps of them.
 */
import { describe, expect, it } from 'vitest';
import { previewOf } from '../../../src/activities/messages';
import { requestText, ruleBlocks } from '../../../src/activities/request-text';

describe('requestText', () => {
  it('takes the block named as the request and drops the editor context around it', () => {
    const msg = [
      '<context>',
      'The current date is July 11, 2025.',
      'My current OS is: Linux',
      '</context>',
      '<editorContext>',
      "The user's current file is /home/dev/app/src/store.ts.",
      '</editorContext>',
      '<reminder>',
      'When using the edit tool, avoid repeating existing code.',
      '</reminder>',
      '<userRequest>',
      'Add a `--since` option to the export command.',
      '</userRequest>',
    ].join('\n');
    expect(requestText(msg)).toBe('Add a `--since` option to the export command.');
  });

  it('reads a task or feedback block beside environment details, and a query beside user info', () => {
    expect(
      requestText(
        '<feedback>\nRun the full suite please.\n</feedback>\n\n<environment_details>\n# Open tabs\nx.go\n</environment_details>',
      ),
    ).toBe('Run the full suite please.');
    expect(requestText('<task>\nMake the importer idempotent.\n</task>')).toBe('Make the importer idempotent.');
    expect(requestText('<user_info>\nOS: darwin\n</user_info>\n<user_query>\nwhy is CI red?\n</user_query>')).toBe(
      'why is CI red?',
    );
  });

  it('keeps the text outside context blocks when no block is named as the request', () => {
    expect(
      requestText('<system-reminder>\nThe todo list is empty.\n</system-reminder>\nFix the flaky login test.'),
    ).toBe('Fix the flaky login test.');
  });

  it('leaves plain messages, tags inside sentences and blocks the user pasted as they are', () => {
    for (const msg of [
      'plain request, no tags',
      'use `List<String>` and a <b>bold</b> word',
      'the template renders <div>hello</div> twice',
      "Here's my pom, why does it fail?\n<project>\n  <version>1.2.3</version>\n</project>",
      '<context>\nonly context, nothing else\n</context>',
      '<userRequest>\nnever closed',
    ])
      expect(requestText(msg)).toBe(msg);
  });

  it('examines a bounded number of tags: a message of unclosed blocks is read in one pass', () => {
    const hostile = `${'<context>\n'.repeat(50_000)}the ask`;
    expect(requestText(hostile)).toBe(hostile);
    const many = `${'<context>\nx\n</context>\n'.repeat(100)}<userRequest>\nlate\n</userRequest>`;
    // past the tags examined, the rest is text as it is (the request block is not reached)
    expect(requestText(many)).toContain('late');
  });

  it("is the preview the log keeps of a user's message (the state block's goal), not of others", () => {
    const wrapped = '<editorContext>\nfile a.ts\n</editorContext>\n<userRequest>\nRename the flag.\n</userRequest>';
    expect(previewOf({ role: 'user', content: wrapped })).toBe('Rename the flag.');
    expect(previewOf({ role: 'assistant', content: wrapped })).toContain('editorContext');
  });
});

describe('ruleBlocks', () => {
  it('gives the rules blocks beside the request, and nothing for other context or a plain message', () => {
    const msg = [
      '<environment_details>\nOpen tabs: a.py\n</environment_details>',
      '<user_rules>\nAlways answer in English.\n</user_rules>',
      '<instructions>\nDo not modify the tests.\n</instructions>',
      'Fix the importer.',
    ].join('\n');
    expect(ruleBlocks(msg)).toBe('Always answer in English.\n\nDo not modify the tests.');
    expect(requestText(msg)).toBe('Fix the importer.');
    expect(ruleBlocks('<environment_details>\nOpen tabs: a.py\n</environment_details>\nFix it.')).toBe('');
    expect(ruleBlocks('Never push to main.')).toBe('');
  });
});
