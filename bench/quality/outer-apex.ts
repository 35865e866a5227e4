/**
 * The outer family's Letta (MemGPT) agent helping a Korean-speaking Salesforce admin: one native
 * tool call per step with the inner monologue in its `inner_thoughts` argument and a
 * `request_heartbeat` flag; results are Letta's JSON (`{"status": "OK", "message": …, "time": …}`),
 * each followed by a heartbeat user message; user messages are wrapped as `user_message` JSON and
 * answers go out through `send_message`. Memory tools (core and archival) hold notes. Failures are
 * sf CLI deploy reports, Apex test runs and DML exceptions.
 */
import type { ChatMessage } from '../../src/context/types';
import {
  Clock,
  chars,
  columns,
  grepFrom,
  grow,
  Mint,
  say,
  stepBeat,
  uuid,
  type Act,
  type Beat,
  type OuterHarness,
  type Planter,
  type Session,
  type Step,
} from './outer-kit';
import type { Rng } from './rng';
import type { ScriptedOutput } from './types';

const CLASSES = [
  'OrderService',
  'QuoteTriggerHandler',
  'DiscountCalculator',
  'AccountSelector',
  'LeadDedupeBatch',
  'OpportunityDomain',
  'InvoiceSyncQueueable',
  'CaseRouter',
  'PricebookService',
  'ContactMergeService',
];
const OBJECTS = ['Account', 'Opportunity', 'Quote', 'Order__c', 'Invoice__c', 'Lead', 'Case', 'Contact'];
const THOUGHTS = [
  'Checking the org state before I change anything.',
  'Let me look at the class the user mentioned.',
  'I should run the tests for this class to see where we are.',
  'Searching the project for other references first.',
  'The last result looks fine; continuing.',
  'Reading the metadata to understand the automation order.',
];
const BODY = [
  'List<Account> accs = [SELECT Id, Name, Industry FROM Account WHERE Id IN :ids WITH SECURITY_ENFORCED];',
  'if (Trigger.isBefore && Trigger.isUpdate) { handler.beforeUpdate(Trigger.new, Trigger.oldMap); }',
  'Decimal rate = pricing.discountFor(q.AccountId, q.TotalPrice);',
  "System.debug(LoggingLevel.FINE, 'recalc ' + q.Id);",
  'update as user quotesToUpdate;',
  'Database.SaveResult[] res = Database.update(records, false);',
  "for (Opportunity o : opps) { o.StageName = 'Negotiation'; }",
  'Map<Id, Order__c> byId = new Map<Id, Order__c>(orders);',
  'System.enqueueJob(new InvoiceSyncQueueable(invoiceIds));',
];

/** The session's Salesforce project. */
interface Org {
  alias: string;
  user: string;
  clock: Clock;
}

function org(r: Rng): Org {
  const alias = r.pick(['uat', 'qa-sandbox', 'dev-kr']);
  return { alias, user: `admin@${r.pick(['hanbit', 'seoul-retail', 'daon'])}.${alias}`, clock: new Clock(r) };
}

function kst(o: Org, r: Rng): string {
  const d = o.clock.tick(r.int(2, 90) * 1000);
  const h = (d.getUTCHours() + 9) % 24;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(h % 12 || 12)}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'} KST+0900`;
}

function apexClass(r: Rng, name: string, lines: number): string {
  const out = [`public with sharing class ${name} {`];
  while (out.length < lines) {
    out.push(
      `    public static void ${r.pick(['recalculate', 'apply', 'route', 'sync', 'validate', 'merge'])}${r.int(1, 9)}(List<SObject> records) {`,
    );
    for (let i = r.int(2, 6); i > 0; i--) out.push(`        ${r.pick(BODY)}`);
    out.push('    }', '');
  }
  out.push('}');
  return out.join('\n');
}

function testRun(r: Rng, classes: string[], fail?: { test: string; message: string }): string {
  const tests = classes.flatMap((c) =>
    Array.from(
      { length: r.int(2, 6) },
      (_, i) => `${c}Test.test${r.pick(['Insert', 'Update', 'Bulk', 'Discount', 'Routing', 'Merge'])}${i + 1}`,
    ),
  );
  const ran = tests.length + (fail ? 1 : 0);
  const rows = tests.map((t) => [t, 'Pass', '', String(r.int(20, 900))]);
  if (fail) rows.splice(r.int(0, rows.length), 0, [fail.test, 'Fail', fail.message, String(r.int(20, 900))]);
  return [
    '=== Test Summary',
    ...columns([
      ['NAME', 'VALUE'],
      ['Outcome', fail ? 'Failed' : 'Passed'],
      ['Tests Ran', String(ran)],
      ['Pass Rate', `${Math.floor(((ran - (fail ? 1 : 0)) / ran) * 100)}%`],
      ['Fail Rate', `${fail ? Math.ceil((1 / ran) * 100) : 0}%`],
      ['Skip Rate', '0%'],
      ['Test Run Id', `707${chars(r, 15, 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789')}`],
      ['Test Execution Time', `${r.int(900, 30000)} ms`],
      ['Org Id', `00D${chars(r, 15, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789')}`],
    ]),
    '',
    '=== Test Results',
    ...columns([['TEST NAME', 'OUTCOME', 'MESSAGE', 'RUNTIME (MS)'], ...rows]),
  ].join('\n');
}

