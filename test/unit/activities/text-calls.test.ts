import { beforeAll, describe, expect, it } from 'vitest';
import { argumentFacts } from '../../../src/activities/summarizers/arguments';
import { extractiveSummary } from '../../../src/activities/summarizers/extractive';
import { harnessOutput, withoutTemplateTokens, withTextCalls } from '../../../src/activities/summarizers/text-calls';
import { tokenCounter, type TokenCounter } from '../../../src/activities/tokenizer';
import { fullOutputLine } from '../../../src/context/truncate';
import type { ChatMessage } from '../../../src/context/types';

let counter: TokenCounter;
beforeAll(async () => {
  counter = await tokenCounter('o200k_base');
});

const react: ChatMessage[] = [
  { role: 'user', content: 'Score the northwind renewal against the contracting playbook.' },
  {
    role: 'assistant',
    content:
      'Thought: I need the liability clause first.\nAction: Read a file\nAction Input: {"file_path": "contracts/northwind_msa.md"}',
  },
  { role: 'user', content: 'Observation: 14.4 Liability is capped at the fees of the preceding twelve months.' },
];

const interpreter: ChatMessage[] = [
  { role: 'user', content: 'Find out why the nightly training run stopped.' },
  {
    role: 'assistant',
    content: 'Checking the log tail.\n\n```shell\ntail -n 50 /workspace/runs/latest/train.log\n```',
  },
  {
    role: 'user',
    content:
      'Code output:\nstep 13050 | loss 2.80\nTraceback (most recent call last):\n  File "/workspace/train.py", line 88, in <module>\n    main()\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB',
  },
];

/** A local model served with tagged calls (`<tool_call>` JSON answered by `<tool_response>`). */
const tagged: ChatMessage[] = [
  { role: 'user', content: 'Port the ledger build from Makefiles to CMake (build dir ./build, ninja).' },
  {
    role: 'assistant',
    content:
      'Building once to see where it stands.\n<tool_call>\n{"name": "run_shell", "arguments": {"command": "cmake --build build"}}\n</tool_call>',
  },
  {
    role: 'user',
    content:
      "<tool_response>\nexit_code=1\n[92/92] Linking CXX executable bin/host\nFAILED: bin/host\nhost.cpp:(.text+0x3a5): undefined reference to `ledger::Engine::post(long)'\ncollect2: error: ld returned 1 exit status\nninja: build stopped: subcommand failed.\n</tool_response>",
  },
];

/** mini-swe-agent: one fenced command per step, its output in `<returncode>` and `<output>` tags. */
const tags: ChatMessage[] = [
  { role: 'user', content: 'Fix the KeyError in the offsets reader.' },
  { role: 'assistant', content: 'THOUGHT: Reproduce first.\n\n```bash\npython reproduce.py\n```' },
  {
    role: 'user',
    content:
      '<returncode>1</returncode>\n<output>\nTraceback (most recent call last):\n  File "/testbed/reproduce.py", line 7, in <module>\n    load()\nKeyError: \'page_offset\'\n</output>',
  },
  {
    role: 'assistant',
    content:
      '<function_calls>\n<invoke name="str_replace">\n<parameter name="path">src/pkg/offsets.py</parameter>\n<parameter name="old">x</parameter>\n</invoke>\n</function_calls>',
  },
  { role: 'user', content: '<function_results>\nThe file src/pkg/offsets.py has been edited.\n</function_results>' },
];

