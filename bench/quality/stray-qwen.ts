/**
 * Qwen-Agent's function-calling text protocol on a Haskell service (cabal, GHC, hspec, hlint): the
 * model writes `✿FUNCTION✿: name` and `✿ARGS✿: {json}` in its reply, the results come back as
 * `✿RESULT✿: …`, a final answer starts with `✿RETURN✿:`. The user writes in Russian.
 */
import type { Rng } from './rng';
import {
  buried,
  cap,
  fail,
  lines,
  many,
  ok,
  one,
  pad,
  sha,
  type Planter,
  type StrayHarness,
  type StrayStep,
} from './stray-kit';

const MODS = ['Types', 'Posting', 'Api', 'Db', 'Report', 'Import.Csv', 'Money', 'Fx', 'Auth', 'Config'];
const DEPS = [
  'aeson-2.1.2.1',
  'servant-server-0.20',
  'persistent-postgresql-2.13.6.1',
  'cassava-0.5.3.0',
  'text-2.0.2',
  'containers-0.6.7',
  'warp-3.3.31',
  'wai-extra-3.1.14',
  'optparse-applicative-0.18.1.0',
  'hspec-2.11.7',
  'QuickCheck-2.14.3',
  'scientific-0.3.7.0',
  'time-1.12.2',
  'unliftio-0.2.25.0',
  'monad-logger-0.3.40',
];

const modPath = (m: string) => `src/Ledger/${m.replace('.', '/')}.hs`;

function cabalBuild(rng: Rng, mods: string[]): string {
  const n = rng.int(30, 48);
  return [
    'Build profile: -w ghc-9.6.4 -O1',
    'In order, the following will be built (use -v for more details):',
    ` - ledgerd-0.4.2 (lib) (file ${modPath(mods[0] as string)} changed)`,
    ' - ledgerd-0.4.2 (exe:ledgerd) (dependency rebuilt)',
    'Preprocessing library for ledgerd-0.4.2..',
    'Building library for ledgerd-0.4.2..',
    ...mods.map(
      (m, i) =>
        `[${String(i + 3).padStart(2)} of ${n}] Compiling Ledger.${m.padEnd(12)} ( ${modPath(m)}, dist-newstyle/build/x86_64-linux/ghc-9.6.4/ledgerd-0.4.2/build/Ledger/${m.replace('.', '/')}.o, dist-newstyle/build/x86_64-linux/ghc-9.6.4/ledgerd-0.4.2/build/Ledger/${m.replace('.', '/')}.dyn_o )`,
    ),
    "Preprocessing executable 'ledgerd' for ledgerd-0.4.2..",
    "Building executable 'ledgerd' for ledgerd-0.4.2..",
    `[1 of 2] Compiling Main             ( app/Main.hs, dist-newstyle/build/x86_64-linux/ghc-9.6.4/ledgerd-0.4.2/x/ledgerd/build/ledgerd/ledgerd-tmp/Main.o )`,
    `[2 of 2] Linking dist-newstyle/build/x86_64-linux/ghc-9.6.4/ledgerd-0.4.2/x/ledgerd/build/ledgerd/ledgerd [Objects changed]`,
  ].join('\n');
}

function hspecOk(rng: Rng): string {
  const groups = rng.sample(
    ['balance', 'parsePosting', 'convert', 'importCsv', 'trialBalance', 'roundHalfEven', 'authMiddleware'],
    4,
  );
  const body = groups
    .map(
      (g) =>
        `  ${g}\n${lines(rng.int(2, 5), (i) => `    ${rng.pick(['handles', 'rejects', 'keeps', 'sums', 'round-trips'])} case ${i + 1} [✔]`)}`,
    )
    .join('\n');
  const total = rng.int(90, 160);
  return `Ledger.${rng.pick(MODS)}\n${body}\n\nFinished in ${rng.int(0, 3)}.${pad(rng.int(0, 9999), 4)} seconds\n${total} examples, 0 failures\nTest suite ledgerd-test: PASS\nTest suite logged to:\n/home/dev/ledgerd/dist-newstyle/build/x86_64-linux/ghc-9.6.4/ledgerd-0.4.2/t/ledgerd-test/test/ledgerd-0.4.2-ledgerd-test.log\n1 of 1 test suites (1 of 1 test cases) passed.`;
}