function debugLog(r: Rng, min: number): string {
  return grow(min, (i) => {
    const t = `${String(r.int(10, 23))}:${String(r.int(10, 59))}:${String(r.int(10, 59))}.${r.int(0, 9)} (${r.int(1000000, 99999999)})`;
    return r.pick([
      `${t}|SOQL_EXECUTE_BEGIN|[${r.int(10, 300)}]|Aggregations:0|SELECT Id, Name FROM ${r.pick(OBJECTS)} WHERE Id IN :tmpVar1`,
      `${t}|SOQL_EXECUTE_END|[${r.int(10, 300)}]|Rows:${r.int(0, 200)}`,
      `${t}|CODE_UNIT_STARTED|[EXTERNAL]|01q${chars(r, 12, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789')}|${r.pick(CLASSES)} on ${r.pick(OBJECTS)} trigger event BeforeUpdate`,
      `${t}|USER_DEBUG|[${r.int(10, 300)}]|DEBUG|recalc ${i}`,
      `${t}|DML_BEGIN|[${r.int(10, 300)}]|Op:Update|Type:${r.pick(OBJECTS)}|Rows:${r.int(1, 200)}`,
      `${t}|LIMIT_USAGE_FOR_NS|(default)|`,
      `${t}|HEAP_ALLOCATE|[${r.int(10, 300)}]|Bytes:${r.int(4, 9000)}`,
    ]);
  }).join('\n');
}

function deployOk(r: Rng, o: Org, n: number): string {
  return [
    `Deploying v61.0 metadata to ${o.user} using the v61.0 SOAP API.`,
    `Deploy ID: 0Af${chars(r, 15, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789')}`,
    `Status: Succeeded | ████████████████████████████████████████ | ${n}/${n} Components | 0/0 Tests`,
    '',
    'Deployed Source',
    ...columns([
      ['State', 'Name', 'Type', 'Path'],
      ...Array.from({ length: Math.min(n, 12) }, () => {
        const c = r.pick(CLASSES);
        return ['Changed', c, 'ApexClass', `force-app/main/default/classes/${c}.cls`];
      }),
    ]),
  ].join('\n');
}