describe('tool calls made in text, their outputs sent as user messages', () => {
  it('reads a tagged call and its tagged output as a call and its result', () => {
    const out = withTextCalls(tagged);
    expect(out[1]).toMatchObject({ role: 'assistant', content: 'Building once to see where it stands.' });
    expect(out[1]?.tool_calls?.[0]?.function).toEqual({
      name: 'run_shell',
      arguments: '{"command":"cmake --build build"}',
    });
    expect(out[2]).toMatchObject({ role: 'tool', tool_call_id: out[1]?.tool_calls?.[0]?.id });
    expect(out[2]?.content).toMatch(/^exit_code=1\n.*ninja: build stopped: subcommand failed\.$/s);
    const more = withTextCalls(tags);
    expect(JSON.parse(more[1]?.tool_calls?.[0]?.function.arguments ?? '{}')).toEqual({
      command: 'python reproduce.py',
    });
    expect(more[2]).toMatchObject({ role: 'tool', content: expect.stringMatching(/^<returncode>1<\/returncode>/) });
    expect(more[3]?.tool_calls?.[0]?.function).toEqual({
      name: 'str_replace',
      arguments: '{"path":"src/pkg/offsets.py","old":"x"}',
    });
    expect(more[3]?.content).toBe('');
    expect(more[4]).toMatchObject({ role: 'tool', content: 'The file src/pkg/offsets.py has been edited.' });
  });

  it('reads Responses API items written as messages: a function_call in the text, its function_call_output as the user message', () => {
    const items: ChatMessage[] = [
      { role: 'user', content: 'Relabel the batch and measure judge agreement.' },
      {
        role: 'assistant',
        content:
          'Running the judge once.\n{"type":"function_call","id":"fc_1","call_id":"call_1","name":"python","arguments":"{\\"code\\":\\"run(1000)\\"}"}',
      },
      {
        role: 'user',
        content: JSON.stringify({
          type: 'function_call_output',
          call_id: 'call_1',
          output:
            'Traceback (most recent call last):\n  File "/app/judge.py", line 9, in run\n    score(x)\nKeyError: \'gold_label\'',
        }),
      },
    ];
    const out = withTextCalls(items);
    expect(out[1]).toMatchObject({ role: 'assistant', content: 'Running the judge once.' });
    expect(out[1]?.tool_calls?.[0]?.function).toEqual({ name: 'python', arguments: '{"code":"run(1000)"}' });
    expect(out[2]).toMatchObject({ role: 'tool', tool_call_id: out[1]?.tool_calls?.[0]?.id });
    expect(out[2]?.content).toMatch(/^Traceback/);
    const summary = extractiveSummary(items, undefined, counter, 1_000).text;
    expect(summary).toContain("KeyError: 'gold_label'");
    expect((summary.split('## ')[1] ?? '').includes('function_call_output')).toBe(false);
  });

  it('gives the summary the failures of tagged outputs and no "user requests" made of them', () => {
    const summary = extractiveSummary([...tagged, ...tags], undefined, counter, 2_000).text;
    expect(summary).toContain("undefined reference to `ledger::Engine::post(long)'");
    expect(summary).toContain("KeyError: 'page_offset'");
    expect(summary).toContain('src/pkg/offsets.py');
    const requests = summary.split('## ')[1] ?? '';
    expect(requests).not.toContain('tool_response');
    expect(requests).not.toContain('returncode');
    expect(requests).not.toContain('function_results');
  });

  it('reads a reply written as one JSON object (AutoGPT): its fields as said, its command as the call', () => {
    const reply = {
      thoughts: {
        text: 'The export peaks at several GB of RAM.',
        reasoning: "I'll stream the rows with fetchrow_arrayref instead of loading all() into memory",
        plan: '- patch lib/Export.pm\n- rerun prove',
        criticism: '',
        speak: 'Streaming the export.',
      },
      command: { name: 'execute_shell', args: { command_line: 'prove -lr t/' } },
    };
    const messages: ChatMessage[] = [
      { role: 'user', content: 'Task: make the nightly export fit in 1 GB.' },
      { role: 'assistant', content: JSON.stringify(reply, null, 4) },
      { role: 'user', content: 'Command execute_shell returned: STDOUT:\nt/export.t .. 1/3 Failed test\nResult: FAIL' },
      { role: 'assistant', content: '{"thoughts": {"text": "Done."}}' },
    ];
    const out = withTextCalls(messages);
    expect(out[1]?.tool_calls?.[0]?.function).toEqual({
      name: 'execute_shell',
      arguments: '{"command_line":"prove -lr t/"}',
    });
    expect(out[1]?.content).toBe(
      "The export peaks at several GB of RAM.\nI'll stream the rows with fetchrow_arrayref instead of loading all() into memory.\n- patch lib/Export.pm\n- rerun prove.\nStreaming the export.",
    );
    expect(out[2]).toEqual({
      role: 'tool',
      tool_call_id: out[1]?.tool_calls?.[0]?.id,
      content: 'STDOUT:\nt/export.t .. 1/3 Failed test\nResult: FAIL',
    });
    expect(out[3]).toEqual({ role: 'assistant', content: 'Done.' });
    const summary = extractiveSummary(messages, undefined, counter, 900).text;
    expect(summary).toContain("I'll stream the rows with fetchrow_arrayref instead of loading all() into memory");
    expect(summary).not.toMatch(/## User requests\n[^#]*Command execute_shell returned/);
    // a JSON object that is no reply, and one too large, stay as they are
    expect(withTextCalls([{ role: 'assistant', content: '{"a": 1}' }])[0]?.content).toBe('{"a": 1}');
  });

  it('reads a fenced block holding a call as JSON, answered by `Output of <tool>:`, as the call and its result', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: '把客厅温控的自动化迁移到 Home Assistant。' },
      {
        role: 'assistant',
        content: '先看日志。\n\n```tool\n{"name":"ha_cli","arguments":{"args":"core logs --lines 30"}}\n```',
      },
      {
        role: 'user',
        content: 'Output of ha_cli:\nERROR (MainThread) [homeassistant.config] Invalid config for automation',
      },
      // (a block of JSON data with a name is no call)
      { role: 'assistant', content: 'The manifest:\n```json\n{"name": "washer", "version": "1.2.0"}\n```' },
    ];
    const out = withTextCalls(messages);
    expect(out[1]?.content).toBe('先看日志。');
    expect(out[1]?.tool_calls?.[0]?.function).toEqual({ name: 'ha_cli', arguments: '{"args":"core logs --lines 30"}' });
    expect(out[2]).toEqual({
      role: 'tool',
      tool_call_id: out[1]?.tool_calls?.[0]?.id,
      content: 'ERROR (MainThread) [homeassistant.config] Invalid config for automation',
    });
    expect(out[3]?.tool_calls?.[0]?.function.name).not.toBe('washer');
  });

  it('reads code run in an execute tag (CodeAct) and a `<result exit="N">` as a command and its output', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'Find out why the shallow-water job crashed.' },
      { role: 'assistant', content: 'Checking the job log.\n<execute>\ntail -n 40 slurm-81234.out\n</execute>' },
      {
        role: 'user',
        content:
          '<result exit="2">\nstep 40\nforrtl: severe (408): fort: (3): Subscript #2 of the array FLUX has value 0\n</result>',
      },
      { role: 'assistant', content: '<execute_ipython>\nimport xarray as xr\n</execute_ipython>' },
      { role: 'user', content: '<result exit="0">\nok\n</result>' },
    ];
    const out = withTextCalls(messages);
    expect(out[1]?.content).toBe('Checking the job log.');
    expect(out[1]?.tool_calls?.[0]?.function).toEqual({
      name: 'execute_command',
      arguments: '{"command":"tail -n 40 slurm-81234.out"}',
    });
    expect(out[2]?.content).toBe(
      'step 40\nforrtl: severe (408): fort: (3): Subscript #2 of the array FLUX has value 0\n(exit code 2)',
    );
    expect(out[3]?.tool_calls?.[0]?.function.name).toBe('run_python');
    expect(out[4]?.content).toBe('ok');
    const summary = extractiveSummary(messages, undefined, counter, 900).text;
    expect(summary).toContain('forrtl: severe (408)');
    expect(summary).not.toMatch(/## User requests\n[^#]*<result/);
  });

  it("reads a chat template's markers rendered into text (Mistral, Qwen-Agent, Llama) as calls and their outputs", () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'Varför bygger inte mon1?' },
      {
        role: 'assistant',
        content:
          'Kör kontrollen.\n[TOOL_CALLS] [{"name": "shell", "arguments": {"command": "nix flake check"}, "id": "igMh7tBy2"}]',
      },
      {
        role: 'user',
        content: `[TOOL_RESULTS] ${JSON.stringify({
          content:
            "error:\n       … while checking the NixOS configuration 'nixosConfigurations.mon1'\n\n       error: The option `services.promtail.enabel' does not exist.",
          call_id: 'igMh7tBy2',
        })}[/TOOL_RESULTS]`,
      },
      {
        role: 'assistant',
        content: 'Läser värden.\n✿FUNCTION✿: read_file\n✿ARGS✿: {"path": "hosts/mon1/default.nix"}',
      },
      { role: 'user', content: '✿RESULT✿: { services.promtail.enabel = true; }' },
      {
        role: 'assistant',
        content: '<|python_tag|>{"name": "shell", "parameters": {"command": "git diff"}}<|eom_id|>',
      },
      { role: 'user', content: '<|tool_result|>1 file changed<|/tool_result|>' },
    ];
    const out = withTextCalls(messages);
    expect(out[1]?.content).toBe('Kör kontrollen.');
    expect(out[1]?.tool_calls?.[0]?.function).toEqual({ name: 'shell', arguments: '{"command":"nix flake check"}' });
    // the result's JSON read: its content, unescaped
    expect(out[2]).toMatchObject({ role: 'tool', tool_call_id: out[1]?.tool_calls?.[0]?.id });
    expect(out[2]?.content).toContain("\n       error: The option `services.promtail.enabel' does not exist.");
    expect(out[3]?.tool_calls?.[0]?.function).toEqual({
      name: 'read_file',
      arguments: '{"path": "hosts/mon1/default.nix"}',
    });
    expect(out[4]).toMatchObject({ role: 'tool', content: '{ services.promtail.enabel = true; }' });
    expect(out[5]?.tool_calls?.[0]?.function).toEqual({ name: 'shell', arguments: '{"command":"git diff"}' });
    expect(out[6]).toMatchObject({ role: 'tool', content: '1 file changed' });
    const summary = extractiveSummary(messages, undefined, counter, 900).text;
    expect(summary).toContain("The option `services.promtail.enabel' does not exist.");
    expect(summary).not.toMatch(/## User requests\n[^#]*TOOL_RESULTS/);
  });

  it("reads LangChain's structured-chat and Cohere's JSON actions, and DeepSeek's markers, as calls and their outputs", () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'Why does the shipping test fail?' },
      {
        role: 'assistant',
        content:
          'Plan: I will run the suite.\nAction: ```json\n[\n  {"tool_name": "shell", "parameters": {"command": "vendor/bin/phpunit"}}\n]\n```',
      },
      {
        role: 'user',
        content:
          '<results>\nDocument: 0\ntool_name: shell\noutput: PHPUnit 9.6.19 by Sebastian Bergmann and contributors.\n\n......F.  8 / 8 (100%)\n\nThere was 1 failure:\n\n1) CK_Rates_Test::test_metro_cod\nFailed asserting that false is true.\n\n/var/www/chaikart/wp-content/plugins/ck-shipping/tests/test-rates.php:42\n\nFAILURES!\nTests: 8, Assertions: 15, Failures: 1.\n</results>',
      },
      {
        role: 'assistant',
        content:
          'Thought: find the callers.\nAction:\n```json\n{\n  "action": "file_search",\n  "action_input": {"dir_path": "apps", "pattern": "*.erl"}\n}\n```',
      },
      { role: 'user', content: 'Observation: apps/tamio_http/src/tamio_http_auth.erl' },
      {
        role: 'assistant',
        content:
          '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>bash\n```json\n{"command": "git log --oneline -3"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      },
      {
        role: 'user',
        content:
          '<｜tool▁outputs▁begin｜><｜tool▁output▁begin｜>b7a9868 fix(cart): RTL padding<｜tool▁output▁end｜><｜tool▁outputs▁end｜>',
      },
      {
        role: 'assistant',
        content: 'Action:\n```json\n{"action": "Final Answer", "action_input": "The metro COD rule is inverted."}\n```',
      },
    ];
    const out = withTextCalls(messages);
    expect(out[1]?.tool_calls?.[0]?.function).toEqual({ name: 'shell', arguments: '{"command":"vendor/bin/phpunit"}' });
    expect(out[2]).toMatchObject({ role: 'tool', tool_call_id: out[1]?.tool_calls?.[0]?.id });
    expect(out[2]?.content).toMatch(/^Document: 0\n/);
    expect(out[3]?.content).toBe('Thought: find the callers.');
    expect(out[3]?.tool_calls?.[0]?.function).toEqual({
      name: 'file_search',
      arguments: '{"dir_path":"apps","pattern":"*.erl"}',
    });
    expect(out[5]?.tool_calls?.[0]?.function).toEqual({
      name: 'bash',
      arguments: '{"command": "git log --oneline -3"}',
    });
    expect(out[6]).toMatchObject({ role: 'tool', content: 'b7a9868 fix(cart): RTL padding' });
    // LangChain's `Final Answer` action is the answer, no call
    expect(out[7]?.tool_calls).toBeUndefined();
    const summary = extractiveSummary(messages, undefined, counter, 900).text;
    expect(summary).toContain('CK_Rates_Test::test_metro_cod');
    expect(summary).not.toMatch(/## User requests\n[^#]*(?:<results>|tool▁output)/);
  });

  it('reads a ReAct action and its observation as a call and its result', () => {
    const out = withTextCalls(react);
    expect(out).toHaveLength(react.length);
    expect(out[1]).toMatchObject({ role: 'assistant', content: 'Thought: I need the liability clause first.' });
    expect(out[1]?.tool_calls?.[0]?.function).toEqual({
      name: 'Read a file',
      arguments: '{"file_path": "contracts/northwind_msa.md"}',
    });
    expect(out[2]).toEqual({
      role: 'tool',
      tool_call_id: out[1]?.tool_calls?.[0]?.id,
      content: '14.4 Liability is capped at the fees of the preceding twelve months.',
    });
  });

  it('reads a fenced block and its `Code output:` as a command and its output', () => {
    const out = withTextCalls(interpreter);
    expect(out[1]?.content).toBe('Checking the log tail.');
    expect(JSON.parse(out[1]?.tool_calls?.[0]?.function.arguments ?? '{}')).toEqual({
      command: 'tail -n 50 /workspace/runs/latest/train.log',
    });
    expect(out[2]?.role).toBe('tool');
  });

  it('leaves alone a user who writes "Output:" after an answer without a call, and every other message', () => {
    const plain: ChatMessage[] = [
      { role: 'user', content: 'Make the export resumable.' },
      { role: 'assistant', content: 'Done: the exporter now writes a checkpoint after each page.' },
      { role: 'user', content: 'Output: still two rows per page missing, look again' },
    ];
    expect(withTextCalls(plain)).toBe(plain);
    const answered: ChatMessage[] = [
      react[0] as ChatMessage,
      {
        ...(react[1] as ChatMessage),
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'x', arguments: '{}' } }],
      },
      react[2] as ChatMessage,
    ];
    expect(withTextCalls(answered)).toBe(answered);
  });

  it('gives the summary a command, its failure and the file read — not "user requests" made of outputs', () => {
    const summary = extractiveSummary([...interpreter, ...react.slice(1)], undefined, counter, 2_000).text;
    expect(summary).toContain('tail -n 50 /workspace/runs/latest/train.log');
    expect(summary).toContain('torch.OutOfMemoryError: CUDA out of memory');
    expect(summary).toContain('contracts/northwind_msa.md');
    const requests = summary.split('## ')[1] ?? '';
    expect(requests).not.toContain('Code output');
    expect(requests).not.toContain('Observation');
  });

  it('takes the code a call runs (Python has few braces) for code, not for the assistant’s statement', () => {
    const code =
      'import pandas as pd\ndf = pd.read_csv("playbook/deviations.csv")\nprint(df.groupby("severity").size())';
    expect(argumentFacts({ code, libraries_used: ['pandas'] }, false)).toEqual([]);
    // prose of several lines still is
    const reason = 'The cap clause is below the playbook minimum.\nWe escalate it to the GC rather than negotiate it.';
    expect(argumentFacts({ reason }, false)).toEqual([{ kind: 'prose', text: reason }]);
  });

  it('reads an observation whose action is in an earlier range as an output of no known call', () => {
    const range: ChatMessage[] = [
      { role: 'user', content: 'Observation: 14.4 Liability is capped at the fees of the preceding twelve months.' },
      { role: 'assistant', content: 'Thought: the cap is below the playbook minimum.' },
      { role: 'user', content: 'Code output:\nTraceback (most recent call last):\nKeyError: net_amount' },
    ];
    const out = withTextCalls(range);
    expect(out[0]).toEqual({
      role: 'tool',
      tool_call_id: 'text-output-0',
      content: '14.4 Liability is capped at the fees of the preceding twelve months.',
    });
    expect(out[2]).toMatchObject({ role: 'tool', tool_call_id: 'text-output-2' });
    // a person may write "Result:" or "Output:": only after a call is it an output
    const person: ChatMessage[] = [{ role: 'user', content: 'Result: the page loads now, the button is still off' }];
    expect(withTextCalls(person)).toBe(person);
  });

  it('takes a ReAct action whose observation is not in the range as a call, not as something said', () => {
    const range: ChatMessage[] = [
      { role: 'user', content: 'Score the renewal.' },
      {
        role: 'assistant',
        content:
          'Thought: I need clause 6.5.\nAction: Extract clauses\nAction Input: {"document": "msa.pdf", "section": "6.5"}',
      },
    ];
    const out = withTextCalls(range);
    expect(out[1]).toMatchObject({ role: 'assistant', content: 'Thought: I need clause 6.5.' });
    expect(out[1]?.tool_calls?.[0]?.function).toEqual({
      name: 'Extract clauses',
      arguments: '{"document": "msa.pdf", "section": "6.5"}',
    });
    const summary = extractiveSummary(range, undefined, counter, 2_000).text;
    expect(summary).not.toContain('Action Input');
  });

  it('takes a plan whose evidence is not in the range (ReWOO-like) as its calls, not as something said', () => {
    const range: ChatMessage[] = [
      { role: 'user', content: 'Why does the bottling line stop?' },
      {
        role: 'assistant',
        content: 'Plan: Read the I/O map.\n#E1 = ReadFile[src/GVL_IO.st]\nPlan: Run the tests.\n#E2 = Shell[make test]',
      },
    ];
    const out = withTextCalls(range);
    expect(out[1]?.tool_calls?.map((c) => c.function.name)).toEqual(['ReadFile', 'Shell']);
    expect(out[1]?.content).toBe('Plan: Read the I/O map.\nPlan: Run the tests.');
  });

  it('stays linear on a huge message with many fences and actions', () => {
    const big = `${'```\nx\n```\nAction: y\n'.repeat(50_000)}`;
    const out = withTextCalls([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: big },
      { role: 'user', content: 'Result: ok' },
    ]);
    expect(out[2]?.role).toBe('tool');
  });
});

