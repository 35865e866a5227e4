import { beforeAll, describe, expect, it } from 'vitest';
import { extractiveSummary } from '../../../src/activities/summarizers/extractive';
import { shellWrites } from '../../../src/activities/summarizers/shell-writes';
import { tokenCounter, type TokenCounter } from '../../../src/activities/tokenizer';
import type { ChatMessage } from '../../../src/context/types';

let counter: TokenCounter;
beforeAll(async () => {
  counter = await tokenCounter('o200k_base');
});

describe('shellWrites: the files a shell command writes', () => {
  it.each([
    ["cd /testbed && cat > reproduce.py << 'EOF'\nprint('a > b.txt')\nEOF\npython reproduce.py", ['reproduce.py']],
    ["sed -i 's/foo bar/baz/' src/app.py tests/test_app.py", ['src/app.py', 'tests/test_app.py']],
    ["sed -i -e 's/a/b/' -e 's/c/d/' lib/x.rb", ['lib/x.rb']],
    ["echo 'DEBUG=1' >> .env.local && npm test 2>&1 | tee build.log", ['.env.local', 'build.log']],
    ['python -m pytest -x 2> /dev/null; cp config/default.yml config/local.yml', ['config/local.yml']],
    [
      "apply_patch <<'PATCH'\n*** Begin Patch\n*** Update File: src/server/routes.ts\n@@\n-a\n+b\n*** End Patch\nPATCH",
      ['src/server/routes.ts'],
    ],
    ["python - <<'EOF'\nwith open('out/result.json', 'w') as f:\n    f.write('{}')\nEOF", ['out/result.json']],
    ["node -e \"require('fs').writeFileSync('dist/meta.json', '{}')\"", ['dist/meta.json']],
    ['git diff > changes.patch', ['changes.patch']],
    ['curl -sSL -o /tmp/qgis-3.34.tar.gz https://download.example.org/qgis', ['/tmp/qgis-3.34.tar.gz']],
    ['pandoc docs/report.md --output=out/report.pdf', ['out/report.pdf']],
  ])('%j', (command, written) => {
    expect(shellWrites(command)).toEqual(written);
  });

  it.each([
    "sed -n '1,20p' src/app.py",
    'cat src/app.py | grep -n handler',
    'ls -la src/ && python -c "print(1 > 0)"',
    'npm test 2>&1',
    "python - <<'EOF'\nprint(open('data/in.csv').read())\nEOF",
    'make build >/dev/null 2>&1',
    'ssh -o StrictHostKeyChecking=no deploy@10.0.0.4 uptime',
    'kubectl get pods -o json',
  ])('writes nothing: %j', (command) => {
    expect(shellWrites(command)).toEqual([]);
  });

  it('reads a long command of many heredocs and redirections (the part beyond its scan left out)', () => {
    const long = "cat > a.py <<'EOF'\nx\nEOF\n".repeat(5_000) + 'echo 1 > b.txt;'.repeat(5_000);
    expect(shellWrites(long)).toEqual(['a.py']);
  });
});

describe('a shell-only agent: the files its commands write are files written', () => {
  it('lists them under Files written and keeps the command and its outcome', () => {
    const bash = (id: string, command: string): ChatMessage => ({
      role: 'assistant',
      content: null,
      tool_calls: [{ id, type: 'function', function: { name: 'bash', arguments: JSON.stringify({ command }) } }],
    });
    const messages: ChatMessage[] = [
      { role: 'user', content: 'Fix the ordering bug in the admin changelist.' },
      bash('c1', "cat > debug_ordering.py << 'EOF'\nimport django\nprint('x')\nEOF"),
      { role: 'tool', tool_call_id: 'c1', content: '' },
      bash('c2', "sed -i 's/ordering = None/ordering = ()/' django/contrib/admin/views/main.py"),
      { role: 'tool', tool_call_id: 'c2', content: '' },
      bash('c3', 'python debug_ordering.py'),
      { role: 'tool', tool_call_id: 'c3', content: 'Traceback (most recent call last):\nKeyError: ordering' },
    ];
    const text = extractiveSummary(messages, undefined, counter, 2_000).text;
    const written = /## Files written[^\n]*\n([\s\S]*?)(?:\n\n|$)/.exec(text)?.[1] ?? '';
    expect(written).toContain('django/contrib/admin/views/main.py');
    expect(written).toContain('debug_ordering.py');
    expect(text).toContain('python debug_ordering.py');
    expect(text).toContain('KeyError: ordering');
  });
});

describe('code a call runs', () => {
  it('writes the files its code opens for writing, when no argument names a file', () => {
    const code =
      'import pandas as pd\ndf = pd.read_csv("playbook/deviations.csv")\nopen("playbook/exceptions.csv", "w").write(df.to_csv())';
    const messages: ChatMessage[] = [
      { role: 'user', content: 'List the exceptions.' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'c1',
            type: 'function',
            function: { name: 'code_interpreter', arguments: JSON.stringify({ code, libraries_used: ['pandas'] }) },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: '' },
    ];
    const text = extractiveSummary(messages, undefined, counter, 2_000).text;
    const written = /## Files written[^\n]*\n([\s\S]*?)(?:\n\n|$)/.exec(text)?.[1] ?? '';
    expect(written).toContain('playbook/exceptions.csv');
    expect(written).not.toContain('playbook/deviations.csv');
  });
});

describe('an error of a long inline script', () => {
  it('keeps the failure line, the script clipped in its label', () => {
    const script = Array.from({ length: 40 }, (_, i) => `settings_${i} = configure(name="app_${i}")`).join('\n');
    const command = `cd /testbed && cat > reproduce_issue.py << 'EOF'\n${script}\nEOF\npython reproduce_issue.py`;
    const messages: ChatMessage[] = [
      { role: 'user', content: 'Reproduce the settings crash.' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'bash', arguments: JSON.stringify({ command }) } },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'c1',
        content:
          'Traceback (most recent call last):\n  File "reproduce_issue.py", line 1\nModuleNotFoundError: No module named \'sqlparse\'',
      },
    ];
    const text = extractiveSummary(messages, undefined, counter, 2_000).text;
    const errors = /## Errors[^\n]*\n([\s\S]*?)(?:\n\n|$)/.exec(text)?.[1] ?? '';
    expect(errors).toContain("ModuleNotFoundError: No module named 'sqlparse'");
    expect(errors).toContain('cat > reproduce_issue.py');
  });
});