const SOURCE = `{-# LANGUAGE OverloadedStrings #-}
module Ledger.Posting
  ( Posting (..)
  , balance
  , postingsFor
  ) where

import qualified Data.Map.Strict as M
import Data.Text (Text)
import Ledger.Money (Amount (..), addAmounts, zeroIn)
import Ledger.Types

-- | Sum the postings of one transaction per commodity; a balanced
-- transaction sums to zero in every commodity.
balance :: [Posting] -> M.Map Commodity Amount
balance = foldr step M.empty
  where
    step p = M.insertWith addAmounts (commodity (amount p)) (amount p)

postingsFor :: AccountId -> [Transaction] -> [Posting]
postingsFor acct = filter ((== acct) . account) . concatMap txPostings`;

function noise(rng: Rng): StrayStep {
  const m = rng.sample(MODS, rng.int(3, 7));
  const say = rng.pick([
    undefined,
    'Посмотрю, что сейчас в модуле.',
    'Let me rebuild first.',
    'Проверю тесты.',
    'Сначала найду, где это используется.',
    undefined,
  ]);
  switch (rng.int(0, 8)) {
    case 0:
      return one(say, ok('shell', { command: 'cabal build all' }, cabalBuild(rng, m)));
    case 1:
      return one(say, ok('read_file', { path: 'src/Ledger/Posting.hs' }, SOURCE));
    case 2:
      return one(
        say,
        ok(
          'shell',
          {
            command: `grep -rn "${rng.pick(['addAmounts', 'zeroIn', 'AccountId', 'runDb', 'Commodity'])}" src app test`,
          },
          lines(
            rng.int(4, 14),
            () =>
              `${modPath(rng.pick(MODS))}:${rng.int(5, 240)}:  ${rng.pick(['import Ledger.Money (addAmounts)', '  M.insertWith addAmounts k v', 'runDb pool $ selectList [] []', 'newtype AccountId = AccountId Text', 'zeroIn c = Amount c 0'])}`,
          ),
        ),
      );
    case 3:
      return one(say, ok('shell', { command: 'cabal test --test-show-details=direct' }, hspecOk(rng)));
    case 4:
      return many(say, [
        ok(
          'shell',
          { command: 'git status --short' },
          lines(rng.int(1, 5), () => ` M ${modPath(rng.pick(MODS))}`),
        ),
        ok(
          'shell',
          { command: 'git log --oneline -n 8' },
          lines(
            8,
            () =>
              `${sha(rng)} ${rng.pick(['fix rounding in report', 'servant: add /healthz', 'bump aeson bound', 'csv import: skip BOM', 'refactor Db pool', 'hlint fixes'])}`,
          ),
        ),
      ]);
    case 5:
      return one(
        say,
        ok(
          'hoogle',
          {
            query: rng.pick([
              'Ord k => (a -> a -> a) -> k -> a -> Map k a -> Map k a',
              'Text -> Maybe Scientific',
              '[a] -> Maybe a',
            ]),
          },
          lines(
            rng.int(3, 8),
            (i) =>
              `${rng.pick(['Data.Map.Strict', 'Data.Map.Lazy', 'Data.Text.Read', 'Data.Maybe', 'Relude'])} ${rng.pick(['insertWith', 'insertWithKey', 'readMaybe', 'listToMaybe', 'viaNonEmpty'])} :: ${i % 2 ? 'Ord k => (a -> a -> a) -> k -> a -> Map k a -> Map k a' : '[a] -> Maybe a'}`,
          ) + '\n-- plus more results not shown, pass --count=20 to see more',
        ),
      );
    case 6:
      return one(
        say,
        ok(
          'shell',
          { command: 'hlint src' },
          `${modPath(m[0] as string)}:${rng.int(10, 90)}:${rng.int(3, 20)}-${rng.int(21, 60)}: Suggestion: Use <$>\nFound:\n  fmap toAmount (lookup k rates)\nPerhaps:\n  toAmount <$> lookup k rates\n\n${modPath(m[1] as string)}:${rng.int(10, 90)}:1-${rng.int(20, 40)}: Warning: Redundant bracket\nFound:\n  (addAmounts a) b\nPerhaps:\n  addAmounts a b\n\n2 hints`,
        ),
      );
    case 7:
      return one(
        say,
        ok(
          'shell',
          { command: 'cabal build lib:ledgerd 2>&1 | grep -A3 warning' },
          `${modPath(m[0] as string)}:${rng.int(3, 20)}:1: warning: [GHC-66111] [-Wunused-imports]\n    The import of ‘Data.Maybe’ is redundant\n      except perhaps to import instances from ‘Data.Maybe’\n    To import instances alone, use: import Data.Maybe()\n   |\n${rng.int(3, 20)} | import Data.Maybe (fromMaybe)\n   | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^`,
        ),
      );
    default:
      return one(
        say,
        ok('shell', { command: 'cabal run ledgerd -- --version' }, 'ledgerd 0.4.2 (git 3c1d2e0, ghc 9.6.4)'),
      );
  }
}