describe('outputs known by the exchange, not by a label', () => {
  const pair = (call: string, output: string): ChatMessage[] => [
    { role: 'user', content: 'Prove the bound without sorry.' },
    { role: 'assistant', content: call },
    { role: 'user', content: output },
  ];

  it.each([
    [
      'a fenced output after a fenced call (Gemma tool_code / tool_outputs)',
      'Building it first.\n```tool_code\nprint(lake_build(target="Ramsey.Bounds"))\n```',
      '```tool_outputs\nerror: Ramsey/Bounds.lean:104:2: unsolved goals\nerror: build failed\n```',
      'error: Ramsey/Bounds.lean:104:2: unsolved goals\nerror: build failed',
    ],
    [
      "a prompt program's observation field after its call fields (DSPy ReAct)",
      '[[ ## next_thought ## ]]\nCheck the package.\n\n[[ ## next_tool_name ## ]]\nrcmd_check\n\n[[ ## next_tool_args ## ]]\n{"args": "--as-cran"}\n\n[[ ## completed ## ]]',
      '[[ ## observation_3 ## ]]\nStatus: 1 ERROR',
      'Status: 1 ERROR',
    ],
    [
      "a template's environment turn after a token and a JSON call (InternLM)",
      '<|action_start|><|plugin|>\n{"name": "shell", "parameters": {"cmd": "bitbake core-image-minimal"}}<|action_end|>',
      'environment name=<|plugin|>\nERROR: Task do_compile failed with exit code 1',
      'ERROR: Task do_compile failed with exit code 1',
    ],
  ])('reads %s as the call and its result', (_, call, output, body) => {
    const out = withTextCalls(pair(call, output));
    expect(out[2]).toMatchObject({ role: 'tool', content: body });
    expect(out[1]?.tool_calls?.[0]?.id).toBe(out[2]?.tool_call_id);
    expect(harnessOutput(output, call)?.body).toBe(body);
    expect(harnessOutput(output)).toBeUndefined(); // (no reply before it: nothing to pair with)
  });

  it('names the call a field or a token gives', () => {
    const dspy = withTextCalls(
      pair(
        '[[ ## next_tool_name ## ]]\nrcmd_check\n\n[[ ## next_tool_args ## ]]\n{"args": "--as-cran"}\n\n[[ ## completed ## ]]',
        '[[ ## observation_0 ## ]]\nok',
      ),
    );
    expect(dspy[1]?.tool_calls?.[0]?.function).toEqual({ name: 'rcmd_check', arguments: '{"args": "--as-cran"}' });
    const token = withTextCalls(
      pair(
        '<|action_start|><|plugin|>\n{"name": "shell", "parameters": {"cmd": "ls"}}<|action_end|>',
        'environment name=<|plugin|>\na',
      ),
    );
    expect(token[1]?.tool_calls?.[0]?.function).toEqual({ name: 'shell', arguments: '{"cmd":"ls"}' });
    const py = withTextCalls(
      pair('```tool_code\nprint(lake_build(target="Ramsey.Bounds", jobs=4))\n```', '```tool_outputs\nok\n```'),
    );
    expect(py[1]?.tool_calls?.[0]?.function).toEqual({
      name: 'lake_build',
      arguments: '{"target":"Ramsey.Bounds","jobs":"4"}',
    });
    // (code that is no single call is code the block runs)
    const code = withTextCalls(pair('```python\nx = load(path="a.csv")\nprint(x)\n```', '```\n3\n```'));
    expect(code[1]?.tool_calls?.[0]?.function.name).toBe('run_python');
    // (a program that finishes makes no call)
    const done = withTextCalls(pair('[[ ## next_tool_name ## ]]\nfinish\n\n[[ ## completed ## ]]', 'Thanks!'));
    expect(done[1]?.tool_calls).toBeUndefined();
  });

  it('reads an Aider-like report of a command run, an edit applied, files added as outputs', () => {
    const ran =
      'I ran this command:\n\nzig build test\n\nAnd got this output:\n\nsrc/mqtt.zig:56:34: error: expected type';
    const out = withTextCalls(pair('Run the tests:\n```bash\nzig build test\n```', ran));
    expect(out[2]?.role).toBe('tool');
    expect(out[1]?.tool_calls?.[0]?.function.name).toBe('execute_command');
    // (its report of an edit applied, of files added: outputs too, whatever came before)
    const edited = withTextCalls(
      pair('Done.', 'Applied edit to src/mqtt.zig\nCommit 7e8671e perf: arena per connection'),
    );
    expect(edited[2]).toMatchObject({
      role: 'tool',
      content: 'Applied edit to src/mqtt.zig\nCommit 7e8671e perf: arena per connection',
    });
    const added = withTextCalls(
      pair(
        'Please add src/mqtt.zig to the chat.',
        'I added these files to the chat: src/mqtt.zig\n\nsrc/mqtt.zig\n```\nconst std = @import("std");\n```',
      ),
    );
    expect(added[2]?.role).toBe('tool');
  });

  it("reads a call named between a template's tokens, and an output headed by its name (Kimi-like)", () => {
    const call =
      'Reading the conventions.\n<|tool_calls_section_begin|>\n<|tool_call_begin|>functions.ReadFile:0<|tool_call_argument_begin|>{"path": "CONVENTIONS.md"}<|tool_call_end|>\n<|tool_calls_section_end|>';
    const out = withTextCalls(
      pair(call, '## Return of functions.ReadFile:0\n# Conventions\n\n- No heap allocation in Crc.'),
    );
    expect(out[1]?.tool_calls?.[0]?.function).toEqual({ name: 'ReadFile', arguments: '{"path": "CONVENTIONS.md"}' });
    expect(out[2]).toMatchObject({ role: 'tool', content: '# Conventions\n\n- No heap allocation in Crc.' });
    // (a person's sentence that names the tool is no output)
    expect(withTextCalls(pair(call, 'ReadFile returned the wrong file, read it again.'))[2]?.role).toBe('user');
  });

  it('reads an output after a reply whose last line is its call, keeping what follows the opening tokens (Granite-like)', () => {
    const call = 'Reading the rules.\n<|tool_call|>[{"name": "read_file", "arguments": {"path": "RULES.md"}}]';
    const output =
      '<|start_of_role|>tool_response<|end_of_role|># Project rules\n\n- Dates are always DateTimeImmutable.\n<|end_of_text|>';
    const out = withTextCalls(pair(call, output));
    expect(out[2]).toMatchObject({ role: 'tool', content: '# Project rules\n\n- Dates are always DateTimeImmutable.' });
    expect(out[1]?.tool_calls?.[0]?.function.name).toBe('read_file');
  });

  it('reads the rules in an output of no known call (files a harness put in the chat)', () => {
    const rule = '// NOTE(ana): keep max_packet_size at 268435455; the remaining-length field caps it';
    const range = pair(
      'I need src/packet.zig: please add it to the chat.',
      `I added these files to the chat: src/packet.zig\n\nsrc/packet.zig\n\`\`\`\nconst std = @import("std");\n\n${rule}\npub const max_packet_size: u32 = 268435455;\n\`\`\``,
    );
    expect(extractiveSummary(range, undefined, counter, 2_000).text).toMatch(
      /## Constraints and requirements\n- \/\/ NOTE\(ana\): keep max_packet_size at 268435455/,
    );
  });

  it('reads a range that continues a session and opens on an output as that output, not a request', () => {
    const opened: ChatMessage[] = [
      { role: 'user', content: '```tool_outputs\nerror: Bounds.lean:104:2: unsolved goals\n```' },
      { role: 'assistant', content: 'The goal is still open; trying induction.' },
    ];
    expect(withTextCalls(opened, true)[0]).toMatchObject({
      role: 'tool',
      content: 'error: Bounds.lean:104:2: unsolved goals',
    });
    // (the session's start is a request, whatever it opens with)
    expect(withTextCalls(opened)[0]?.role).toBe('user');
    expect(withTextCalls([{ role: 'user', content: 'Fix the build please.' }], true)[0]?.role).toBe('user');
  });

  it('reads a list of calls in Python syntax ending a reply, each call, and an output headed <<function results>>', () => {
    const call =
      'Vytvorím modul aj hlavičku naraz.\n[write_file(path="src/trip.c", content="#include \\"trip.h\\"\\nint a, b;"),\n write_file(path="src/trip.h", content="#pragma once"), run_shell(command="meson test -C build")]';
    const output = '<<function results>>\n#1 write_file(path="src/trip.c") — ok\n#3 run_shell — exit 1\nFAIL: trip';
    const out = withTextCalls(pair(call, output));
    expect(out[1]?.content).toBe('Vytvorím modul aj hlavičku naraz.');
    expect(out[1]?.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['write_file', { path: 'src/trip.c', content: '#include "trip.h"\nint a, b;' }],
      ['write_file', { path: 'src/trip.h', content: '#pragma once' }],
      ['run_shell', { command: 'meson test -C build' }],
    ]);
    expect(out[2]).toMatchObject({ role: 'tool', tool_call_id: out[1]?.tool_calls?.[0]?.id });
    expect(out[2]?.content).toMatch(/^#1 write_file/);
    // (the same heads in other marks; a person's list of links or a sentence is no call)
    for (const head of ['[[tool output]]', '=== Command output ===', '--- tool result ---'])
      expect(withTextCalls(pair(call, `${head}\nok`))[2]?.role).toBe('tool');
    for (const prose of ['See [the docs](https://x.dev) first.', 'Done, I think [mostly].'])
      expect(withTextCalls(pair(prose, 'Thanks!'))[1]?.tool_calls).toBeUndefined();
  });

  it("reads another agent's report sent as a user turn as an output, a person's proxy as a request (Magentic-One, AutoGen)", () => {
    const coder = 'Orchestrator (-> Coder):\nPlease run the tests.\n\nCoder:\n```sh\nraco test tests\n```';
    const report =
      'ComputerTerminal:\nThe script ran, then exited with an error (POSIX exit code: 1)\nIts output was:\nrules.rkt:154:23: pozames: unbound identifier';
    const out = withTextCalls(pair(coder, report));
    expect(out[1]?.tool_calls?.[0]?.function.name).toBe('execute_command');
    expect(out[2]).toMatchObject({ role: 'tool', tool_call_id: out[1]?.tool_calls?.[0]?.id });
    expect(out[2]?.content).toMatch(/^The script ran/);
    // (an agent answering an instruction in words: an output of no known call)
    const surfer = withTextCalls(
      pair('Orchestrator (-> FileSurfer):\nPlease open info.rkt.', 'FileSurfer:\nAddress: file:///p/info.rkt'),
    );
    expect(surfer[2]).toMatchObject({ role: 'tool', content: 'Address: file:///p/info.rkt' });
    expect(harnessOutput('code_executor (to assistant):\nexitcode: 1 (execution failed)')?.body).toMatch(/^exitcode/);
    for (const words of [
      'Update:\nI fixed it myself.',
      'user_proxy (to assistant):\nPlot NVDA.',
      'TypeError: x is undefined',
    ])
      expect(withTextCalls(pair('Which file?', words))[2]?.role).toBe('user');
  });

  it('reads the code a JSON reply runs as its call, and the message after it as its output, with no label (TaskWeaver-like)', () => {
    const reply = (code: string) =>
      `CodeInterpreter: ${JSON.stringify({ response: { thought: 'Reading the rules first.', reply_type: 'python', reply_content: code } })}`;
    const output =
      'The execution of the generated python code above has succeeded\n\nThe stdout is:\n# Rules\nNo variable-step solvers.';
    // (a plugin called with keyword arguments and its result shown: that call)
    const plugin = withTextCalls(pair(reply('print(read_text(path="docs/RULES.md"))'), output));
    expect(plugin[1]).toMatchObject({ content: 'Reading the rules first.' });
    expect(plugin[1]?.tool_calls?.[0]?.function).toEqual({ name: 'read_text', arguments: '{"path":"docs/RULES.md"}' });
    expect(plugin[2]).toMatchObject({ role: 'tool', tool_call_id: plugin[1]?.tool_calls?.[0]?.id, content: output });
    expect(harnessOutput(output, reply('x = 1'))?.body).toBe(output);
    // (other code: run as it is; a shell's is a command)
    const code = withTextCalls(pair(reply('import numpy as np\nprint(np.mean([1, 2]))'), output));
    expect(code[1]?.tool_calls?.[0]?.function.name).toBe('run_python');
    const shell = JSON.stringify({ thought: 'List it.', code_type: 'bash', code: 'ls -la' });
    expect(withTextCalls(pair(shell, 'total 0'))[1]?.tool_calls?.[0]?.function).toEqual({
      name: 'execute_command',
      arguments: '{"command":"ls -la"}',
    });
    // (a JSON reply that runs nothing, or ends the turn, or the person's words relayed: a request)
    expect(
      withTextCalls(pair(JSON.stringify({ thought: 'Done.', answer: '42' }), 'Thanks, now the docs.'))[2]?.role,
    ).toBe('user');
    const done = JSON.stringify({
      thoughts: { text: 'Done.' },
      command: { name: 'task_complete', args: { reason: 'ok' } },
    });
    expect(withTextCalls(pair(done, 'Now vendor the module under local/.'))[2]?.role).toBe('user');
    const shellCall = JSON.stringify({
      thoughts: { text: 'Build.' },
      command: { name: 'execute_shell', args: { command_line: 'make' } },
    });
    expect(withTextCalls(pair(shellCall, 'Human feedback: vendor it under local/ instead.'))[2]?.role).toBe('user');
    expect(harnessOutput('Human feedback: vendor it under local/ instead.', shellCall)).toBeUndefined();
  });

  it('reads a JSON list of calls and the JSON list of their outputs (xLAM-like), and rules under a heading in another language', () => {
    const reply = JSON.stringify({
      thought: 'Read the guide, then build.',
      tool_calls: [
        { name: 'read_file', arguments: { path: 'docs/PANDUAN.md' } },
        { name: 'run_command', arguments: { command: 'lazbuild kedai.lpi' } },
      ],
    });
    const guide =
      '# Panduan pembangun\n\n## Peraturan\n\n- src/ujual.pas: wang sentiasa jenis Currency, bukan Double\n';
    const results = JSON.stringify({
      tool_results: [
        { name: 'read_file', result: guide },
        {
          name: 'run_command',
          result: { exit_code: 1, output: 'ujual.pas(12,5) Error: Identifier not found "Bundar"' },
        },
      ],
    });
    const out = withTextCalls(pair(reply, results));
    expect(out[1]?.tool_calls?.map((c) => c.function.name)).toEqual(['read_file', 'run_command']);
    expect(out[2]).toMatchObject({ role: 'tool', tool_call_id: out[1]?.tool_calls?.[0]?.id });
    expect(out[2]?.content).toBe(`${guide}\n\nujual.pas(12,5) Error: Identifier not found "Bundar"\n(exit code 1)`);
    expect(harnessOutput(results)?.body).toBe(out[2]?.content);
    const summary = extractiveSummary(pair(reply, results), undefined, counter, 1_000).text;
    expect(summary).toContain('src/ujual.pas: wang sentiasa jenis Currency, bukan Double');
    expect(summary).toContain('Identifier not found "Bundar"');
  });

  it('reads actions keyed by their names in a JSON reply (browser-use-like), and the browser state after it as their output', () => {
    const reply = JSON.stringify({
      current_state: {
        evaluation_previous_goal: 'Success - the journal page is open.',
        memory: 'Bank statements 1-3 of March reconciled.',
        next_goal: 'Run the strict check.',
      },
      action: [{ scroll_down: {} }, { run_hledger: { args: '--strict bal expenses' } }],
    });
    const state =
      '[Current state starts here]\nCurrent url: http://127.0.0.1:5000/journal\nInteractive elements:\n[3]<a>Journal</a>\n' +
      'Action result 1/2: Scrolled down the page by 1000 pixels\nAction result 2/2: $ hledger --strict bal expenses\n' +
      'hledger: Error: /books/2025.journal:12:\n   | 2025-03-02 * Mill | flour\n12 |     expenses:flour:rye      40,00 EUR\n' +
      '   |     ^^^^^^^^^^^^^^^^^^\n\nStrict account checking is enabled, and\naccount "expenses:flour:rye" has not been declared.\n(exit 1)';
    const out = withTextCalls(pair(reply, state));
    expect(out[1]?.tool_calls?.map((c) => [c.function.name, c.function.arguments])).toEqual([
      ['scroll_down', '{}'],
      ['run_hledger', '{"args":"--strict bal expenses"}'],
    ]);
    expect(out[2]).toMatchObject({ role: 'tool', tool_call_id: out[1]?.tool_calls?.[0]?.id });
    const summary = extractiveSummary(pair(reply, state), undefined, counter, 1_000).text;
    // the state is no request of the user's; the failure it shows is the error
    expect(summary.split('## ')[1]).not.toContain('Current state');
    expect(summary).toContain('account "expenses:flour:rye" has not been declared.');
    // (an object of several fields, or one whose value is no object, is data, not a call)
    expect(withTextCalls(pair(JSON.stringify({ action: [{ a: 1 }] }), 'ok'))[1]?.tool_calls).toBeUndefined();
    expect(withTextCalls(pair(JSON.stringify({ action: [{ a: {}, b: {} }] }), 'ok'))[1]?.tool_calls).toBeUndefined();
  });

  it('reads code given to a shell runtime as its command, and a result named for its tool (Agent-Zero-like)', () => {
    const write = JSON.stringify({
      thoughts: ['A script for the per-residue RMSF.'],
      tool_name: 'code_execution_tool',
      tool_args: { runtime: 'terminal', code: "cat > scripts/rmsf.py <<'EOF'\nprint(1)\nEOF" },
    });
    const written = JSON.stringify({ tool_name: 'code_execution_tool', tool_result: '' });
    const build = JSON.stringify({
      thoughts: ['Preprocess again.'],
      tool_name: 'code_execution_tool',
      tool_args: { runtime: 'terminal', code: 'gmx grompp -f em.mdp -c in.gro -p topol.top -o em.tpr' },
    });
    const failed = JSON.stringify({
      tool_name: 'code_execution_tool',
      tool_result:
        'Program:     gmx grompp\n\nERROR 1 [file ligand.itp, line 57]:\n  Atomtype CG331X not found\n\nFatal error:\nThere was 1 error in input file(s)',
    });
    const session: ChatMessage[] = [
      ...pair(write, written),
      { role: 'assistant', content: build },
      { role: 'user', content: failed },
    ];
    const summary = extractiveSummary(session, undefined, counter, 1_000).text;
    expect(summary).toMatch(/## Files written[^\n]*\nscripts\/rmsf\.py/);
    expect(summary).toContain('Atomtype CG331X not found');
  });

  it('reads a fenced JSON reply whose `function` field lists its calls (AgentScope-like), answered by the next message', () => {
    const reply = [
      '```json',
      JSON.stringify({
        thought: 'Decision: the batch is verified per analyte, not per sample.',
        speak: '',
        function: [
          { name: 'generate_report', arguments: { client: 'Saaremaa', output: 'reports/2025-03/saare.pdf' } },
          { name: 'get_report_status', arguments: { path: 'reports/2025-03/saare.pdf' } },
        ],
      }),
      '```',
    ].join('\n');
    const results =
      'Execution Results:\n1. generate_report:\n    [EXECUTE STATUS]: SUCCESS\n    [EXECUTE RESULT]: {"ok": true, "pages": 3}';
    const out = withTextCalls(pair(reply, results));
    expect(out[1]?.content).toBe('Decision: the batch is verified per analyte, not per sample.');
    expect(out[1]?.tool_calls?.map((c) => c.function.name)).toEqual(['generate_report', 'get_report_status']);
    expect(out[2]).toMatchObject({ role: 'tool', tool_call_id: out[1]?.tool_calls?.[0]?.id });
    const summary = extractiveSummary(pair(reply, results), undefined, counter, 1_000).text;
    expect(summary).toContain('Decision: the batch is verified per analyte, not per sample.');
    expect(summary).toContain('reports/2025-03/saare.pdf');
    // (a fence of JSON a person pastes, no reply of the agent's, stays their request)
    expect(withTextCalls(pair('Here it is.', '```json\n{"a": 1}\n```'))[2]?.role).toBe('user');
  });

  it("reads GLM-4.5's call block (the name, then <arg_key>/<arg_value> pairs) answered by an observation", () => {
    const reply =
      'Timing the solver.\n<tool_call>swipl\n<arg_key>goal</arg_key>\n<arg_value>time(timetable(Es, 14, _)).</arg_value>\n<arg_key>load</arg_key>\n<arg_value>prolog/exams.pl</arg_value>\n</tool_call>';
    const output =
      '<|observation|>\n<tool_response>\n% 9679535 inferences, 3.759 CPU in 12.391 seconds\n</tool_response>';
    const out = withTextCalls(pair(reply, output));
    expect(out[1]?.content).toBe('Timing the solver.');
    expect(out[1]?.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['swipl', { goal: 'time(timetable(Es, 14, _)).', load: 'prolog/exams.pl' }],
    ]);
    expect(out[2]).toMatchObject({ role: 'tool', tool_call_id: out[1]?.tool_calls?.[0]?.id });
    // (prose in a call block is no call)
    expect(
      withTextCalls(pair('<tool_call>I would call the build now</tool_call>', 'ok'))[1]?.tool_calls,
    ).toBeUndefined();
  });

  it("reads Qwen3-Coder's call block (<function=name>, then <parameter=key> tags) and keeps its tags out of the summary", () => {
    const reply =
      'How much material is the large housing?\n\n<tool_call>\n<function=run_shell>\n<parameter=command>\nadmesh build/housing.stl\n</parameter>\n<parameter=timeout>\n60\n</parameter>\n</function>\n</tool_call>';
    const output = '<tool_response>\nNumber of parts       :     1        Volume   :  8999439.250000\n</tool_response>';
    const out = withTextCalls(pair(reply, output));
    expect(out[1]?.content).toBe('How much material is the large housing?');
    expect(out[1]?.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['run_shell', { command: 'admesh build/housing.stl', timeout: '60' }],
    ]);
    expect(out[2]).toMatchObject({ role: 'tool', tool_call_id: out[1]?.tool_calls?.[0]?.id });
    // (several blocks in one reply are its calls, in order; JSON blocks as well)
    const two =
      'A file for the cover.\n<tool_call>\n<function=write_file>\n<parameter=path>\nparts/cover.scad\n</parameter>\n<parameter=content>\ncover();\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n{"name": "run_shell", "arguments": {"command": "make"}}\n</tool_call>';
    const read = withTextCalls(pair(two, '<tool_response>\nFile written\n</tool_response>'));
    expect(read[1]?.content).toBe('A file for the cover.');
    expect(read[1]?.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['write_file', { path: 'parts/cover.scad', content: 'cover();' }],
      ['run_shell', { command: 'make' }],
    ]);
    // (a name that is no tool's is no call)
    expect(
      withTextCalls(pair('<tool_call>\n<function=run it now>\n</function>\n</tool_call>', 'ok'))[1]?.tool_calls,
    ).toBeUndefined();
    // (unread, the template's tags are neither notes nor files)
    const unread: ChatMessage[] = [
      { role: 'user', content: 'Render the housing.' },
      { role: 'assistant', content: 'Rendering.\n<tool_call>\n<function=run it now>\n</function>\n</tool_call>' },
      { role: 'user', content: 'It still fails on lib/rimufal.scad.' },
    ];
    const summary = extractiveSummary(unread, undefined, counter, 1_000).text;
    expect(summary).toContain('lib/rimufal.scad');
    expect(summary).not.toMatch(/<\/?(?:tool_call|function)|\/function\b/);
  });

  it('reads a plan of numbered calls (LLMCompiler-like) and a plan as a one-line JSON list of tasks (HuggingGPT-like), each answered under a repeated heading', () => {
    const compiler: ChatMessage[] = [
      { role: 'user', content: 'Add a function that skips a member who has not paid.' },
      { role: 'assistant', content: '1. run_shell(command="ape compile")\n2. join()<END_OF_PLAN>' },
      {
        role: 'user',
        content: 'Task results (plan of 2):\n1. run_shell(…)\nObservation: Compiling contracts/Paluwagan.vy',
      },
      {
        role: 'assistant',
        content:
          'Thought: compile and test together.\n1. run_shell(command="ape compile")\nThought: then the tests.\n2. run_shell(command="ape test")\n3. join()<END_OF_PLAN>',
      },
      { role: 'user', content: 'Task results (plan of 3):\n1. run_shell(…)\nObservation: 1 failed, 7 passed' },
    ];
    const out = withTextCalls(compiler);
    expect(out[2]).toMatchObject({ role: 'tool', tool_call_id: out[1]?.tool_calls?.[0]?.id });
    expect(out[3]?.content).toBe('Thought: compile and test together.\nThought: then the tests.');
    expect(out[3]?.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['run_shell', { command: 'ape compile' }],
      ['run_shell', { command: 'ape test' }],
    ]);
    expect(out[4]?.role).toBe('tool');
    const plan = (args: string) => `#1 Task Planning Stage\n[{"task": "shell", "id": 0, "dep": [-1], "args": ${args}}]`;
    const jarvis: ChatMessage[] = [
      { role: 'user', content: 'Add the tank alarms to the schema.' },
      { role: 'assistant', content: plan('{"command": "cue vet ./..."}') },
      { role: 'user', content: '#3 Task Execution Stage\n[task 0] shell · dep [-1] · exit 0\n(no output)' },
      { role: 'assistant', content: plan('{"command": "git status --short"}') },
      { role: 'user', content: '#3 Task Execution Stage\n[task 0] shell · dep [-1] · exit 0\n M schema.cue' },
    ];
    const read = withTextCalls(jarvis);
    expect(read[3]?.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['shell', { command: 'git status --short' }],
    ]);
    expect(read[4]).toMatchObject({ role: 'tool', tool_call_id: read[3]?.tool_calls?.[0]?.id });
    // (a to-do list's tasks are no tools: a person's list stays what they said)
    const todo = '[{"task": "Write the docs", "args": {"owner": "me"}}]';
    expect(withTextCalls(pair(todo, 'Done with the docs.'))[1]?.tool_calls).toBeUndefined();
  });

  it("reads the ReAct paper's numbered actions (`Action 2: Tool[input]`, a fenced file under a write) answered by numbered observations; `Finish[…]` is the answer", () => {
    const steps: ChatMessage[] = [
      { role: 'user', content: 'Add a free transfer within 40 minutes.' },
      { role: 'assistant', content: 'Thought 1: Build it first.\nAction 1: Shell[idris2 --build fare.ipkg]' },
      { role: 'user', content: 'Observation 1: Error: While processing right hand side of transfer.\n[exit code 1]' },
      {
        role: 'assistant',
        content:
          'Thought 2: Rewrite the module.\nAction 2: Write[src/Fare/Transfer.idr]\n```idris\nmodule Fare.Transfer\n```',
      },
      { role: 'user', content: 'Observation 2: wrote src/Fare/Transfer.idr' },
      { role: 'assistant', content: 'Thought 3: Check the old form too.\nAction: Shell[make test]' },
      { role: 'user', content: 'Observation 3: 12/12 passed' },
      { role: 'assistant', content: 'Thought 4: Done.\nAction 4: Finish[transfers within 40 minutes are free]' },
    ];
    const out = withTextCalls(steps);
    const calls = out.map((m) => m.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)]));
    expect(calls[1]).toEqual([['Shell', { command: 'idris2 --build fare.ipkg' }]]);
    expect(out[1]?.content).toBe('Thought 1: Build it first.');
    expect(out[2]).toMatchObject({ role: 'tool', tool_call_id: out[1]?.tool_calls?.[0]?.id });
    expect(out[2]?.content).toMatch(/^Error: While processing/);
    expect(calls[3]).toEqual([['Write', { path: 'src/Fare/Transfer.idr', content: 'module Fare.Transfer' }]]);
    expect(out[4]?.role).toBe('tool');
    expect(calls[5]).toEqual([['Shell', { command: 'make test' }]]);
    expect(out[6]?.role).toBe('tool');
    expect(out[7]).toEqual(steps[7]); // (the answer, no call)
  });

  it('reads a call made with a functional token and arguments by position (`<nexa_2>(…)<nexa_end>`), answered by `Function result:`', () => {
    const steps: ChatMessage[] = [
      { role: 'user', content: 'Forbid bids from unregistered brokers.' },
      { role: 'assistant', content: "<nexa_2>('opa test ./policies -v')<nexa_end>" },
      { role: 'user', content: 'Function result: data.auction.bid.test_reserve: FAIL (1.2ms)\nPASS: 27/28' },
      {
        role: 'assistant',
        content: "Writing the rule.\n<nexa_1>('policies/bid.rego', 'package auction.bid\\n# (draft)')<nexa_end>",
      },
      { role: 'user', content: 'Function result: written: policies/bid.rego (34 bytes)' },
    ];
    const out = withTextCalls(steps);
    const calls = out.map((m) => m.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)]));
    expect(calls[1]).toEqual([['nexa_2', { input: 'opa test ./policies -v' }]]);
    expect(out[2]).toMatchObject({ role: 'tool', tool_call_id: out[1]?.tool_calls?.[0]?.id });
    expect(calls[3]).toEqual([['nexa_1', { path: 'policies/bid.rego', content: 'package auction.bid\n# (draft)' }]]);
    expect(out[3]?.content).toBe('Writing the rule.');
    expect(out[4]?.role).toBe('tool');
    // (a token that is not closed by an end token is no call: `<b>(sic)</b>`-like markup stays text)
    expect(withTextCalls(pair('Use <em>(sic)<em> here.', 'Function result: ok'))[1]?.tool_calls).toBeUndefined();
  });

  it('reads calls written inline in sentences (Toolformer-like) when the next message repeats each with its result', () => {
    const steps: ChatMessage[] = [
      { role: 'user', content: 'Why is the switch slow at 13:10?' },
      {
        role: 'assistant',
        content:
          'The counters first [Shell("perf stat -p 2834 -- sleep 10")], and next [Shell("uptime")] to see the load.',
      },
      {
        role: 'user',
        content:
          '[Shell("perf stat -p 2834 -- sleep 10") →  Performance counter stats for process id \'2834\':\n  61,309.56 msec task-clock]\n[Shell("uptime") → 13:20 up 4 days, load average: 5.1]',
      },
      { role: 'assistant', content: 'The load is high; see [Shell("top")] later.' },
      { role: 'user', content: 'Just tell me what you found.' },
    ];
    const out = withTextCalls(steps);
    expect(out[1]?.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['Shell', { command: 'perf stat -p 2834 -- sleep 10' }],
      ['Shell', { command: 'uptime' }],
    ]);
    expect(out[1]?.content).toBe('The counters first, and next to see the load.');
    expect(out[2]).toMatchObject({ role: 'tool', tool_call_id: out[1]?.tool_calls?.[0]?.id });
    expect(out[2]?.content).toBe(
      " Performance counter stats for process id '2834':\n  61,309.56 msec task-clock\n\n13:20 up 4 days, load average: 5.1",
    );
    // (a call in a sentence that nothing answers stays what the assistant said; the person's reply is theirs)
    expect(out[3]).toEqual(steps[3]);
    expect(out[4]).toEqual(steps[4]);
  });

  it('reads a generic call under comments in a fenced block, its tool named on the line above (ChatGLM-like)', () => {
    const steps: ChatMessage[] = [
      { role: 'user', content: 'Make the ensemble run its members in parallel.' },
      {
        role: 'assistant',
        content:
          '<|assistant|>write_file\n```python\n# decided: members run in a forall, time steps serially inside each\ntool_call(path="docs/DECISIONS.md", content="- members run in a forall")\n```',
      },
      { role: 'user', content: '<|observation|>\nsaved docs/DECISIONS.md' },
      {
        role: 'assistant',
        content: '<|assistant|>run_shell\n```python\ntool_call(command="mason build --release")\n```',
      },
      { role: 'user', content: '<|observation|>\nCompiled KanoEnsemble' },
    ];
    const out = withTextCalls(steps);
    expect(out[1]?.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['write_file', { path: 'docs/DECISIONS.md', content: '- members run in a forall' }],
    ]);
    expect(out[1]?.content).toBe('decided: members run in a forall, time steps serially inside each');
    expect(out[2]?.role).toBe('tool');
    expect(out[3]?.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['run_shell', { command: 'mason build --release' }],
    ]);
    expect(out[4]?.role).toBe('tool');
  });

  it('reads actions written as tags with attributes (bolt.new-like) as calls, and an output tag named for results', () => {
    const reply =
      'Now I run it.\n\n<boltArtifact id="fix-search-3" title="Fix search">\n  <boltAction type="file" filePath="src/lib/search.ts">export const q = 1;\n</boltAction>\n  <boltAction type="shell">pnpm run check</boltAction>\n</boltArtifact>';
    const output =
      '<bolt_action_results artifact="fix-search-3">\n<action_result n="2" type="shell" exit="1">\nError: src/routes/+page.svelte:3:10 Cannot find module\n</action_result>\n</bolt_action_results>';
    const out = withTextCalls(pair(reply, output));
    expect(out[1]?.content).toBe('Now I run it.');
    expect(out[1]?.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['write_file', { path: 'src/lib/search.ts', content: 'export const q = 1;\n' }],
      ['execute_command', { command: 'pnpm run check' }],
    ]);
    expect(out[2]).toMatchObject({ role: 'tool', tool_call_id: out[1]?.tool_calls?.[0]?.id });
    expect(out[2]?.content).toMatch(/^<action_result n="2"[^]*Cannot find module\n<\/action_result>$/);
    // (a tag that only ends in the letters of one, or markup a person writes, is no action)
    for (const prose of ['Fixed: <transaction id="1">ok</transaction>', 'See <b>this</b>'])
      expect(withTextCalls(pair(prose, 'Thanks!'))[1]?.tool_calls).toBeUndefined();
  });

  it('reads `Result of f(args):` as the output of the call it names (AutoCodeRover-like)', () => {
    const output =
      'Result of search_class("Lexer"):\n\nFound 1 class with name Lexer in the codebase:\n- src/lexer.lisp';
    const out = withTextCalls(pair('I look the class up.\n\nsearch_class("Lexer")', output));
    expect(out[2]).toMatchObject({ role: 'tool' });
    expect(out[2]?.content).toMatch(/^\s*Found 1 class/);
    expect(harnessOutput(output)).toMatchObject({ tool: 'search_class' });
    // (a person's "Result of my test:" names no call)
    expect(withTextCalls(pair('Try it?', 'Result of my test: it still fails.'))[2]?.role).toBe('user');
  });

  it('reads a tool message named by its `request` field (Langroid-like), answered by `Result of <tool>:`', () => {
    const reply = 'The group protocol first.\n\nTOOL:\n{"request": "read_file", "path": "docs/PROTOCOL.md"}';
    const out = withTextCalls(pair(reply, 'Result of read_file:\n# Protocol\n- Production runs use a 1 fs timestep.'));
    // (a tool's name of one word too: `Result of shell:` alone on its line)
    expect(
      withTextCalls(pair('{"request": "shell", "cmd": "ls"}', 'Result of shell:\nin.nial\nlog.lammps'))[2]?.role,
    ).toBe('tool');
    expect(out[1]?.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['read_file', { path: 'docs/PROTOCOL.md' }],
    ]);
    expect(out[2]).toMatchObject({ role: 'tool', content: '# Protocol\n- Production runs use a 1 fs timestep.' });
    // (a `request` that names no tool is data the reply shows; a person's "Result of tests:" is a request)
    const data = withTextCalls(pair('The request was:\n{"request": "GET /api/orders", "status": 200}', 'Thanks'));
    expect(data[1]?.tool_calls).toBeUndefined();
    expect(withTextCalls(pair('Try it?', 'Result of tests: it still fails.'))[2]?.role).toBe('user');
  });

  it('reads steps typed by the field that holds their arguments (GPT-Pilot-like) as calls', () => {
    const steps = JSON.stringify({
      steps: [
        { type: 'command', command: { command: 'bal build', timeout: 120 } },
        { type: 'save_file', save_file: { path: 'modules/fees/fees.bal', content: 'public function fee() {}' } },
      ],
    });
    const out = withTextCalls(pair(steps, 'exit code: 1\nERROR [fees.bal:(3:5,3:9)] undefined symbol'));
    expect(out[1]?.tool_calls?.map((c) => c.function.name)).toEqual(['command', 'save_file']);
    expect(JSON.parse(out[1]?.tool_calls?.[1]?.function.arguments ?? '{}')).toMatchObject({
      path: 'modules/fees/fees.bal',
    });
    expect(out[2]?.role).toBe('tool');
    // (steps that are sentences are a plan the reply states, no calls)
    expect(withTextCalls(pair('{"steps": ["build", "test"]}', 'ok'))[1]?.tool_calls).toBeUndefined();
  });

  it('reads the one command a step runs in a `<COMMAND>` block, after its `<UPDATE>` (Junie-like), and its output', () => {
    const reply =
      '<UPDATE>\n<NEXT_STEP>\nRead the project guidelines.\n</NEXT_STEP>\n</UPDATE>\n\n<COMMAND>\nopen ".junie/guidelines.md" 1\n</COMMAND>';
    const output =
      '<COMMAND_OUTPUT exit_code="0">\n[File: .junie/guidelines.md (3 lines total)]\n1:# Guidelines\n2:- Controllers never build raw SQL.\n</COMMAND_OUTPUT>';
    const out = withTextCalls(pair(reply, output));
    expect(out[1]?.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['execute_command', { command: 'open ".junie/guidelines.md" 1' }],
    ]);
    expect(out[2]?.role).toBe('tool');
    expect(out[2]?.content).toContain('Controllers never build raw SQL.');
  });

  it('reads an object of commands alone (Devika-like `{"commands": […]}`) as one shell call', () => {
    const reply = 'A macro of its own, then a run.\n\n```\n{"commands": ["root -l -b -q fit.C", "ls fig"]}\n```';
    const out = withTextCalls(pair(reply, 'Observation: Processing fit.C...\nfig/lifetime.pdf'));
    expect(out[1]?.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['execute_command', { command: 'root -l -b -q fit.C\nls fig' }],
    ]);
    const alone = withTextCalls(pair('```json\n{"commands": ["make test"]}\n```', 'Observation: 1 failed'));
    expect(alone[1]?.tool_calls?.[0]?.function.name).toBe('execute_command');
    // (an object with any other field is data the reply shows)
    expect(withTextCalls(pair('{"commands": ["make"], "owner": "ana"}', 'ok'))[1]?.tool_calls).toBeUndefined();
  });

  it('reads user messages that open with one heading again and again as outputs: a harness answers, a person does not', () => {
    const fenced = (cmd: string) => `Running it.\n\n\`\`\`sh\n${cmd}\n\`\`\``;
    const messages: ChatMessage[] = [
      { role: 'user', content: 'Make the kiln ramp hold in minutes.' },
      { role: 'assistant', content: '@@start\n{"action": "run", "command": "git status --short"}\n@@end' },
      { role: 'user', content: 'Mentat applied the changes above.\n>>> [1] $ git status --short\n M src/ramp.cpp' },
      { role: 'assistant', content: '@@start\n{"action": "run", "command": "make test"}\n@@end' },
      { role: 'user', content: 'Mentat applied the changes above.\n>>> [1] $ make test\nTest rampRate failed.' },
      { role: 'assistant', content: 'Which baud rate should the log use?' },
      { role: 'user', content: 'Use 115200.\nAnd keep the old profile.' },
      { role: 'assistant', content: fenced('make upload') },
    ];
    const out = withTextCalls(messages);
    expect(out.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(out[4]?.content).toBe('>>> [1] $ make test\nTest rampRate failed.');
    // (one such message alone is a request — unless the summary before the range took its like for one)
    const alone = messages.slice(3, 5);
    expect(withTextCalls(alone, true)[1]?.role).toBe('user');
    const earlier =
      '## User requests\n- Mentat applied the changes above. >>> [1] $ git status --short M src/ramp.cpp\n';
    expect(withTextCalls(alone, true, `\n${earlier}`)[1]?.role).toBe('tool');
    const summary = extractiveSummary(alone, `[Previous conversation summary]\n\n${earlier}`, counter, 600).text;
    expect(summary).not.toContain('Mentat applied');
    // (nor when a summary before found the heading and carried it on: a range of one step after a
    // range that read its results right — the summary then has no such request item to tell it)
    const first = extractiveSummary(messages.slice(0, 5), undefined, counter, 600);
    expect(first.openings).toEqual(['Mentat applied the changes above']);
    expect(first.text).not.toContain('Mentat applied');
    const next = extractiveSummary(alone, first.text, counter, 600, { openings: first.openings });
    expect(next.text).not.toContain('Mentat applied');
    expect(next.text).toContain('make test');
    expect(next.openings).toEqual(first.openings);
    expect(extractiveSummary(alone, first.text, counter, 600).text).toContain('Mentat applied');
    // (a person who opens turns alike, after replies in prose, writes requests: `thanks — please continue`)
    const person: ChatMessage[] = [
      { role: 'user', content: 'Add the booking API.' },
      { role: 'assistant', content: 'The slot part is done.' },
      { role: 'user', content: 'Looks good. Next, the slot part\nwith a 15-minute grid.' },
      { role: 'assistant', content: 'The grid is in.' },
      { role: 'user', content: 'Looks good. Next, the slot part\nwith holidays closed.' },
    ];
    expect(withTextCalls(person).map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
  });

  it("reads a plan's steps written up front as its calls, and the evidence message as their output (ReWOO-like)", () => {
    const plan = [
      'Plan: Compile the project to get the diagnostics.',
      '#E1 = Compile[bottling]',
      'Plan: Add a test suite for the capper.',
      '#E2 = Patch[test/TEST_FB_Capper.st :: <new file> => FUNCTION_BLOCK FB_Capper_Test …]',
    ].join('\n');
    const evidence =
      "#E1 = iec2c -T build src/*.st\nsrc/FB_Capper.st:83-7..83-14: error: Undefined identifier 'lev'.\nBuild FAILED\n\n#E2 = written";
    const out = withTextCalls(pair(plan, evidence));
    expect(out[1]?.content).toBe(
      'Plan: Compile the project to get the diagnostics.\nPlan: Add a test suite for the capper.',
    );
    expect(out[1]?.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['Compile', { input: 'bottling' }],
      [
        'Patch',
        {
          input: 'test/TEST_FB_Capper.st :: <new file> => FUNCTION_BLOCK FB_Capper_Test …',
          path: 'test/TEST_FB_Capper.st',
        },
      ],
    ]);
    expect(out[2]).toMatchObject({ role: 'tool', tool_call_id: out[1]?.tool_calls?.[0]?.id });
    expect(out[2]?.content).toMatch(/^iec2c -T build[^]*Build FAILED\n\nwritten$/);
    // (a person's message after a plan is a request)
    expect(withTextCalls(pair(plan, 'Why compile first?'))[2]?.role).toBe('user');
  });

  it('reads an output label that says how the command ended in parentheses, and the block the reply ran (CAMEL-like)', () => {
    const solution = 'Solution: I will run the tests.\n\n```bash\ncd ~/vodovod\n./gradlew test\n```\n\nNext request.';
    const result =
      'Code execution result (exit code 1):\n```text\nInvoiceTest > bandTariff() FAILED\nBUILD FAILED in 14s\n```\n\nInstruction: Fix the failing test.\nInput: None';
    const out = withTextCalls(pair(solution, result));
    expect(out[1]?.tool_calls?.map((c) => JSON.parse(c.function.arguments))).toEqual([
      { command: 'cd ~/vodovod\n./gradlew test' },
    ]);
    expect(out[2]).toMatchObject({ role: 'tool', tool_call_id: out[1]?.tool_calls?.[0]?.id });
    expect(out[2]?.content).toMatch(/^```text\nInvoiceTest > bandTariff\(\) FAILED[^]*\n\(exit code 1\)$/);
    // (the workflow's facts read it as an output too, not as the user's request)
    expect(harnessOutput(result, solution)?.body).toMatch(/\(exit code 1\)$/);
    expect(harnessOutput('Output (exit status: 0):\nok', solution)?.body).toBe('ok');
    // (a person's bare `Result (so far):` is a request unless it answers a call)
    expect(harnessOutput('Result (so far): the export works, now the report please.')).toBeUndefined();
  });

  it('reads a call object a reply ends with after its words (Moatless-like), with its arguments under any usual field', () => {
    const reply =
      'Thought: The mypy settings decide how strict the signature must be.\n{"action": "ViewCode", "action_args": {"files": [{"file_path": "pyproject.toml", "start_line": 30}]}}';
    const out = withTextCalls(pair(reply, 'Observation: pyproject.toml\n```\n[tool.mypy]\nstrict = true\n```'));
    expect(out[1]?.content).toBe('Thought: The mypy settings decide how strict the signature must be.');
    expect(out[1]?.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['ViewCode', { files: [{ file_path: 'pyproject.toml', start_line: 30 }] }],
    ]);
    expect(out[2]?.role).toBe('tool');
    // (a JSON object with no name and arguments is data the reply shows, no call)
    expect(
      withTextCalls(pair('The config is:\n{"strict": true, "args": 3}', 'Observation: ok'))[1]?.tool_calls,
    ).toBeUndefined();
  });

  it('reads a list of calls a reply ends with, named by a word (Phi-4-mini-like), and results named by their calls', () => {
    const reply =
      'A packaging script, then a dry run.\nfunctools[{"name": "write_text", "arguments": {"path": "scripts/hls.sh", "content": "ffmpeg -i $1"}}, {"name": "run_shell", "arguments": {"command": "bash -n scripts/hls.sh"}}]';
    const results =
      '<|tool|>[{"name": "write_text", "content": "wrote scripts/hls.sh (1 line)"}, {"name": "run_shell", "content": "syntax ok"}]<|/tool|>';
    const out = withTextCalls(pair(reply, results));
    expect(out[1]?.content).toBe('A packaging script, then a dry run.');
    expect(out[1]?.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['write_text', { path: 'scripts/hls.sh', content: 'ffmpeg -i $1' }],
      ['run_shell', { command: 'bash -n scripts/hls.sh' }],
    ]);
    expect(out[2]).toEqual({
      role: 'tool',
      tool_call_id: out[1]?.tool_calls?.[0]?.id,
      content: 'wrote scripts/hls.sh (1 line)\n\nsyntax ok',
    });
    // (records that name no call the reply made are a person's data; so is a list the reply does not end with)
    const pasted = '[{"name": "Ada", "content": "ok"}]';
    expect(withTextCalls(pair(reply, pasted))[2]?.role).toBe('user');
    expect(withTextCalls(pair(`${reply}\nThen I check the playlist.`, results))[1]?.tool_calls).toBeUndefined();
    // (the workflow's facts read them as an output too, not as the user's request)
    expect(harnessOutput(results, reply)?.body).toBe('wrote scripts/hls.sh (1 line)\n\nsyntax ok');
    expect(harnessOutput(pasted, reply)).toBeUndefined();
    // (cut to its head and tail when it was stored, it still answers the reply's calls)
    const cut = `<|tool|>[{"name": "run_ffmpeg", "content": "ffmpeg version 7.1\n[... omitted 400 of 420 lines ...]\nConversion failed!"}]<|/tool|>\n${fullOutputLine(40_000, `sha256:${'c'.repeat(64)}`)}`;
    const answered = withTextCalls(pair(reply, cut));
    expect(answered[1]?.tool_calls?.map((c) => c.function.name)).toEqual(['write_text', 'run_shell']);
    expect(answered[2]).toMatchObject({ role: 'tool', tool_call_id: answered[1]?.tool_calls?.[0]?.id });
  });

  it("reads a call list logged as Python (smolagents' `Calling tools:`) in the API's shape, answered by `Call id:` and `Observation:`", () => {
    const reply =
      "How much is still untranslated?\nCalling tools:\n[{'id': 'call_vNS7', 'type': 'function', 'function': {'name': 'run_command', 'arguments': {'command': 'msgfmt --statistics -o /dev/null yo.po', 'check': True, 'note': \"it's fine\"}}}]";
    const out = withTextCalls(
      pair(
        reply,
        'Call id: call_vNS7\nObservation:\nExit code: 0\nStderr:\n1149 translated messages, 45 untranslated.',
      ),
    );
    expect(out[1]?.content).toBe('How much is still untranslated?');
    expect(out[1]?.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['run_command', { command: 'msgfmt --statistics -o /dev/null yo.po', check: true, note: "it's fine" }],
    ]);
    expect(out[2]).toMatchObject({ role: 'tool', content: expect.stringMatching(/^Exit code: 0\n/) });
    // (JSON logged in the API's shape is read too)
    const json = withTextCalls(
      pair(
        'Checking.\n[{"id": "call_1", "type": "function", "function": {"name": "ls", "arguments": "{\\"path\\": \\"src\\"}"}}]',
        'Observation: a.ts',
      ),
    );
    expect(json[1]?.tool_calls?.map((c) => [c.function.name, c.function.arguments])).toEqual([
      ['ls', '{"path": "src"}'],
    ]);
  });

  it('reads calls written as tags named for what they do, with attributes (Sweep-like)', () => {
    const reply =
      'Both files first.\n<read_file path="packages/core/src/fare.ts"/>\n<modify_file path="packages/core/src/fare.ts">\n<<<<<<< SEARCH\nconst a = 1;\n=======\nconst a = 2;\n>>>>>>> REPLACE\n</modify_file>\n<run_check name="typecheck">pnpm turbo run typecheck</run_check>';
    const results =
      '<check_results>\n<result tool="read_file" path="packages/core/src/fare.ts" status="success">\n1 export const a = 1;\n</result>\n</check_results>';
    const out = withTextCalls(pair(reply, results));
    expect(out[1]?.content).toBe('Both files first.');
    expect(out[1]?.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['read_file', { path: 'packages/core/src/fare.ts' }],
      ['modify_file', { path: 'packages/core/src/fare.ts', content: expect.stringContaining('>>>>>>> REPLACE') }],
      ['run_check', { name: 'typecheck', command: 'pnpm turbo run typecheck' }],
    ]);
    expect(out[2]?.role).toBe('tool');
    // (Cline's child elements are left to its result's heading, which names the call)
    expect(
      withTextCalls(pair('<read_file>\n<path>src/a.ts</path>\n</read_file>', results))[1]?.tool_calls,
    ).toBeUndefined();
    // (a person's HTML, or a reply that goes on after a tag, makes no call)
    expect(
      withTextCalls(pair('<read_file path="a.ts"/> first, then\n<details>notes</details>', results))[1]?.tool_calls,
    ).toBeUndefined();
    expect(withTextCalls(pair('Use <details open>…</details> for it.', results))[1]?.tool_calls).toBeUndefined();
    expect(
      withTextCalls(pair('<read_file path="a.ts"/> is what I would do next, then stop.', results))[1]?.tool_calls,
    ).toBeUndefined();
  });

  it('keeps the head of a long plan reply: what the assistant said before the scanned tail stays', () => {
    const head = `Findings so far: the capper's torque limit is 2.4 Nm.\n${'Notes on the line. '.repeat(1_500)}`;
    const plan = `${head}\nPlan: Compile the project.\n#E1 = Compile[bottling]`;
    expect(plan.length).toBeGreaterThan(20_000);
    const out = withTextCalls(pair(plan, '#E1 = Build OK'));
    expect(out[1]?.tool_calls?.map((c) => c.function.name)).toEqual(['Compile']);
    expect(out[1]?.content).toMatch(/^Findings so far: the capper's torque limit is 2\.4 Nm\./);
    expect(out[1]?.content).toMatch(/Plan: Compile the project\.$/);
  });

  it("reads Command A's action list and its indexed tool results, and Harmony's call addressed to a function", () => {
    const action =
      '<|START_THINKING|>Build first.<|END_THINKING|><|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "run_shell", "parameters": {"command": "dune build"}},\n    {"tool_call_id": "1", "tool_name": "read_file", "parameters": {"path": "theories/RB.v"}}\n]<|END_ACTION|>';
    const results =
      '<|START_TOOL_RESULT|>[{"tool_call_id": "0", "results": {"0": {"exit_code": 1, "output": "Error: The reference x_ok was not found."}}, "is_error": null}, {"tool_call_id": "1", "results": {"0": {"output": "Require Import List."}}, "is_error": null}]<|END_TOOL_RESULT|>';
    const out = withTextCalls(pair(action, results));
    expect(out[1]?.tool_calls?.map((c) => c.function.name)).toEqual(['run_shell', 'read_file']);
    expect(out[2]?.role).toBe('tool');
    expect(out[2]?.content).toBe('Error: The reference x_ok was not found.\n(exit code 1)\n\nRequire Import List.');
    // (a person's pasted list names no call)
    expect(withTextCalls(pair(action, '[{"sku": "A-1", "qty": 2}]'))[2]?.role).toBe('user');
    const harmony =
      '<|channel|>analysis<|message|>Watch the serial log.<|end|><|start|>assistant<|channel|>commentary to=functions.serial_monitor <|constrain|>json<|message|>{"port": "/dev/ttyUSB0"}<|call|>';
    const monitored = withTextCalls(
      pair(
        harmony,
        '<|start|>functions.serial_monitor to=assistant<|channel|>commentary<|message|>--- Terminal on /dev/ttyUSB0<|end|>',
      ),
    );
    expect(monitored[1]?.tool_calls?.[0]?.function).toEqual({
      name: 'serial_monitor',
      arguments: '{"port": "/dev/ttyUSB0"}',
    });
    expect(monitored[2]).toMatchObject({ role: 'tool', content: '--- Terminal on /dev/ttyUSB0' });
    // what the assistant said is read without the template's tokens
    expect(withoutTemplateTokens(monitored[1]?.content ?? '')).toBe('Watch the serial log.');
    expect(withoutTemplateTokens(out[1]?.content ?? '')).toBe('Build first.');
    expect(withoutTemplateTokens('<|channel|>final<|message|>Done: the vent closes below 18 C.<|return|>')).toBe(
      'Done: the vent closes below 18 C.',
    );
  });

  it('reads hostile template tokens in bounded work: a token, then a long run of spaces', () => {
    const spaces = `<|start|>tool<|message|>${' '.repeat(200_000)}x`;
    const read = withTextCalls(pair('<|start|>assistant<|call|>{"name": "run", "arguments": {}}', spaces));
    expect(read[1]?.tool_calls?.map((c) => c.function.name)).toEqual(['run']);
    expect(read[2]).toMatchObject({ role: 'tool', tool_call_id: read[1]?.tool_calls?.[0]?.id });
    expect(withoutTemplateTokens(`<|a|>${' '.repeat(200_000)}b<|c|>`)).toBe('b');
  });

  it("leaves a person's words a request: a paste with a question, after prose, or first", () => {
    const fenced = 'Fix it:\n```ts\nexport const a = 1;\n```';
    for (const [call, output] of [
      [fenced, '```\nTypeError: a is not a function\n```\nWhy does this fail?'],
      ['Shall I run the tests?', '```\nTypeError: a is not a function\n```'],
      [fenced, 'That looks wrong, the `a` should be 2.'],
      // (a harness's tag around a person's words: Cline's feedback after its tagged tool call)
      [
        '<attempt_completion>\n<result>Done.</result>\n</attempt_completion>',
        '<feedback>\nAlso check the error handling.\n</feedback>',
      ],
    ] as const)
      expect(withTextCalls(pair(call, output))[2]?.role).toBe('user');
    expect(harnessOutput('```tool_outputs\nok\n```')).toBeUndefined();
  });
});
