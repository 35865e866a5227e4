/**
 * The granite harness of the edge family (edge.ts): an IBM-Granite-3-like model writing
 * `<|tool_call|>[{"name": …, "arguments": {…}}, …]` lists (one entry a line, several at once), the
 * harness answering in a user message with one `<|start_of_role|>tool_response<|end_of_role|>`
 * block per call. A Symfony 7 application (Composer, PHPUnit, PHPStan, Doctrine migrations,
 * PHP-CS-Fixer), for a Brazilian-Portuguese-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  aligned,
  buried,
  cap,
  fail,
  hit,
  lines,
  many,
  ok,
  one,
  pad,
  phrase,
  secs,
  type EdgeCall,
  type EdgeHarness,
  type EdgeStep,
  type Planter,
} from './edge-kit';

const ROOT = '/home/lucas/projetos/reservas';
const CLASSES = [
  'src/Controller/AgendaController.php',
  'src/Service/AgendaService.php',
  'src/Entity/Consulta.php',
  'src/Repository/ConsultaRepository.php',
  'src/Security/ClinicaVoter.php',
];

function cmd(command: string, output: string, exitCode = 0): EdgeCall {
  return exitCode === 0
    ? ok('run_command', { command }, output, 0)
    : fail('run_command', { command }, output, exitCode);
}

function phpunit(rng: Rng, failure = ''): string {
  const n = rng.int(40, 140);
  const dots: string[] = Array.from({ length: n }, () => (rng.chance(0.04) ? 'S' : '.'));
  if (failure) dots[rng.int(0, n - 1)] = 'F';
  const rows: string[] = [];
  for (let i = 0; i < n; i += 63)
    rows.push(
      `${dots
        .slice(i, i + 63)
        .join('')
        .padEnd(
          63,
        )} ${String(Math.min(i + 63, n)).padStart(3)} / ${n} (${pad(Math.round((Math.min(i + 63, n) * 100) / n), 3)}%)`,
    );
  const head = `PHPUnit 11.5.${rng.int(1, 9)} by Sebastian Bergmann and contributors.\n\nRuntime:       PHP 8.3.${rng.int(2, 12)}\nConfiguration: ${ROOT}/phpunit.xml.dist\n\n${rows.join('\n')}\n\nTime: 00:${pad(rng.int(1, 20))}.${rng.int(100, 999)}, Memory: ${rng.int(30, 90)}.00 MB\n\n`;
  return failure
    ? `${head}There was 1 failure:\n\n${failure}\n\nFAILURES!\nTests: ${n}, Assertions: ${n * 3}, Failures: 1.`
    : `${head}OK (${n} tests, ${n * 3} assertions)`;
}

function phpstan(rng: Rng, rows = ''): string {
  const n = rng.int(40, 120);
  return ` ${n}/${n} [▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓] 100%\n\n${rows ? `${rows}\n\n [ERROR] Found 1 error` : ' [OK] No errors'}`;
}

function php(rng: Rng, n: number): string {
  return lines(n, (i) =>
    rng.pick([
      `    public function horarios${i}(\\DateTimeImmutable $dia, Clinica $clinica): array`,
      `    {`,
      `        return $this->repo->findLivres($clinica, $dia);`,
      `    }`,
      `    #[Route('/agenda/{id}', name: 'agenda_show', methods: ['GET'])]`,
      `    #[ORM\\Column(type: Types::DATETIME_IMMUTABLE)]`,
      `    private ?\\DateTimeImmutable $inicio = null;`,
      `        // ${rng.pick(['Horário de Brasília, sempre.', 'Ver ADR-004.', 'Convênios têm regra própria.'])}`,
      '',
      `use Doctrine\\ORM\\EntityManagerInterface;`,
    ]),
  );
}

function granNoise(rng: Rng): EdgeStep {
  const r = rng.int(0, 7);
  if (r === 0) return one(undefined, cmd('php bin/phpunit', phpunit(rng)));
  if (r === 1) {
    const [a, b] = rng.sample(CLASSES, 2) as [string, string];
    return many(rng.pick(['Vou ler os dois arquivos.', undefined]), [
      ok('read_file', { path: a }, `<?php\n\n${php(rng, rng.int(10, 35))}`),
      ok('read_file', { path: b }, `<?php\n\n${php(rng, rng.int(8, 25))}`),
    ]);
  }
  if (r === 2) return one(undefined, cmd('vendor/bin/phpstan analyse --memory-limit=1G', phpstan(rng)));
  if (r === 3)
    return one(
      undefined,
      ok(
        'search_code',
        { query: rng.pick(['findLivres', 'DATETIME_IMMUTABLE', 'ClinicaVoter', 'agenda_show']) },
        lines(rng.int(3, 12), () => `${rng.pick(CLASSES)}:${rng.int(3, 300)}:${hit(php(rng, 3))}`),
      ),
    );
  if (r === 4)
    return many(undefined, [
      cmd(
        'composer install --no-interaction',
        `Installing dependencies from lock file (including require-dev)\nVerifying lock file contents can be installed on current platform.\nNothing to install, update or remove\nGenerating optimized autoload files\n${rng.int(90, 140)} packages you are using are looking for funding.\nUse the \`composer fund\` command to find out more!\n\nExecuting script cache:clear [OK]\nExecuting script assets:install public [OK]`,
      ),
      cmd(
        'git status --short',
        lines(rng.int(1, 3), () => ` M ${rng.pick(CLASSES)}`),
      ),
    ]);
  if (r === 5)
    return one(
      undefined,
      cmd(
        'php bin/console debug:router --env=dev',
        aligned(
          ['Name', 'Method', 'Scheme', 'Host', 'Path'],
          [
            ['agenda_index', 'GET', 'ANY', 'ANY', '/agenda'],
            ['agenda_show', 'GET', 'ANY', 'ANY', '/agenda/{id}'],
            ['consulta_new', 'GET|POST', 'ANY', 'ANY', '/consulta/nova'],
            ['app_login', 'ANY', 'ANY', 'ANY', '/login'],
          ],
        ),
      ),
    );
  if (r === 6)
    return one(
      undefined,
      cmd(
        'vendor/bin/php-cs-fixer fix --dry-run --diff',
        rng.chance(0.6)
          ? `Loaded config default from "${ROOT}/.php-cs-fixer.dist.php".\nFound 0 of ${rng.int(80, 160)} files that can be fixed in ${secs(rng, 0.5, 4, 3)} seconds, ${rng.int(18, 30)}.00 MB memory used`
          : `Loaded config default from "${ROOT}/.php-cs-fixer.dist.php".\n   1) ${rng.pick(CLASSES)} (ordered_imports, no_unused_imports)\n\nFound 1 of ${rng.int(80, 160)} files that can be fixed in ${secs(rng, 0.5, 4, 3)} seconds, 22.00 MB memory used`,
        rng.chance(0.6) ? 0 : 8,
      ),
    );
  return one(
    undefined,
    cmd(
      'php bin/console doctrine:migrations:status',
      ` ------------------------ ----------------------------------------\n  Configuration\n ------------------------ ----------------------------------------\n  Storage                  Table Name     doctrine_migration_versions\n  Database                 Driver         Doctrine\\DBAL\\Driver\\PDO\\PgSQL\\Driver\n  Versions                 Executed       ${rng.int(20, 60)}\n                           New            0\n ------------------------ ----------------------------------------`,
    ),
  );
}

function granBig(rng: Rng): EdgeStep {
  if (rng.chance(0.5))
    return one(
      'Rodando a suíte com --testdox para ver todos os nomes.',
      cmd(
        'php bin/phpunit --testdox',
        `${lines(rng.int(280, 420), (i) => ` ${rng.pick(['✔', '✔', '✔', '↩'])} ${rng.pick(['Agenda service', 'Consulta repository', 'Clinica voter'])} ${rng.pick(['lista horários livres', 'bloqueia sobreposição', 'respeita feriado'])} ${i}`)}\n\n${phpunit(rng)}`,
      ),
    );
  return one(undefined, ok('read_file', { path: CLASSES[1] as string }, `<?php\n\n${php(rng, rng.int(320, 430))}`));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `bloquear agendamentos sobrepostos na agenda ${t}`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Oi! O projeto é ~/projetos/reservas, Symfony 7 com Doctrine e Postgres. Preciso ${needle} — hoje duas recepcionistas conseguem marcar o mesmo horário. Não mexa no front por enquanto.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `criar o endpoint de exportação ${t} em CSV`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Próxima tarefa: ${needle} para o financeiro, só para perfis ROLE_ADMIN.` }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `mandar lembrete por e-mail ${t} um dia antes da consulta`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Mais uma: precisamos ${needle}, usando o Mailer que já está configurado.` }],
        };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = phrase(
          rng,
          [
            (x) => `nada de SQL cru no ${cap(x)}Repository`,
            (x) => `o ${cap(x)}Repository só pode usar QueryBuilder, sem SQL cru`,
            (x) => `fica proibido SQL cru no ${cap(x)}Repository`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: `Importante: ${needle}, a auditoria da LGPD revisa essas consultas.` }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `| src/Service/${cap(t)}Service.php | datas sempre DateTimeImmutable em America/Sao_Paulo |`;
        return {
          how: 'tool-readme',
          needle,
          beats: [
            {
              step: one(
                'Antes de editar, leio as regras do time.',
                ok(
                  'read_file',
                  { path: 'docs/REGRAS.md' },
                  `# Regras do projeto\n\nRode \`composer qa\` (phpstan nível 8 + php-cs-fixer + phpunit) antes de abrir PR.\n\n| arquivo | regra |\n|---|---|\n| src/Entity/* | sem lógica de negócio |\n${needle}\n| migrations/* | nunca editar migração já aplicada |\n${rng.chance(0.5) ? '\nPRs sem testes não são revisados.\n' : ''}`,
                ),
              ),
            },
            {
              step: one(
                `Então no ${cap(t)}Service converto tudo para DateTimeImmutable com o fuso de São Paulo.`,
                ok('search_code', { query: `new \\DateTime( src/Service/${cap(t)}Service.php` }, 'No results.'),
              ),
            },
          ],
        };
      },
    },
  ],
  decision: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = phrase(
          rng,
          [
            (x) => `optei por uma constraint de exclusão no Postgres para ${x}`,
            (x) => `a saída escolhida é uma constraint de exclusão no Postgres para ${x}`,
            (x) => `fico com uma constraint de exclusão no Postgres para ${x}`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `Comparei lock pessimista e constraint: ${needle}, porque protege também contra inserções fora do Symfony.`,
                ok(
                  'create_file',
                  {
                    path: `migrations/Version202503${pad(rng.int(10, 28))}${rng.int(100000, 235959)}.php`,
                    content: `$this->addSql('ALTER TABLE consulta ADD CONSTRAINT ${t}_sem_sobreposicao EXCLUDE USING gist (medico_id WITH =, periodo WITH &&)');`,
                  },
                  'File created.',
                ),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `usar Messenger assíncrono para o ${t}`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            {
              user: rng.pick([
                `Conversei com o time e vamos ${needle}, com transporte Doctrine.`,
                `Pode seguir: ${needle}.`,
              ]),
            },
          ],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/Validator/${cap(t)}Constraint.php`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('Crio a constraint e o validador juntos.', [
                ok(
                  'create_file',
                  {
                    path: needle,
                    content: `<?php\n\nnamespace App\\Validator;\n\n#[\\Attribute]\nfinal class ${cap(t)}Constraint extends Constraint\n{\n    public string $message = 'Horário indisponível.';\n}\n`,
                  },
                  'File created.',
                ),
                ok(
                  'create_file',
                  {
                    path: `src/Validator/${cap(t)}ConstraintValidator.php`,
                    content: `<?php\n\nnamespace App\\Validator;\n\n${php(rng, 5)}\n`,
                  },
                  'File created.',
                ),
              ]),
            },
            { step: one(undefined, cmd('vendor/bin/phpstan analyse src/Validator', phpstan(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `tests/Service/${cap(t)}ServiceTest.php`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'edit_file',
                  {
                    path: needle,
                    search: "$this->markTestIncomplete('sobreposição');",
                    replace: '$this->assertFalse($servico->podeAgendar($slot));',
                  },
                  'Edit applied (1 replacement).',
                ),
              ),
            },
          ],
        };
      },
    },
  ],
  error: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const line = rng.int(30, 220);
        const needle = `Method App\\Service\\AgendaService::${t}() should return array<App\\Entity\\Slot> but returns array<int, App\\Entity\\Slot|null>.`;
        const table = ` ------ ${'-'.repeat(70)}\n  Line   src/Service/AgendaService.php\n ------ ${'-'.repeat(70)}\n  ${String(line).padEnd(6)} ${needle}\n         🪪  return.type\n ------ ${'-'.repeat(70)}`;
        return {
          how: 'tool-phpstan',
          needle,
          beats: [
            { step: one(undefined, cmd('vendor/bin/phpstan analyse --memory-limit=1G', phpstan(rng, table), 1)) },
            {
              step: one(
                `O ${t}() devolve null quando não há médico; filtro com array_filter.`,
                ok('read_file', { path: 'src/Service/AgendaService.php' }, `<?php\n\n${php(rng, 12)}`),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `1) App\\Tests\\Controller\\AgendaControllerTest::test${cap(t)}`;
        const failure = `${needle}\nFailed asserting that the Response status code is 201.\nHTTP/1.1 409 Conflict\nCache-Control:          no-cache, private\nContent-Type:           application/json\n\n{"erro":"horário ocupado"}\n\n${ROOT}/vendor/symfony/framework-bundle/Test/BrowserKitAssertionsTrait.php:${rng.int(30, 60)}\n${ROOT}/tests/Controller/AgendaControllerTest.php:${rng.int(20, 150)}`;
        const out = buried(
          rng,
          rng.chance(0.3) ? 60 : 2,
          (i) =>
            `Remaining indirect deprecation notices (${i + 1})\n  ${rng.int(1, 9)}x: Since doctrine/doctrine-bundle 2.${rng.int(10, 13)}: Enabling the controller resolver automatic entity mapping is deprecated`,
          '',
          phpunit(rng, failure),
        );
        return {
          how: 'tool-phpunit',
          needle,
          beats: [
            { step: one(undefined, cmd('php bin/phpunit tests/Controller', out, 1)) },
            {
              step: one(
                `test${cap(t)} recebeu 409: a fixture reutiliza o mesmo horário.`,
                ok(
                  'search_code',
                  { query: 'AgendaFixtures' },
                  `src/DataFixtures/AgendaFixtures.php:${rng.int(10, 60)}:        $c->setInicio(new \\DateTimeImmutable('2025-03-17 09:00'));`,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
  value: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('num');
        const needle = `DoctrineMigrations\\Version2025${t}${rng.int(100, 599)}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cmd(
                  'php bin/console doctrine:migrations:migrate --no-interaction',
                  ` [notice] Migrating up to ${needle}\n [notice] finished in 84.3ms, used 24M memory, 1 migrations executed, 3 sql queries\n\n [OK] Successfully migrated to version: ${needle}`,
                ),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('code');
        const needle = `RES-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `O card no Jira é ${needle}; coloca no nome da branch e no título do PR, por favor.` }],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = phrase(
          rng,
          [
            (x) => `Falta: traduzir as mensagens de ${x} em translations/validators.pt_BR.yaml`,
            (x) => `Próximo passo: traduzir as mensagens de ${x} em translations/validators.pt_BR.yaml`,
            (x) => `Pendente — traduzir as mensagens de ${x} em translations/validators.pt_BR.yaml`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `PHPUnit e PHPStan limpos.\n${needle}\nDepois disso rodo composer qa de novo.`,
                cmd(`grep -rn "${t}" translations/`, '', 1),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `avisar o suporte no canal #${t} antes do deploy`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Ficou ótimo. Antes de encerrar, lembra de ${needle}.` },
            {
              step: one(
                `Certo, ${t} anotado. Conferindo o status do git.`,
                cmd('git status --short', ` M src/Service/AgendaService.php`),
              ),
            },
          ],
        };
      },
    },
  ],
};

function entry(c: EdgeCall): string {
  return `{"name": ${JSON.stringify(c.tool)}, "arguments": ${JSON.stringify(c.args)}}`;
}

/** The granite harness. */
export const EDGE_GRANITE: EdgeHarness = {
  style: 'granite',
  protocol: 'text',
  system:
    'Knowledge Cutoff Date: April 2024.\nToday\'s Date: March 17, 2025.\nYou are Granite, developed by IBM. You are a helpful AI assistant with access to the following tools. When a tool is required to answer the user\'s query, respond with <|tool_call|> followed by a JSON list of tools used. If a tool does not exist in the provided list of tools, notify the user that you do not have the ability to fulfill the request.\n\n[{"name": "run_command", "description": "Run a shell command in /home/lucas/projetos/reservas", "parameters": {"type": "object", "properties": {"command": {"type": "string"}}}}, {"name": "read_file", "parameters": {"type": "object", "properties": {"path": {"type": "string"}}}}, {"name": "create_file", "parameters": {"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}}}, {"name": "edit_file", "parameters": {"type": "object", "properties": {"path": {"type": "string"}, "search": {"type": "string"}, "replace": {"type": "string"}}}}, {"name": "search_code", "parameters": {"type": "object", "properties": {"query": {"type": "string"}}}}]\n\nThe project is a Symfony 7.2 application (PHP 8.3, Doctrine ORM 3, PostgreSQL 16). Reply in Brazilian Portuguese.',
  tools: ['run_command', 'read_file', 'create_file', 'edit_file', 'search_code'],
  renderStep: (s) => [...(s.say ? [s.say] : []), `<|tool_call|>[${s.calls.map(entry).join(',\n')}]`].join('\n'),
  renderResults: (s) =>
    s.calls.map((c) => `<|start_of_role|>tool_response<|end_of_role|>${c.output}<|end_of_text|>`).join('\n'),
  resultStart: /^<\|start_of_role\|>tool_response<\|end_of_role\|>/,
  callMark: /^(?:<\|tool_call\|>\[)?\{"name": "/gm,
  resultMark: /^<\|start_of_role\|>tool_response<\|end_of_role\|>/gm,
  noise: granNoise,
  big: granBig,
  followUp: (rng) =>
    rng.pick([
      'E aí, os testes passaram?',
      'O PHPStan ainda reclama de algo?',
      'Roda o phpunit de novo, por favor.',
      'Me explica rapidinho o que mudou.',
      'Beleza, qual é o próximo passo?',
    ]),
  keepGoing: (rng) => rng.pick(['Pode continuar.', 'Segue.', 'Continua até o composer qa passar.']),
  answer: (rng) =>
    rng.pick([
      'Etapa concluída: PHPUnit verde e PHPStan sem erros no nível 8.',
      'Corrigido; sobrou só um aviso de depreciação do Doctrine.',
      'Resumo: os arquivos alterados passam no composer qa.',
      'Pronto, nada mais falhando.',
    ]),
  probe: (rng) => rng.pick(['Continua.', 'Pode seguir de onde parou.', 'E agora?']),
  planters: PLANTERS,
};