/** The Letta harness. */
export const LETTA: OuterHarness = {
  style: 'letta',
  protocol: 'native',
  tools: [
    'send_message',
    'conversation_search',
    'archival_memory_insert',
    'archival_memory_search',
    'core_memory_append',
    'core_memory_replace',
    'run_sf_cli',
    'read_project_file',
    'write_project_file',
    'search_project',
    'list_project_dir',
  ],
  isResult: (m: ChatMessage) => m.role === 'user' && /^\{"type": "(heartbeat|system_alert)"/.test(m.content ?? ''),
  open(r: Rng, outputs: Map<string, ScriptedOutput>): Session {
    const o = org(r.fork());
    const mint = new Mint(r.fork());
    const gen = r.fork();
    const ids = r.fork();
    const call = (a: Act): { name: string; args: Record<string, unknown> } => {
      switch (a.kind) {
        case 'shell':
          return { name: 'run_sf_cli', args: { command: a.target } };
        case 'read':
          return { name: 'read_project_file', args: { path: a.target } };
        case 'write':
          return { name: 'write_project_file', args: { path: a.target, content: a.text ?? '' } };
        case 'edit':
          return { name: 'write_project_file', args: { path: a.target, content: a.text ?? '', replace: a.old ?? '' } };
        case 'search':
          return { name: 'search_project', args: { pattern: a.target, path: a.where ?? 'force-app' } };
        case 'list':
          return { name: 'list_project_dir', args: { path: a.target } };
        case 'extra':
          return { name: a.tool ?? 'conversation_search', args: a.args ?? {} };
      }
    };
    const stamp = () => kst(o, gen);
    const toolMessage = (id: string, a: Act | undefined): ChatMessage => {
      const failed = a?.status === 'error';
      const message = a ? (failed ? `${a.tool === undefined ? 'Exception' : 'Error'}: ${a.output}` : a.output) : 'None';
      const content = `{"status": "${failed ? 'Failed' : 'OK'}", "message": ${JSON.stringify(message)}, "time": "${stamp()}"}`;
      outputs.set(id, {
        output: content,
        status: failed ? 'error' : 'ok',
        ...(a?.exitCode !== undefined ? { exitCode: a.exitCode } : {}),
      });
      return { role: 'tool', tool_call_id: id, content };
    };
    const heartbeat = (failed: boolean): ChatMessage => ({
      role: 'user',
      content: `{"type": "heartbeat", "reason": "[This is an automated system message hidden from the user] ${failed ? 'Function call failed, returning control' : 'Function called using request_heartbeat=true, returning control'}", "time": "${stamp()}"}`,
    });
    const callMessage = (name: string, args: Record<string, unknown>): { m: ChatMessage; id: string } => {
      const id = uuid(ids).slice(0, 29);
      return {
        id,
        m: {
          role: 'assistant',
          content: null,
          tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
        },
      };
    };
    const render = (b: Beat, last: boolean): ChatMessage[] => {
      if (b.t === 'user')
        return [
          {
            role: 'user',
            content: `{"type": "user_message", "message": ${JSON.stringify(b.text)}, "time": "${stamp()}"}`,
          },
        ];
      if (b.t === 'answer') {
        const { m, id } = callMessage('send_message', {
          inner_thoughts: gen.pick([
            'Reporting back to the user in Korean.',
            'Time to tell the user what I found.',
            'Summarising for the user.',
          ]),
          message: b.text,
        });
        return [m, toolMessage(id, undefined)];
      }
      return b.step.acts.flatMap((a, i) => {
        const { name, args } = call(a);
        const thoughts = i === 0 && b.step.say ? b.step.say : gen.pick(THOUGHTS);
        const { m, id } = callMessage(name, { inner_thoughts: thoughts, ...args, request_heartbeat: true });
        const out = [m, toolMessage(id, a)];
        if (!(last && i === b.step.acts.length - 1)) out.push(heartbeat(a.status === 'error'));
        return out;
      });
    };
    return {
      system: system(o, gen),
      render,
      size: (b, last) => (b.t === 'user' ? 1 : b.t === 'answer' ? 2 : 3 * b.step.acts.length - (last ? 1 : 0)),
      noise: () => noiseStep(gen, o),
      ask: () => ask(gen),
      answer: () =>
        say(
          gen,
          '확인했습니다! 테스트가 모두 통과했고 UAT 배포도 문제없었어요.',
          '요청하신 작업 마쳤습니다. 자세한 내용은 위에 정리해 두었어요.',
          '완료했어요 🙂 다른 변경 사항은 없습니다.',
          '살펴봤는데 특별한 문제는 없어 보입니다.',
        ),
      resume: () => say(gen, '계속 진행해 주세요.', '네, 이어서 해 주세요.', '멈추지 말고 끝까지 해 주세요.'),
      probe: () => say(gen, '계속해 주세요.', '좋아요, 이어서 진행해 주세요.', '네 계속 부탁드려요.'),
      planters: [...apexPlanters(gen, o, mint), ...apexMore(gen, o, mint)],
    };
  },
};

function system(o: Org, r: Rng): string {
  return [
    "You are Letta, the latest version of Limnal Corporation's digital companion, developed in 2023.",
    'Your task is to help the user administer and develop their Salesforce org, from the perspective of your persona.',
    '',
    'Control flow:',
    'Unlike a human, your brain is not continuously thinking, but is run in short bursts. Your brain is run in response to user events (user logged in, user sent a message, etc.) and at regular intervals (timed heartbeat events).',
    'Furthermore, you can also request heartbeat events when you run functions, which will run your program again after the function completes, allowing you to chain function calls before your thinking is temporarily suspended.',
    '',
    'Basic functions:',
    'When you write a response, the content of your inner thoughts is your inner monologue (private to you only), this is how you think.',
    "To send a visible message to the user, use the send_message function. 'send_message' is the ONLY action that sends a notification to the user. The user does not see anything else you do.",
    '',
    'Memory editing:',
    'Your core memory unit is held inside the initial system instructions file, and is always available in-context. Use core_memory_append and core_memory_replace to keep the most important facts there. Archival memory is infinite; use archival_memory_insert and archival_memory_search.',
    '',
    `### Memory [last modified: ${kst(o, r)}]`,
    '0 previous messages between you and the user are stored in recall memory (use functions to access them)',
    '0 total memories you created are stored in archival memory (use functions to access them)',
    '',
    'Core memory shown below (limited in size, additional information stored in archival / recall memory):',
    '<persona characters="214/5000">',
    'I am a careful Salesforce developer assistant. I answer in the language the user writes in (Korean). I never deploy to production. I run Apex tests before every deploy.',
    '</persona>',
    '<human characters="121/5000">',
    `Salesforce admin at a Korean retail company. Default org alias: ${o.alias} (${o.user}).`,
    '</human>',
  ].join('\n');
}

function ask(r: Rng): string {
  const c = r.pick(CLASSES);
  return r.pick([
    `${c} 테스트 커버리지가 지금 몇 %인지 알려 주세요`,
    '샌드박스에 마지막으로 배포한 게 언제였죠?',
    `${r.pick(OBJECTS)}에 걸려 있는 트리거 목록 좀 보여 주세요`,
    '어제 실패한 배치 작업 있나요?',
    `${c} 클래스가 무슨 일을 하는지 간단히 설명해 주세요`,
    '지금 조직의 API 버전이 뭐예요?',
    '디버그 로그에 에러 있는지 확인해 줄래요?',
  ]);
}

function noiseStep(r: Rng, o: Org): Step {
  const c = r.pick(CLASSES);
  const big = r.chance(0.035);
  const one = (a: Act, s?: string): Step => ({ ...(s ? { say: s } : {}), acts: [a] });
  switch (r.int(0, 8)) {
    case 0:
      return one({
        kind: 'read',
        target: `force-app/main/default/classes/${c}.cls`,
        output: apexClass(r, c, big ? 900 : r.int(20, 120)),
      });
    case 1:
      return one({
        kind: 'shell',
        target: `sf apex run test --class-names ${c}Test --result-format human --wait 10 --target-org ${o.alias}`,
        output: testRun(r, [c]),
      });
    case 2:
      return one({
        kind: 'shell',
        target: `sf apex get log --number 1 --target-org ${o.alias}`,
        output: debugLog(r, big ? r.int(21000, 42000) : r.int(1500, 5000)),
      });
    case 3: {
      const obj = r.pick(OBJECTS);
      return one({
        kind: 'shell',
        target: `sf data query --query "SELECT Id, Name, LastModifiedDate FROM ${obj} ORDER BY LastModifiedDate DESC LIMIT 10" --target-org ${o.alias}`,
        output: [
          ...columns([
            ['ID', 'NAME', 'LASTMODIFIEDDATE'],
            ...Array.from({ length: 10 }, () => [
              `${obj === 'Account' ? '001' : 'a0X'}${chars(r, 15, 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789')}`,
              r.pick(['(주)한빛유통', '서울상사', '다온마켓', '미래리테일', '청솔물산']),
              '2025-03-0' + r.int(1, 9) + 'T0' + r.int(0, 9) + ':12:00.000+0000',
            ]),
          ]),
          `Total number of records retrieved: 10.`,
          'Querying Data... done',
        ].join('\n'),
      });
    }
    case 4:
      return one({
        kind: 'list',
        target: 'force-app/main/default/classes',
        output: CLASSES.flatMap((x) => [`${x}.cls`, `${x}.cls-meta.xml`, `${x}Test.cls`, `${x}Test.cls-meta.xml`]).join(
          '\n',
        ),
      });
    case 5: {
      const g = grepFrom(r, BODY, r.int(2, 16));
      return one({
        kind: 'search',
        target: g.pattern,
        output: g.hits
          .map((h) => `force-app/main/default/classes/${r.pick(CLASSES)}.cls:${r.int(5, 300)}:        ${h}`)
          .join('\n'),
      });
    }
    case 6:
      return one({
        kind: 'extra',
        target: 'recall',
        tool: 'conversation_search',
        args: { query: r.pick(['배포', 'deploy', '테스트', 'sandbox']), page: 0 },
        output: `Showing ${r.int(1, 5)} of ${r.int(5, 40)} results (page 0/${r.int(1, 8)}): [${JSON.stringify(`${kst(o, r)}: 샌드박스 배포 확인 부탁드려요`)}]`,
      });
    case 7:
      return one({
        kind: 'shell',
        target: `sf project deploy preview --source-dir force-app --target-org ${o.alias}`,
        output: [
          'No conflicts found.',
          '',
          'Will Deploy [' + r.int(2, 9) + '] files.',
          ...columns([
            ['Type', 'Fullname', 'Path'],
            ...r.sample(CLASSES, 4).map((x) => ['ApexClass', x, `force-app/main/default/classes/${x}.cls`]),
          ]),
        ].join('\n'),
      });
    default:
      return one({
        kind: 'shell',
        target: `sf org display --target-org ${o.alias}`,
        output: columns([
          ['KEY', 'VALUE'],
          ['Alias', o.alias],
          ['Api Version', '61.0'],
          ['Client Id', 'PlatformCLI'],
          ['Connected Status', 'Connected'],
          ['Instance Url', `https://${o.alias}.sandbox.my.salesforce.com`],
          ['Username', o.user],
        ]).join('\n'),
      });
  }
}

/** The fact planters of the Salesforce/Letta session. */
function apexPlanters(r: Rng, o: Org, mint: Mint): Planter[] {
  const one = (a: Act, s?: string): Beat => stepBeat({ ...(s ? { say: s } : {}), acts: [a] });
  const sf = (cmd: string, output: string, s?: string, fail = false): Beat =>
    one({ kind: 'shell', target: cmd, output, ...(fail ? { status: 'error' as const, exitCode: 1 } : {}) }, s);
  const cls = (name: string) => `force-app/main/default/classes/${name}.cls`;
  const memo = (label: string, content: string, s: string): Beat =>
    one({ kind: 'extra', target: label, tool: 'core_memory_append', args: { label, content }, output: 'None' }, s);
  return [
    {
      kind: 'goal',
      how: 'user-request',
      at: 'open',
      plant() {
        const k = mint.name();
        const needle = `할인율이 15%를 넘는 ${k} 견적은 영업팀장 승인으로 보내도록`;
        return {
          needle,
          key: k,
          text: say(
            r,
            `안녕하세요! ${needle} QuoteTriggerHandler를 수정해 주실 수 있나요? 지금은 전부 자동 승인돼요.`,
            `안녕하세요. ${needle} 바꿔야 해요. 다음 주 월요일 UAT 데모 전에 끝나면 좋겠어요.`,
          ),
          beats: [
            memo(
              'human',
              `Current task: quotes for ${k} with discount > 15% must go to the sales team lead for approval.`,
              `New task from the user about ${k} quotes. Saving it to core memory before I start.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'goal',
      how: 'user-request',
      at: 'open',
      plant() {
        const k = mint.name();
        const needle = `${k} 배치가 밤마다 UNABLE_TO_LOCK_ROW로 실패하는 문제`;
        return {
          needle,
          key: k,
          text: `${needle}를 해결해 주세요. 아침마다 수동으로 다시 돌리고 있어요 😢`,
          beats: [
            sf(
              `sf apex list log --target-org ${o.alias}`,
              columns([
                ['Application', 'Duration (ms)', 'Id', 'Operation', 'Status'],
                [
                  'Batch Apex',
                  String(r.int(20000, 90000)),
                  `07L${chars(r, 15, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789')}`,
                  `${k}Batch`,
                  'First error: UNABLE_TO_LOCK_ROW',
                ],
              ]).join('\n'),
              `The user wants the nightly ${k} batch fixed. Looking at the recent logs.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'goal',
      how: 'user-request',
      at: 'turn',
      plant() {
        const k = mint.name();
        const needle = `${k} 리드 중복 제거 규칙`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `이번에는 ${needle}을 만들어 주세요. 이메일이랑 전화번호가 같으면 중복으로 봐야 해요.` },
            sf(
              `sf data query --query "SELECT DeveloperName FROM DuplicateRule WHERE SobjectType = 'Lead'" --target-org ${o.alias}`,
              `DEVELOPERNAME\nStandard_Lead_Duplicate_Rule\nTotal number of records retrieved: 1.`,
              `New request: a ${k} lead duplicate rule. Checking what duplicate rules exist.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'constraint',
      how: 'user-rule',
      at: 'open',
      plant() {
        const k = mint.name();
        const needle = `${k} 샌드박스에서만 작업`;
        return { needle, key: k, text: `프로덕션 조직에는 절대 직접 배포하지 마시고 ${needle}해 주세요.`, beats: [] };
      },
    },
    {
      kind: 'constraint',
      how: 'tool-contributing',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `All Apex classes touching ${k}__c need 90% coverage`;
        const doc = [
          '# Contributing',
          '',
          '## Branches',
          '- feature/* from develop, PR into develop, release/* to UAT.',
          '',
          '## Apex',
          '- One trigger per object, logic in handler classes.',
          `- ${needle}; the org-wide 75% is not enough for finance objects.`,
          '- No SOQL or DML inside loops.',
          '',
          '## Deploys',
          '- Validate with RunLocalTests before any quick deploy.',
        ].join('\n');
        return {
          needle,
          key: k,
          beats: [
            one(
              { kind: 'read', target: 'docs/CONTRIBUTING.md', output: doc },
              'Reading the project rules before writing new Apex.',
            ),
            memo(
              'persona',
              `Project rule: Apex touching ${k}__c needs 90% coverage.`,
              `Coverage rule for ${k}__c classes goes into core memory.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'constraint',
      how: 'user-aside',
      at: 'turn',
      plant() {
        const k = mint.name();
        const needle = `${k}__c 필드의 API 이름은 바꾸면 안 돼요`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `아, 그리고 ${needle}. 외부 ERP가 그 이름으로 읽어 가거든요.` },
            memo(
              'human',
              `Never rename the API name of ${k}__c (the ERP reads it).`,
              `Important rule about ${k}__c; storing it.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-memory',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `${k} 할인 재계산은 트리거 대신 Queueable Apex로 처리`;
        return {
          needle,
          key: k,
          beats: [
            sf(
              `sf apex run --file scripts/apex/limits.apex --target-org ${o.alias}`,
              `Compiled successfully.\nExecuted successfully.\n\n${r.int(40, 59)}:12:03.1 (1234)|USER_DEBUG|[3]|DEBUG|CPU time: ${r.int(9000, 9900)} / 10000`,
              `CPU time is almost at the limit during the ${k} recalculation.`,
            ),
            memo(
              'persona',
              `결정: ${needle} (CPU 한도 때문)`,
              `Decision made; recording it in core memory so I keep to it.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'user-choice',
      at: 'turn',
      plant() {
        const k = mint.name();
        const needle = `${k} 건은 Flow 말고 Apex로 갑시다`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `좋아요, ${needle}. Flow는 디버깅이 너무 힘들어요.` },
            sf(
              `sf data query --query "SELECT MasterLabel, Status FROM Flow WHERE MasterLabel LIKE '%${k}%'" --use-tooling-api --target-org ${o.alias}`,
              `MASTERLABEL        STATUS\n${k} Approval   Active\nTotal number of records retrieved: 1.`,
              `User chose Apex over Flow for ${k}. The existing flow will need to be deactivated later.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-thoughts',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `Platform Event for the ${k} sync instead of a @future callout`;
        return {
          needle,
          key: k,
          beats: [
            one(
              {
                kind: 'search',
                target: 'HttpRequest',
                output: `force-app/main/default/classes/${k}SyncService.cls:22:        HttpRequest req = new HttpRequest();`,
              },
              `Callouts are not allowed from the trigger context. Going with a ${needle}; the subscriber can call out safely.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'agent-write',
      at: 'step',
      plant() {
        const k = mint.name();
        const path = cls(`${k}DiscountQueueable`);
        return {
          needle: path,
          key: k,
          beats: [
            one(
              {
                kind: 'write',
                target: path,
                text: apexClass(r, `${k}DiscountQueueable implements Queueable`, 30),
                output: `Wrote ${r.int(900, 3000)} bytes to ${path}`,
              },
              `Creating ${path} for the recalculation.`,
            ),
            sf(`sf project deploy start --source-dir ${path} --target-org ${o.alias}`, deployOk(r, o, 2)),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'agent-edit',
      at: 'step',
      plant() {
        const k = mint.name();
        const path = `force-app/main/default/triggers/${k}Trigger.trigger`;
        return {
          needle: path,
          key: k,
          beats: [
            one({
              kind: 'read',
              target: path,
              output: `trigger ${k}Trigger on Quote (before insert, before update) {\n    new QuoteTriggerHandler().run();\n}`,
            }),
            one(
              {
                kind: 'edit',
                target: path,
                old: '(before insert, before update)',
                text: '(before insert, before update, after update)',
                output: `Wrote ${r.int(100, 300)} bytes to ${path}`,
              },
              `Adding the after update event to ${path}.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'user-pointer',
      at: 'turn',
      plant() {
        const k = mint.name();
        const path = `force-app/main/default/flows/${k}_Approval.flow-meta.xml`;
        return {
          needle: path,
          key: k,
          beats: [
            { t: 'user', text: `문제는 ${path} 같아요. 거기 조건 좀 봐 주세요.` },
            one({
              kind: 'read',
              target: path,
              output: `<?xml version="1.0" encoding="UTF-8"?>\n<Flow xmlns="http://soap.sforce.com/2006/04/metadata">\n    <label>${k} Approval</label>\n    <decisions>\n        <name>Over_Threshold</name>\n        <rules><conditions><leftValueReference>$Record.Discount__c</leftValueReference><operator>GreaterThan</operator><rightValue><numberValue>20.0</numberValue></rightValue></conditions></rules>\n    </decisions>\n    <status>Active</status>\n</Flow>`,
            }),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-deploy',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `Variable does not exist: ${k}Rate`;
        const out = [
          `Deploying v61.0 metadata to ${o.user} using the v61.0 SOAP API.`,
          `Deploy ID: 0Af${chars(r, 15, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789')}`,
          `Status: Failed | ████████████████████████████████████████ | ${r.int(20, 60)}/${r.int(20, 60)} Components (Errors:1) | 0/0 Tests`,
          '',
          'Component Failures [1]',
          ...columns([
            ['Type', 'Name', 'Problem', 'Line:Column'],
            ['Error', 'ApexClass DiscountCalculator', needle, `${r.int(20, 200)}:${r.int(5, 40)}`],
          ]),
          '',
          'Dry-run complete.',
        ];
        return {
          needle,
          key: k,
          beats: [
            sf(
              `sf project deploy start --source-dir force-app --target-org ${o.alias} --dry-run`,
              out.join('\n'),
              undefined,
              true,
            ),
            one(
              {
                kind: 'search',
                target: `${k}Rate`,
                output: `force-app/main/default/classes/DiscountCalculator.cls:${r.int(20, 200)}:        return price * (1 - ${k}Rate);`,
              },
              `${k}Rate is used but was never declared — probably lost in the merge.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-apextest',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `${k}ServiceTest.testTieredDiscount`;
        return {
          needle,
          key: k,
          beats: [
            sf(
              `sf apex run test --test-level RunLocalTests --result-format human --wait 20 --target-org ${o.alias}`,
              testRun(r, r.sample(CLASSES, 4), {
                test: needle,
                message: 'System.AssertException: Assertion Failed: Expected: 90.00, Actual: 85.00',
              }),
              undefined,
              true,
            ),
            one(
              {
                kind: 'read',
                target: cls(`${k}ServiceTest`),
                output: `@IsTest\nprivate class ${k}ServiceTest {\n    @IsTest static void testTieredDiscount() {\n        Quote q = TestData.quote(1000);\n        ${k}Service.apply(q);\n        Assert.areEqual(90.00, q.Discount__c);\n    }\n}`,
              },
              `One failure in ${k}ServiceTest; reading the test.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-dml',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `FIELD_CUSTOM_VALIDATION_EXCEPTION, ${k} 할인율은 30%를 넘을 수 없습니다`;
        return {
          needle,
          key: k,
          beats: [
            sf(
              `sf apex run --file scripts/apex/seed-quotes.apex --target-org ${o.alias}`,
              `Compiled successfully.\nExecuted successfully.\n\n${debugLog(r, 1200)}\n12:04:55.0 (812345)|EXCEPTION_THROWN|[14]|System.DmlException: Insert failed. First exception on row 3; first error: ${needle}: [Discount__c]\n12:04:55.0 (812999)|FATAL_ERROR|System.DmlException: Insert failed. First exception on row 3; first error: ${needle}: [Discount__c]`,
              undefined,
              true,
            ),
            one(
              {
                kind: 'extra',
                target: 'rules',
                tool: 'archival_memory_search',
                args: { query: `${k} validation rule`, page: 0 },
                output: `Showing 1 of 1 results (page 0/0): ["${k}: validation rule blocks discounts over 30%"]`,
              },
              `The seed data violates the ${k} discount validation rule; row 3 uses 35%.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'user-value',
      at: 'open',
      plant() {
        const k = mint.word();
        const needle = `qa.${k}@hanbit.co.kr`;
        return {
          needle,
          key: k,
          text: `테스트는 ${needle} 사용자로 해 주세요. 영업팀장 프로필이 붙어 있어요.`,
          beats: [],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-query',
      at: 'step',
      plant() {
        const c = mint.code(8);
        const needle = `0015g00000${c}`;
        const rows = [
          [`0015g00000${chars(r, 8, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')}`, '서울상사', 'Retail'],
          [needle, '(주)한빛유통 본사', 'Wholesale'],
          [`0015g00000${chars(r, 8, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')}`, '다온마켓', 'Retail'],
        ];
        return {
          needle,
          key: c,
          beats: [
            sf(
              `sf data query --query "SELECT Id, Name, Industry FROM Account WHERE Name LIKE '%한빛%' OR Industry = 'Retail' LIMIT 3" --target-org ${o.alias}`,
              [...columns([['ID', 'NAME', 'INDUSTRY'], ...rows]), 'Total number of records retrieved: 3.'].join('\n'),
              'I need the head-office account of 한빛유통 for the test quotes.',
            ),
            one({
              kind: 'extra',
              target: 'note',
              tool: 'archival_memory_insert',
              args: { content: `Test account (한빛유통 본사): ${needle}` },
              output: 'None',
            }),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-deployid',
      at: 'step',
      plant() {
        const c = mint.code(10);
        const id = `0Af5g00000${c}`;
        return {
          needle: id,
          key: c,
          beats: [
            sf(
              `sf project deploy validate --source-dir force-app --test-level RunLocalTests --target-org ${o.alias}`,
              [
                `Validating Deployment of v61.0 metadata to ${o.user} using the v61.0 SOAP API.`,
                `Deploy ID: ${id}`,
                `Status: Succeeded | ████████████████████████████████████████ | 41/41 Components | ${r.int(80, 200)}/${r.int(80, 200)} Tests`,
                '',
                `Successfully validated the deployment (${id}).`,
                'Run "sf project deploy quick --job-id ' + id + '" to deploy the validated components.',
              ].join('\n'),
            ),
            one(
              {
                kind: 'extra',
                target: 'note',
                tool: 'archival_memory_insert',
                args: { content: `Validated deploy for quick deploy: ${id} (valid 10 days)` },
                output: 'None',
              },
              'Saving the validated deploy id; quick deploy needs it.',
            ),
          ],
        };
      },
    },
    {
      kind: 'pending',
      how: 'agent-final',
      at: 'end',
      ending: 'answer',
      plant() {
        const k = mint.name();
        const needle = `${k} 권한 집합을 UAT 사용자에게 할당`;
        return {
          needle,
          key: k,
          beats: [
            sf(
              `sf apex run test --class-names QuoteTriggerHandlerTest --result-format human --wait 10 --target-org ${o.alias}`,
              testRun(r, ['QuoteTriggerHandler']),
            ),
            {
              t: 'answer',
              text: `테스트 모두 통과했어요! 남은 작업은 ${needle}하는 것입니다. 그 다음에 데모 시나리오를 같이 확인해요.`,
            },
          ],
        };
      },
    },
    {
      kind: 'pending',
      how: 'agent-thoughts',
      at: 'end',
      ending: 'step',
      plant() {
        const k = mint.name();
        const needle = `run ${k}ServiceTest again after the validation deploy`;
        return {
          needle,
          key: k,
          beats: [
            sf(
              `sf project deploy report --use-most-recent --target-org ${o.alias}`,
              `Status: InProgress | ███████████████████░░░░░░░░░░░░░░░░░░░░░ | 22/41 Components | 0/0 Tests`,
              `Validation still running. Next: ${needle}, then quick-deploy if it is green.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'pending',
      how: 'user-final',
      at: 'end',
      ending: 'answer',
      plant() {
        const k = mint.name();
        const needle = `${k} 배포 윈도우`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `고마워요. 다음 주에 ${needle}를 잡아야 하는데, 잊지 말고 나중에 알려 주세요.` },
            memo('human', `Reminder for next week: book the ${k} deploy window.`, 'Saving the reminder.'),
            { t: 'answer', text: `네, 기억해 둘게요. 다음 주에 ${needle} 잡는 것 꼭 알려 드릴게요.` },
          ],
        };
      },
    },
  ];
}

/** More planters of the Salesforce session: the design doc, other choices, files, failures and values. */
function apexMore(r: Rng, o: Org, mint: Mint): Planter[] {
  const one = (a: Act, s?: string): Beat => stepBeat({ ...(s ? { say: s } : {}), acts: [a] });
  const sf = (cmd: string, output: string, s?: string, fail = false): Beat =>
    one({ kind: 'shell', target: cmd, output, ...(fail ? { status: 'error' as const, exitCode: 1 } : {}) }, s);
  return [
    {
      kind: 'constraint',
      how: 'tool-design',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `${k} records must stay Private in the org-wide defaults`;
        const doc = [
          '# Sharing model (approved 2024-10)',
          '',
          '| Object | OWD | Notes |',
          '|---|---|---|',
          '| Account | Public Read Only | |',
          `| ${k}__c | Private | ${needle}; grant access with Apex managed sharing only. |`,
          '| Quote | Controlled by Parent | |',
        ];
        return {
          needle,
          key: k,
          beats: [
            one(
              { kind: 'read', target: 'docs/sharing-model.md', output: doc.join('\n') },
              'Checking the approved sharing model before giving the approvers access.',
            ),
            one({
              kind: 'extra',
              target: 'note',
              tool: 'archival_memory_insert',
              args: { content: `Sharing: ${k}__c is Private OWD; use Apex managed sharing (${k}__Share).` },
              output: 'None',
            }),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-memory',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `${k}_Setting__mdt for thresholds, not Custom Settings`;
        return {
          needle,
          key: k,
          beats: [
            sf(
              `sf data query --query "SELECT DeveloperName FROM CustomObject WHERE DeveloperName LIKE '${k}%'" --use-tooling-api --target-org ${o.alias}`,
              `DEVELOPERNAME\n${k}_Setting\nTotal number of records retrieved: 1.`,
            ),
            one(
              {
                kind: 'extra',
                target: 'note',
                tool: 'archival_memory_insert',
                args: {
                  content: `Decision: use Custom Metadata ${needle} (deployable with the package, no data load).`,
                },
                output: 'None',
              },
              `Thresholds must travel with deployments, so they go into custom metadata. Recording the decision.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'agent-write',
      at: 'step',
      plant() {
        const k = mint.word();
        const path = `force-app/main/default/lwc/${k}Approval/${k}Approval.js`;
        return {
          needle: path,
          key: k,
          beats: [
            one(
              {
                kind: 'write',
                target: path,
                text: `import { LightningElement, api, wire } from 'lwc';\nimport getPending from '@salesforce/apex/QuoteApprovalController.getPending';\n\nexport default class ${k.charAt(0).toUpperCase()}${k.slice(1)}Approval extends LightningElement {\n    @api recordId;\n    @wire(getPending, { quoteId: '$recordId' }) pending;\n}\n`,
                output: `Wrote ${r.int(300, 700)} bytes to ${path}`,
              },
              `Creating the approval panel component at ${path}.`,
            ),
            sf(
              `sf project deploy start --source-dir force-app/main/default/lwc/${k}Approval --target-org ${o.alias}`,
              deployOk(r, o, 3),
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-limit',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `Class.${k}Selector.byAccount: line 42, column 1`;
        const out = [
          `${debugLog(r, r.int(1500, 5000))}`,
          `12:31:07.0 (${r.int(10000000, 99999999)})|FATAL_ERROR|System.LimitException: Too many SOQL queries: 101`,
          '',
          `${needle}`,
          `Class.QuoteTriggerHandler.beforeUpdate: line ${r.int(20, 90)}, column 1`,
          `Trigger.QuoteTrigger: line 2, column 1`,
        ];
        return {
          needle,
          key: k,
          beats: [
            sf(
              `sf apex run --file scripts/apex/bulk-update-quotes.apex --target-org ${o.alias}`,
              out.join('\n'),
              undefined,
              true,
            ),
            one(
              {
                kind: 'read',
                target: `force-app/main/default/classes/${k}Selector.cls`,
                output: `public inherited sharing class ${k}Selector {\n    public static List<Quote> byAccount(Id accountId) {\n        return [SELECT Id, Discount__c FROM Quote WHERE AccountId = :accountId];\n    }\n}`,
              },
              `${k}Selector runs one query per quote inside the trigger loop; it needs a bulk variant.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-queue',
      at: 'step',
      plant() {
        const c = mint.code(8);
        const needle = `00G5g00000${c}`;
        return {
          needle,
          key: c,
          beats: [
            sf(
              `sf data query --query "SELECT Id, DeveloperName FROM Group WHERE Type = 'Queue' AND DeveloperName LIKE 'Sales%'" --target-org ${o.alias}`,
              [
                ...columns([
                  ['ID', 'DEVELOPERNAME'],
                  [`00G5g00000${chars(r, 8, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')}`, 'Sales_Ops'],
                  [needle, 'Sales_Team_Leads'],
                ]),
                'Total number of records retrieved: 2.',
              ].join('\n'),
              'The approval process needs the id of the team-lead queue.',
            ),
          ],
        };
      },
    },
  ];
}