function big(rng: Rng): StrayStep {
  const out = lines(rng.int(480, 560), (i) => {
    const d = DEPS[i % DEPS.length] as string;
    return rng.pick([
      `Building     ${d} (lib)`,
      `Configuring  ${d} (lib)`,
      `Installing   ${d} (lib)`,
      `Completed    ${d} (lib)`,
      `[${String((i % 40) + 1).padStart(2)} of 40] Compiling ${rng.pick(['Data.Aeson.Types.Internal', 'Servant.Server.Internal', 'Database.Persist.Sql.Run', 'Data.Csv.Parser', 'Network.Wai.Handler.Warp.Run'])} ( src/${rng.pick(['Internal', 'Types', 'Run'])}.hs, dist/build/${rng.pick(['Internal', 'Types', 'Run'])}.o )`,
    ]);
  });
  return one(
    rng.pick([undefined, 'Полная пересборка после смены index-state, это надолго.']),
    ok(
      'shell',
      { command: 'cabal build all --only-dependencies -v1' },
      `Resolving dependencies...\nBuild profile: -w ghc-9.6.4 -O1\nIn order, the following will be built (use -v for more details):\n${lines(40, (i) => ` - ${DEPS[i % DEPS.length]} (lib) (requires build)`)}\n${out}`,
    ),
  );
}

const call = (s: StrayStep) =>
  s.calls.map((c) => `✿FUNCTION✿: ${c.tool}\n✿ARGS✿: ${JSON.stringify(c.args)}`).join('\n');

const ret = (t: string) => `✿RETURN✿: ${t}`;

const P = (user: boolean, plant: Planter['plant']): Planter => ({ user, plant });

export const STRAY_QWEN: StrayHarness = {
  style: 'qwen',
  protocol: 'text',
  system: `You are a helpful assistant.

# Tools

## You have access to the following tools:

### shell

shell: Run a shell command in the project directory (/home/dev/ledgerd) and return stdout and stderr. Parameters: [{"name": "command", "type": "string", "description": "the command line", "required": true}] Format the arguments as a JSON object.

### read_file

read_file: Read a file of the repository. Parameters: [{"name": "path", "type": "string", "required": true}] Format the arguments as a JSON object.

### edit_file

edit_file: Replace a block of a file. Parameters: [{"name": "path", "type": "string", "required": true}, {"name": "old", "type": "string", "required": true}, {"name": "new", "type": "string", "required": true}] Format the arguments as a JSON object.

### hoogle

hoogle: Search Hoogle by name or type signature. Parameters: [{"name": "query", "type": "string", "required": true}] Format the arguments as a JSON object.

### todo

todo: Keep the task list. Parameters: [{"name": "items", "type": "string", "required": true}] Format the arguments as a JSON object.

## When you need to call a tool, please insert the following command in your reply, which can be called zero or multiple times according to your needs:

✿FUNCTION✿: The tool to use, should be one of [shell,read_file,edit_file,hoogle,todo]
✿ARGS✿: The input of the tool
✿RESULT✿: Tool results
✿RETURN✿: Reply based on tool results. Images need to be rendered as ![](url)`,
  tools: ['shell', 'read_file', 'edit_file', 'hoogle', 'todo'],
  callId: () => '',
  renderStep: (s) => (s.say ? `${s.say}\n${call(s)}` : call(s)),
  renderResults: (s) => s.calls.map((c) => `✿RESULT✿: ${c.output}`).join('\n'),
  resultPrefix: '✿RESULT✿:',
  callMark: /^✿FUNCTION✿: /gm,
  resultMark: /^✿RESULT✿: /gm,
  noise,
  big,
  followUp: (rng) =>
    rng.pick([
      'Ок, а тесты все зелёные?',
      'Покажи, что изменилось в git.',
      'Хорошо. Что дальше?',
      'А hlint что говорит?',
      'Пересобери, пожалуйста, с нуля и проверь.',
      'Понял. Можешь заодно глянуть на предупреждения компилятора?',
      'Спасибо. Продолжай.',
    ]),
  keepGoing: (rng) => rng.pick(['Продолжай.', 'Давай дальше, я посмотрю потом.', 'continue']),
  answer: (rng) =>
    ret(
      rng.pick([
        'Сборка проходит, тесты зелёные. Жду следующих указаний.',
        'Готово: `cabal build all` и `cabal test` проходят без ошибок.',
        'Посмотрел — предупреждения только про неиспользуемые импорты, на поведение не влияют.',
        'Изменения в рабочем дереве, коммит не делал. Что дальше?',
      ]),
    ),
  probe: (rng) => rng.pick(['Кратко: на чём мы остановились и что осталось?', 'Подведи итог: что сделано, что нет?']),
  planters: {
    goal: [
      P(true, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `POST /v1/${k}/convert`;
        return {
          needle,
          how: 'user-ask',
          beats: [
            {
              user: `Привет! Нужно добавить в ledgerd эндпоинт \`${needle}\`: он принимает сумму и код валюты и возвращает сумму в базовой валюте по курсу на дату проводки. Курсы уже лежат в таблице fx_rates. ${rng.pick(['Тесты обязательны.', 'Сделай аккуратно, без спешки.', ''])}`,
            },
            {
              step: one(
                'Начну с того, как устроен Api.',
                ok(
                  'shell',
                  { command: 'grep -n "v1" src/Ledger/Api.hs' },
                  `23:type LedgerApi = "v1" :> "accounts" :> Get '[JSON] [Account]\n24:           :<|> "v1" :> "postings" :> ReqBody '[JSON] NewPosting :> Post '[JSON] PostingId`,
                ),
              ),
            },
            {
              step: one(
                `Добавлю тип маршрута для ${needle}.`,
                ok(
                  'edit_file',
                  {
                    path: 'src/Ledger/Api.hs',
                    old: '           :<|> "v1" :> "postings"',
                    new: `           :<|> "v1" :> "${k}" :> "convert" :> ReqBody '[JSON] ConvertReq :> Post '[JSON] Amount\n           :<|> "v1" :> "postings"`,
                  },
                  'OK: 1 replacement in src/Ledger/Api.hs',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const n = mint('num');
        const needle = `LEDG-${n}`;
        return {
          needle,
          how: 'user-ticket',
          beats: [
            {
              user: `Вот задача из трекера, скопировал как есть:\n\n> **${needle}: Отчёт trial balance расходится на копейки**\n> При экспорте trial balance за квартал суммы по счетам 60.01 и 62.01 отличаются от 1С на 0.01–0.03. Подозреваем округление в Ledger.Report (сейчас Double).\n> Критерий готовности: расхождений нет на выгрузке за Q1, есть регрессионный тест.\n\nРазберись, пожалуйста.`,
            },
            {
              step: one(
                `Смотрю отчёт по ${needle}.`,
                ok(
                  'read_file',
                  { path: 'src/Ledger/Report.hs' },
                  'trialBalance :: [Posting] -> [(AccountId, Double)]\ntrialBalance ps = [ (a, sum (map (toDouble . amount) xs)) | (a, xs) <- groupByAccount ps ]',
                ),
              ),
            },
          ],
        };
      }),
    ],
    constraint: [
      P(true, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `Ledger.Legacy.${cap(k)}`;
        return {
          needle,
          how: 'user-rule',
          beats: [
            {
              user: rng.pick([
                `Только не трогай \`${needle}\` — его дёргает старый биллинг, сигнатуры должны остаться как есть.`,
                `Важно: модуль ${needle} не меняем вообще, даже форматирование. Это чужой код.`,
              ]),
            },
            {
              step: one(
                `Понял, ${needle} не трогаю. Проверю, кто его импортирует.`,
                ok('shell', { command: `grep -rln "import ${needle}" src app` }, 'src/Ledger/Api.hs\napp/Main.hs'),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `${k}Round`;
        return {
          needle,
          how: 'tool-rules',
          beats: [
            {
              step: one(
                'Прочитаю правила репозитория.',
                ok(
                  'read_file',
                  { path: 'CONVENTIONS.md' },
                  `# Conventions\n\n- Format with fourmolu (config in fourmolu.yaml), 2-space indent.\n- No partial functions from Prelude (head, tail, fromJust, read).\n- All money arithmetic goes through \`Ledger.Money.${needle}\`; never call \`round\`/\`truncate\` on amounts directly.\n- New endpoints need a golden test under test/golden.\n- Keep the export lists explicit.`,
                ),
              ),
            },
            {
              step: one(
                `Округление — только через ${needle}. Ищу прямые вызовы round.`,
                ok(
                  'shell',
                  { command: 'grep -rn "round\\|truncate" src/Ledger' },
                  'src/Ledger/Report.hs:41:    , round (x * 100) `div` 100',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const n = mint('num');
        const needle = `release-${n}`;
        return {
          needle,
          how: 'user-freeze',
          beats: [
            { user: `И ещё: до пятницы в ветку \`${needle}\` ничего не мерджим, там фриз. Работай в своей ветке.` },
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  { command: 'git switch -c fx-convert && git branch --show-current' },
                  "Switched to a new branch 'fx-convert'\nfx-convert",
                ),
              ),
            },
          ],
        };
      }),
    ],
    decision: [
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `newtype ${cap(k)}Cents`;
        return {
          needle,
          how: 'agent-design',
          beats: [
            {
              step: one(
                `Double здесь не годится: ошибки накапливаются при суммировании. Решение: храним суммы как целые копейки — \`${needle} = ${cap(k)}Cents Integer\` — и конвертируем только на границе JSON.`,
                ok(
                  'edit_file',
                  {
                    path: 'src/Ledger/Money.hs',
                    old: 'data Amount = Amount Commodity Double',
                    new: `${needle} = ${cap(k)}Cents Integer\n  deriving (Eq, Ord, Show, Num)\n\ndata Amount = Amount Commodity ${cap(k)}Cents`,
                  },
                  'OK: 1 replacement in src/Ledger/Money.hs',
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  { command: 'cabal build lib:ledgerd' },
                  'Building library for ledgerd-0.4.2..\n[ 7 of 41] Compiling Ledger.Money ( src/Ledger/Money.hs, ... )',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `${k}_postings`;
        return {
          needle,
          how: 'user-choice',
          beats: [
            {
              user: `Обсудили с командой: вариант Б. Делаем отдельную таблицу \`${needle}\` вместо колонки в postings, миграцию пиши через persistent.`,
            },
            {
              step: one(
                `Хорошо, таблица ${needle}. Смотрю текущие миграции.`,
                ok(
                  'shell',
                  { command: 'ls migrations' },
                  '0001_init.sql\n0002_accounts.sql\n0003_postings.sql\n0004_fx_rates.sql',
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `${cap(k)}Importer`;
        return {
          needle,
          how: 'agent-todo',
          beats: [
            {
              step: one(
                'Обновлю список задач.',
                ok(
                  'todo',
                  {
                    items: `[x] read Import.Csv\n[x] decide: ${needle} switches to cassava streaming (Data.Csv.Streaming) instead of decoding the whole file\n[ ] port tests`,
                  },
                  'todo list updated (3 items)',
                ),
              ),
            },
          ],
        };
      }),
    ],
    file: [
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `src/Ledger/${cap(k)}.hs`;
        return {
          needle,
          how: 'agent-edit',
          beats: [
            {
              step: one(
                'Вынесу конвертацию в отдельный модуль.',
                ok(
                  'edit_file',
                  {
                    path: needle,
                    old: '',
                    new: `module Ledger.${cap(k)} (convertAt) where\n\nimport Ledger.Money\n\nconvertAt :: Day -> Rates -> Amount -> Either FxError Amount\nconvertAt = undefined`,
                  },
                  `OK: created ${needle}`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  {
                    command: `sed -i 's/    Ledger.Money/    Ledger.Money\\n    Ledger.${cap(k)}/' ledgerd.cabal && cabal build lib:ledgerd`,
                  },
                  `[12 of 42] Compiling Ledger.${cap(k)} ( ${needle}, dist-newstyle/... )`,
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `test/Ledger/${cap(k)}Spec.hs`;
        return {
          needle,
          how: 'user-path',
          beats: [
            { user: `Тест положи в ${needle}, у нас hspec-discover его сам подхватит.` },
            {
              step: one(
                undefined,
                ok(
                  'edit_file',
                  {
                    path: needle,
                    old: '',
                    new: `module Ledger.${cap(k)}Spec (spec) where\n\nimport Test.Hspec\n\nspec :: Spec\nspec = describe "convert" $ it "is identity for the base currency" $ pending`,
                  },
                  `OK: created ${needle}`,
                ),
              ),
            },
          ],
        };
      }),
    ],
    error: [
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `Variable not in scope: normalize${cap(k)}`;
        const out = `Building library for ledgerd-0.4.2..\n[14 of 41] Compiling Ledger.Fx        ( src/Ledger/Fx.hs, dist-newstyle/build/x86_64-linux/ghc-9.6.4/ledgerd-0.4.2/build/Ledger/Fx.o )\n\nsrc/Ledger/Fx.hs:${rng.int(40, 120)}:${rng.int(5, 30)}: error: [GHC-88464]\n    ${needle} :: Rates -> Rates\n    Suggested fix:\n      Perhaps use ‘normalizeRates’ (line 31)\n   |\n77 |   let rs = normalize${cap(k)} raw\n   |            ^^^^^^^^^^^^^^^^^\nError: cabal: Failed to build ledgerd-0.4.2 (which is required by exe:ledgerd from ledgerd-0.4.2).\n`;
        return {
          needle,
          how: 'tool-ghc',
          beats: [
            { step: one(undefined, fail('shell', { command: 'cabal build all' }, out)) },
            {
              step: one(
                `GHC: \`${needle}\` — я переименовал функцию, но не поправил вызов.`,
                ok(
                  'edit_file',
                  { path: 'src/Ledger/Fx.hs', old: `normalize${cap(k)} raw`, new: 'normalizeRates raw' },
                  'OK: 1 replacement in src/Ledger/Fx.hs',
                ),
              ),
            },
            { step: one(undefined, ok('shell', { command: 'cabal build all' }, 'Up to date')) },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const c = mint('code');
        const needle = `user error (unknown commodity: ${c})`;
        const out = buried(
          rng,
          rng.int(20, 60),
          (i) => `[${clockish(i)}] [Info] import row ${i + 2}: ok`,
          `ledgerd: ${needle}`,
          'CallStack (from HasCallStack):\n  throwIO, called at src/Ledger/Import/Csv.hs:88:9 in ledgerd-0.4.2-inplace:Ledger.Import.Csv',
        );
        return {
          needle,
          how: 'tool-runtime',
          beats: [
            {
              step: one(
                'Прогоню импорт на выгрузке за Q1.',
                fail('shell', { command: 'cabal run ledgerd -- import data/q1.csv' }, out),
              ),
            },
            {
              step: one(
                `Импорт падает: \`${needle}\`. Видимо, в справочнике commodities нет этого кода.`,
                ok('shell', { command: `grep -c "${c}" data/q1.csv` }, String(rng.int(2, 40))),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `Could not find module ‘Ledger.${cap(k)}’`;
        return {
          needle,
          how: 'tool-cabal',
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'shell',
                  { command: 'cabal test' },
                  `Preprocessing test suite 'ledgerd-test' for ledgerd-0.4.2..\nBuilding test suite 'ledgerd-test' for ledgerd-0.4.2..\n\ntest/Ledger/ReportSpec.hs:${rng.int(3, 12)}:1: error: [GHC-87110]\n    ${needle}.\n    It is a member of the hidden package ‘ledgerd-0.4.2’.\n    Perhaps you need to add ‘ledgerd’ to the build-depends in your .cabal file.\n    Use -v to see a list of the files searched for.\n  |\n7 | import Ledger.${cap(k)}\n  | ^^^^^^^^^^^^^^^^^^^^^^^^\nError: cabal: Failed to build test:ledgerd-test from ledgerd-0.4.2.`,
                ),
              ),
            },
            {
              step: one(
                'Модуль не попал в exposed-modules. Добавлю.',
                ok(
                  'edit_file',
                  { path: 'ledgerd.cabal', old: '    Ledger.Money', new: `    Ledger.Money\n    Ledger.${cap(k)}` },
                  'OK: 1 replacement in ledgerd.cabal',
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `rejects ${k} postings`;
        const out = `Ledger.Posting\n  balance\n    sums postings in the same commodity [✔]\n    ${needle} [✘]\n  postingsFor\n    filters by account [✔]\n\nFailures:\n\n  test/Ledger/PostingSpec.hs:${rng.int(20, 80)}:7: \n  1) Ledger.Posting.balance ${needle}\n       expected: Left (MixedCommodities "EUR" "USD")\n        but got: Right (fromList [])\n\n  To rerun use: --match "/Ledger.Posting/balance/${needle}/" --seed ${rng.int(1000, 99999)}\n\nRandomized with seed ${rng.int(1000, 99999)}\n\nFinished in 0.0${rng.int(100, 999)} seconds\n${rng.int(80, 150)} examples, 1 failure\nTest suite ledgerd-test: FAIL`;
        return {
          needle,
          how: 'tool-hspec',
          beats: [
            { step: one(undefined, fail('shell', { command: 'cabal test --test-show-details=direct' }, out)) },
            {
              step: one(
                `Падает «${needle}»: balance не проверяет смешанные валюты.`,
                ok(
                  'read_file',
                  { path: 'test/Ledger/PostingSpec.hs' },
                  `  it "${needle}" $\n    balance [p 10 "EUR", p (-10) "USD"] \`shouldBe\` Left (MixedCommodities "EUR" "USD")`,
                ),
              ),
            },
          ],
        };
      }),
    ],
    pending: [
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `bench/${cap(k)}Bench.hs`;
        return {
          needle,
          how: 'agent-todo',
          beats: [
            {
              step: one(
                `Осталось: написать бенчмарк ${needle} и сравнить с Double-версией — этим займусь следующим.`,
                ok(
                  'todo',
                  { items: `[x] convert endpoint\n[x] tests\n[ ] criterion benchmark in ${needle}` },
                  'todo list updated (3 items)',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const n = mint('num');
        const needle = `migrations/${n}_fx_snapshot.sql`;
        return {
          needle,
          how: 'user-next',
          beats: [
            {
              user: `Отлично. Следующее — миграция ${needle}, но её накатим на staging уже завтра, сегодня не запускай.`,
            },
            {
              step: one(
                'Хорошо, создам файл миграции, но применять не буду.',
                ok(
                  'shell',
                  { command: `touch ${needle} && ls migrations | tail -n 2` },
                  `0004_fx_rates.sql\n${needle.slice('migrations/'.length)}`,
                ),
              ),
            },
          ],
        };
      }),
    ],
    value: [
      P(false, ({ mint, rng }) => {
        const n = mint('num');
        const needle = `acct-${n}`;
        return {
          needle,
          how: 'tool-created',
          beats: [
            {
              step: one(
                'Заведу тестовый счёт в локальной базе.',
                ok(
                  'shell',
                  { command: 'cabal run ledgerd -- accounts create --name "FX clearing" --commodity EUR' },
                  `[Info] connected to postgresql://localhost:5432/ledgerd_dev\ncreated account ${needle} (EUR, FX clearing)`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  {
                    command: `curl -s -X POST localhost:8080/v1/postings -d '{"account":"${needle}","amount":"${rng.int(10, 999)}.00","commodity":"EUR"}'`,
                  },
                  `{"postingId":"p-${rng.int(1000, 9999)}"}`,
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const h = mint('hex');
        return {
          needle: h,
          how: 'user-commit',
          beats: [
            { user: `Прод сейчас на коммите ${h}, сравнивай поведение с ним.` },
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  { command: `git log -1 --format='%h %s' ${h}` },
                  `${h.slice(0, 7)} report: group by account before summing`,
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint }) => {
        const h = mint('hex');
        const needle = `X-Request-Id: ${h}`;
        return {
          needle,
          how: 'tool-header',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  { command: 'curl -si localhost:8080/v1/accounts | head -n 6' },
                  `HTTP/1.1 200 OK\nTransfer-Encoding: chunked\nDate: Tue, 14 May 2024 09:12:44 GMT\nServer: Warp/3.3.31\nContent-Type: application/json;charset=utf-8\n${needle}`,
                ),
              ),
            },
            {
              step: one(
                `Ищу в логе запрос ${h}.`,
                ok(
                  'shell',
                  { command: `grep ${h} logs/ledgerd.log` },
                  `[09:12:44] [Info] req=${h} GET /v1/accounts 200 3ms`,
                ),
              ),
            },
          ],
        };
      }),
    ],
  },
};

function clockish(i: number): string {
  return `10:${pad(Math.floor(i / 60) % 60)}:${pad(i % 60)}`;
}
