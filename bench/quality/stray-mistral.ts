/**
 * A Mistral model driven through its raw chat template on a NixOS fleet (flakes, nixos-rebuild,
 * colmena, sops-nix): the reply ends with `[TOOL_CALLS] [{"name": …, "arguments": {…}, "id": …}]`,
 * the results come back in a user message of `[TOOL_RESULTS] {"content": "…", "call_id": …}[/TOOL_RESULTS]`
 * blocks (the output JSON-escaped, as the template does). The user writes in Swedish.
 */
import type { Rng } from './rng';
import {
  buried,
  chars,
  fail,
  hex,
  lines,
  many,
  ok,
  one,
  sha,
  type Planter,
  type StrayHarness,
  type StrayStep,
} from './stray-kit';

const NIX32 = '0123456789abcdfghijklmnpqrsvwxyz';
const store = (rng: Rng) => chars(rng, 32, NIX32);
const HOSTS = ['web1', 'web2', 'db1', 'mon1', 'edge1'];
const PKGS = [
  'nginx-1.24.0',
  'postgresql-15.6',
  'grafana-10.4.2',
  'prometheus-2.51.1',
  'openssl-3.0.13',
  'systemd-255.4',
  'glibc-2.39-5',
  'go-1.22.2',
  'pgbouncer-1.22.1',
  'linux-6.6.30',
];

function drvs(rng: Rng, n: number): string {
  return lines(n, () => `  /nix/store/${store(rng)}-${rng.pick(PKGS)}.drv`);
}

const HOSTNIX = `{ config, pkgs, ... }:
{
  imports = [ ./hardware-configuration.nix ../../modules/common.nix ../../modules/monitoring.nix ];

  networking.hostName = "web1";
  networking.firewall.allowedTCPPorts = [ 80 443 ];

  services.nginx = {
    enable = true;
    recommendedProxySettings = true;
    recommendedTlsSettings = true;
    virtualHosts."ledger.internal" = {
      enableACME = false;
      locations."/".proxyPass = "http://127.0.0.1:8080";
    };
  };

  sops.secrets."ledger/db-password" = { owner = "ledger"; };
  system.stateVersion = "23.11";
}`;

function noise(rng: Rng): StrayStep {
  const host = rng.pick(HOSTS);
  const say = rng.pick([
    undefined,
    undefined,
    'Jag kollar först konfigurationen.',
    'Let me evaluate the flake.',
    'Kontrollerar.',
    'Bygger om för att se att allt utvärderas.',
  ]);
  switch (rng.int(0, 8)) {
    case 0:
      return one(
        say,
        ok(
          'shell',
          { command: 'nix flake check' },
          `evaluating flake...\nchecking flake output 'nixosConfigurations'...\n${HOSTS.map((h) => `checking NixOS configuration 'nixosConfigurations.${h}'...`).join('\n')}\nchecking flake output 'devShells'...\nchecking derivation devShells.x86_64-linux.default...\nchecking flake output 'formatter'...\nrunning 2 flake checks...`,
        ),
      );
    case 1: {
      const n = rng.int(3, 18);
      return one(
        say,
        ok(
          'shell',
          { command: `nix build .#nixosConfigurations.${host}.config.system.build.toplevel --print-out-paths` },
          `these ${n} derivations will be built:\n${drvs(rng, n)}\nbuilding '/nix/store/${store(rng)}-etc.drv'...\nbuilding '/nix/store/${store(rng)}-nixos-system-${host}-24.05.20240514.${sha(rng)}.drv'...\n/nix/store/${store(rng)}-nixos-system-${host}-24.05.20240514.${sha(rng)}`,
        ),
      );
    }
    case 2:
      return one(say, ok('read_file', { path: `hosts/${host}/default.nix` }, HOSTNIX.replace('web1', host)));
    case 3: {
      const q = rng.pick(['pgbouncer', 'prometheus-postgres-exporter', 'sops', 'colmena', 'nvd']);
      return one(
        say,
        ok(
          'shell',
          { command: `nix search nixpkgs ${q}` },
          `* legacyPackages.x86_64-linux.${q} (${rng.int(0, 3)}.${rng.int(1, 30)}.${rng.int(0, 9)})\n  ${rng.pick(['Lightweight connection pooler for PostgreSQL', 'Prometheus exporter for PostgreSQL server metrics', 'Simple and flexible tool for managing secrets', 'Simple, stateless NixOS deployment tool', 'Nix/NixOS package version diff tool'])}`,
        ),
      );
    }
    case 4:
      return many(say, [
        ok(
          'shell',
          { command: 'git status --short' },
          lines(
            rng.int(1, 4),
            () =>
              ` M ${rng.pick(['flake.lock', 'modules/common.nix', `hosts/${host}/default.nix`, 'modules/monitoring.nix'])}`,
          ),
        ),
        ok(
          'shell',
          { command: 'git diff --stat' },
          ` flake.lock                | ${rng.int(4, 30)} +++---\n modules/monitoring.nix    |  ${rng.int(2, 9)} ++-\n 2 files changed, ${rng.int(5, 30)} insertions(+), ${rng.int(3, 20)} deletions(-)`,
        ),
      ]);
    case 5:
      return one(
        say,
        ok(
          'shell',
          { command: `nvd diff /run/current-system result` },
          `<<< /run/current-system\n>>> result\nVersion changes:\n${lines(rng.int(3, 9), (i) => `[U.]  #${String(i + 1).padStart(2, '0')}  ${rng.pick(['grafana', 'openssl', 'nginx', 'systemd', 'curl', 'sqlite'])}  ${rng.int(1, 10)}.${rng.int(0, 9)}.${rng.int(0, 9)} -> ${rng.int(1, 10)}.${rng.int(0, 9)}.${rng.int(0, 9)}`)}\nClosure size: ${rng.int(900, 1300)} -> ${rng.int(900, 1300)} (${rng.int(10, 80)} paths added, ${rng.int(10, 80)} paths removed, delta +${rng.int(0, 40)}, disk usage +${rng.int(1, 90)}.${rng.int(0, 9)}MiB).`,
        ),
      );
    case 6:
      return one(
        say,
        ok(
          'ssh',
          { host, command: 'systemctl status nginx --no-pager | head -n 6' },
          `● nginx.service - Nginx Web Server\n     Loaded: loaded (/etc/systemd/system/nginx.service; enabled; preset: enabled)\n     Active: active (running) since Tue 2024-05-14 08:${rng.int(10, 59)}:02 CEST; ${rng.int(2, 50)}min ago\n   Main PID: ${rng.int(900, 9000)} (nginx)\n         IP: 1.2M in, 3.4M out\n      Tasks: 5 (limit: 9379)`,
        ),
      );
    case 7:
      return one(
        say,
        ok(
          'shell',
          { command: 'nix flake metadata --json | jq -r ".locks.nodes.nixpkgs.locked | .rev, .lastModified"' },
          `${hex(rng, 40)}\n171567${rng.int(1000, 9999)}`,
        ),
      );
    default:
      return one(
        say,
        ok(
          'ssh',
          { host, command: 'journalctl -u ledger-api -n 8 --no-pager' },
          lines(
            8,
            (i) =>
              `May 14 09:${10 + i}:0${i} ${host} ledger-api[${rng.int(900, 4000)}]: ${rng.pick(['GET /healthz 200', 'POST /v1/postings 201', 'db pool: 4/20 in use', 'GET /v1/accounts 200'])}`,
          ),
        ),
      );
  }
}

function big(rng: Rng): StrayStep {
  const n = rng.int(420, 500);
  return one(
    rng.pick([undefined, 'Bygger med fullständig logg.']),
    ok(
      'shell',
      { command: 'nix build .#ledger-api -L' },
      `${lines(n, (i) => `ledger-api> ${rng.pick([`go: downloading github.com/${rng.pick(['jackc/pgx/v5', 'go-chi/chi/v5', 'prometheus/client_golang', 'rs/zerolog', 'spf13/cobra'])} v${rng.int(1, 5)}.${rng.int(0, 20)}.${rng.int(0, 9)}`, `Building subPackage ./cmd/${rng.pick(['ledger-api', 'ledgerctl', 'migrate'])}`, `# github.com/acme/ledger-api/internal/${rng.pick(['store', 'http', 'fx', 'report'])}`, `ok  \tgithub.com/acme/ledger-api/internal/${rng.pick(['store', 'http', 'fx', 'report'])}\t0.${i % 10}${rng.int(10, 99)}s`, `=== RUN   Test${rng.pick(['Balance', 'Convert', 'Import', 'Auth'])}/case_${i}`])}`)}\nledger-api> installing\nledger-api> post-installation fixup\nledger-api> shrinking RPATHs of ELF executables and libraries in /nix/store/${store(rng)}-ledger-api-2.3.0\nledger-api> checking for references to /build/ in /nix/store/${store(rng)}-ledger-api-2.3.0...\nledger-api> patching script interpreter paths in /nix/store/${store(rng)}-ledger-api-2.3.0`,
    ),
  );
}

const callJson = (s: StrayStep, ids: string[]) =>
  s.calls
    .map((c, i) => `{"name": ${JSON.stringify(c.tool)}, "arguments": ${JSON.stringify(c.args)}, "id": "${ids[i]}"}`)
    .join(', ');

const P = (user: boolean, plant: Planter['plant']): Planter => ({ user, plant });

export const STRAY_MISTRAL: StrayHarness = {
  style: 'mistral',
  protocol: 'text',
  system:
    'You are an infrastructure assistant for a small team that runs its servers on NixOS. The repository is a flake (github:acme/infra) with hosts/<name>/default.nix per machine, shared modules under modules/, secrets in sops-nix. Deploy with colmena. Answer in the language the user writes in.\n\n[AVAILABLE_TOOLS] [{"type": "function", "function": {"name": "shell", "description": "Run a command in the repository checkout", "parameters": {"type": "object", "properties": {"command": {"type": "string"}}, "required": ["command"]}}}, {"type": "function", "function": {"name": "read_file", "parameters": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}}, {"type": "function", "function": {"name": "write_file", "parameters": {"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}, "required": ["path", "content"]}}}, {"type": "function", "function": {"name": "ssh", "parameters": {"type": "object", "properties": {"host": {"type": "string"}, "command": {"type": "string"}}, "required": ["host", "command"]}}}][/AVAILABLE_TOOLS]',
  tools: ['shell', 'read_file', 'write_file', 'ssh'],
  callId: (rng) => chars(rng, 9),
  renderStep: (s, ids) => `${s.say ? `${s.say}\n` : ''}[TOOL_CALLS] [${callJson(s, ids)}]`,
  renderResults: (s, ids) =>
    s.calls
      .map((c, i) => `[TOOL_RESULTS] {"content": ${JSON.stringify(c.output)}, "call_id": "${ids[i]}"}[/TOOL_RESULTS]`)
      .join(''),
  resultPrefix: '[TOOL_RESULTS]',
  callMark: /\{"name": "\w+", "arguments": /g,
  resultMark: /\[TOOL_RESULTS\] /g,
  noise,
  big,
  followUp: (rng) =>
    rng.pick([
      'Okej, går det att bygga alla hostar nu?',
      'Tack! Kan du visa diffen?',
      'Vad säger nvd om stängningen?',
      'Bra. Kolla att nginx fortfarande är uppe på web2.',
      'Fortsätt.',
      'Hmm, varför tog det så lång tid?',
    ]),
  keepGoing: (rng) => rng.pick(['Fortsätt.', 'Kör vidare, jag kollar senare.', 'go on']),
  answer: (rng) =>
    rng.pick([
      'Klart: flaken utvärderas och alla fem hostar bygger. Inget är deployat än.',
      'Allt bygger. Diffen är liten, mest flake.lock.',
      'Jag har inte deployat något — säg till när du vill köra colmena apply.',
      'Done. `nix flake check` passes.',
    ]),
  probe: (rng) => rng.pick(['Sammanfatta läget: vad är gjort och vad återstår?', 'Var står vi nu?']),
  planters: {
    goal: [
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `${k}-api`;
        return {
          needle,
          how: 'user-ask',
          beats: [
            {
              user: `Hej! Jag vill flytta tjänsten ${needle} från Ubuntu + docker-compose till NixOS. Paketera den med buildGoModule i flaken och lägg till en NixOS-modul så att den kan köras på web1 och web2 bakom nginx.`,
            },
            {
              step: one(
                `Jag börjar med att titta på hur ${needle} byggs i dag.`,
                ok(
                  'shell',
                  { command: 'cat docker/Dockerfile' },
                  'FROM golang:1.22 AS build\nWORKDIR /src\nCOPY . .\nRUN go build -o /out/api ./cmd/ledger-api\nFROM gcr.io/distroless/base\nCOPY --from=build /out/api /api\nENTRYPOINT ["/api"]',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const n = mint('num');
        const needle = `INFRA-${n}`;
        return {
          needle,
          how: 'user-ticket',
          beats: [
            {
              user: `Nästa ärende, klistrar in det:\n\n${needle} — Uppgradera Grafana på mon1 till 10.4 och flytta dashboards till provisioning\nBakgrund: dashboards redigeras för hand i UI:t och försvinner vid ominstallation.\nKlart när: alla dashboards ligger som JSON i repot och provisioneras av services.grafana.provision.`,
            },
            {
              step: one(
                undefined,
                ok('shell', { command: 'ls dashboards/ 2>/dev/null || echo "no dashboards dir"' }, 'no dashboards dir'),
              ),
            },
          ],
        };
      }),
    ],
    constraint: [
      P(true, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `db-${k}`;
        return {
          needle,
          how: 'user-rule',
          beats: [
            {
              user: rng.pick([
                `En sak: ingenting får deployas till ${needle} utan att jag säger till först. Den har kundernas data.`,
                `Obs, ${needle} rör vi inte alls den här veckan, inte ens en nixos-rebuild.`,
              ]),
            },
            { answer: `Uppfattat, jag håller mig borta från ${needle} och frågar innan något påverkar den.` },
          ],
        };
      }),
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `secrets/${k}.yaml`;
        return {
          needle,
          how: 'tool-readme',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'read_file',
                  { path: 'README.md' },
                  `# infra\n\nNixOS configurations for the acme fleet.\n\n## Rules\n\n* Never put a secret in the Nix store. Everything secret goes through sops-nix, and the only file the CI key can decrypt is \`${needle}\`.\n* Pin nixpkgs through flake.lock only; no \`builtins.fetchTarball\`.\n* \`nix flake check\` must pass before a PR is merged.\n`,
                ),
              ),
            },
            {
              step: one(
                `Enligt README ska hemligheter in i ${needle}.`,
                ok('shell', { command: `sops -d ${needle} | yq 'keys'` }, '- ledger\n- grafana\n- postgres'),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `https://${k}.cachix.org`;
        return {
          needle,
          how: 'user-cache',
          beats: [
            { user: `Använd bara vår egen binärcache ${needle} utöver cache.nixos.org — inga andra substituters.` },
            {
              step: one(
                undefined,
                ok('shell', { command: 'grep -n substituters flake.nix' }, '12:    extra-substituters = [ ];'),
              ),
            },
          ],
        };
      }),
    ],
    decision: [
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `nixpkgs-${k}`;
        return {
          needle,
          how: 'agent-input',
          beats: [
            {
              step: one(
                `Hela nixpkgs-uppdateringen drar med sig en ny kärna. I stället lägger jag till en andra input, \`${needle}\`, låst till commiten med fixen, och tar bara grafana därifrån via en overlay.`,
                ok(
                  'write_file',
                  {
                    path: 'flake.nix',
                    content: `{\n  inputs.nixpkgs.url = "github:NixOS/nixpkgs/nixos-24.05";\n  inputs.${needle}.url = "github:NixOS/nixpkgs/${hex(rng, 40)}";\n  # ...\n}`,
                  },
                  'wrote flake.nix (3 KB)',
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  { command: 'nix flake lock' },
                  `warning: updating lock file '/home/ops/infra/flake.lock':\n• Added input '${needle}':\n    'github:NixOS/nixpkgs/${hex(rng, 40)}' (2024-05-11)`,
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `colmena apply --on @${k}`;
        return {
          needle,
          how: 'user-choice',
          beats: [
            { user: `Vi kör colmena, inte deploy-rs. Tagga de nya maskinerna så att vi kan köra \`${needle}\`.` },
            {
              step: one(
                'Okej, colmena med taggar.',
                ok(
                  'read_file',
                  { path: 'hive.nix' },
                  'meta = { nixpkgs = import inputs.nixpkgs { system = "x86_64-linux"; }; };\nweb1 = { deployment.targetHost = "web1.int"; imports = [ ./hosts/web1 ]; };',
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
        const needle = `modules/${k}.nix`;
        return {
          needle,
          how: 'agent-write',
          beats: [
            {
              step: one(
                'Skriver NixOS-modulen.',
                ok(
                  'write_file',
                  {
                    path: needle,
                    content: `{ config, lib, pkgs, ... }:\nlet cfg = config.services.ledger-api; in {\n  options.services.ledger-api.enable = lib.mkEnableOption "ledger api";\n  config = lib.mkIf cfg.enable {\n    systemd.services.ledger-api = { wantedBy = [ "multi-user.target" ]; serviceConfig.DynamicUser = true; };\n  };\n}`,
                  },
                  `wrote ${needle} (412 bytes)`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok('shell', { command: `nix-instantiate --parse ${needle} > /dev/null && echo ok` }, 'ok'),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `hosts/${k}/default.nix`;
        return {
          needle,
          how: 'user-path',
          beats: [
            { user: `Den nya maskinen ska ha sin konfiguration i ${needle}, kopiera strukturen från web1.` },
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  { command: `mkdir -p hosts/${k} && cp hosts/web1/default.nix ${needle} && git add ${needle}` },
                  '',
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
        const needle = `error: attribute '${k}' missing`;
        return {
          needle,
          how: 'tool-eval',
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'shell',
                  { command: 'nixos-rebuild build --flake .#web2' },
                  `building the system configuration...\nerror:\n       … while calling the 'head' builtin\n         at /nix/store/${store(rng)}-source/lib/attrsets.nix:1575:11:\n         1574|         || pred here (elemAt values 1) (head values) then\n         1575|           head values\n             |           ^\n         1576|         else\n\n       … while evaluating the attribute 'value'\n         at /nix/store/${store(rng)}-source/lib/modules.nix:809:9:\n\n       (stack trace truncated; use '--show-trace' to show the full, detailed trace)\n\n       ${needle}\n       at /home/ops/infra/modules/monitoring.nix:${rng.int(10, 60)}:${rng.int(5, 30)}:\n           41|     scrapeConfigs = [\n           42|       { job_name = "node"; static_configs = [{ targets = [ cfg.exporters.${k}.target ]; }]; }\n             |                                                                   ^`,
                ),
              ),
            },
            {
              step: one(
                `Felet är \`${needle}\` i monitoring.nix — exportern heter något annat i den här versionen.`,
                ok(
                  'shell',
                  { command: 'grep -n "exporters\\." modules/monitoring.nix' },
                  '42:      { job_name = "node"; static_configs = [{ targets = [ cfg.exporters.node.target ]; }]; }',
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `The option \`services.${k}.enable' does not exist.`;
        return {
          needle,
          how: 'tool-option',
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'shell',
                  { command: 'nix flake check' },
                  `evaluating flake...\nchecking flake output 'nixosConfigurations'...\nchecking NixOS configuration 'nixosConfigurations.mon1'...\nerror:\n       … while checking the NixOS configuration 'nixosConfigurations.mon1'\n\n       … while evaluating the option \`system.build.toplevel':\n\n       (stack trace truncated; use '--show-trace' to show the full, detailed trace)\n\n       error: ${needle} Definition values:\n       - In \`/nix/store/${store(rng)}-source/hosts/mon1/default.nix': true`,
                ),
              ),
            },
            {
              step: one(
                `"${needle}" — modulen importeras inte i mon1.`,
                ok(
                  'read_file',
                  { path: 'hosts/mon1/default.nix' },
                  `  imports = [ ./hardware-configuration.nix ../../modules/common.nix ];\n  services.${k}.enable = true;`,
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `${k}-exporter.service`;
        const out = buried(
          rng,
          rng.int(8, 30),
          (i) =>
            rng.pick([
              `copying path '/nix/store/${store(rng)}-${rng.pick(PKGS)}' from 'https://cache.nixos.org'...`,
              `building '/nix/store/${store(rng)}-unit-${rng.pick(['nginx', 'sshd', 'grafana'])}.service.drv'...`,
              `updating GRUB 2 menu... (${i})`,
            ]),
          `activating the configuration...\nsetting up /etc...\nreloading user units for root...\nrestarting sysinit-reactivation.target\nthe following new units were started: ${needle}\nwarning: the following units failed: ${needle}\n\n× ${needle} - Prometheus exporter\n     Loaded: loaded (/etc/systemd/system/${needle}; enabled; preset: enabled)\n     Active: failed (Result: exit-code) since Tue 2024-05-14 10:${rng.int(10, 59)}:44 CEST; 112ms ago\n    Process: ${rng.int(1000, 9999)} ExecStart=/nix/store/${store(rng)}-unit-script-${k}-exporter-start/bin/${k}-exporter-start (code=exited, status=1/FAILURE)`,
          'warning: error(s) occurred while switching to the new configuration',
        );
        return {
          needle,
          how: 'tool-switch',
          beats: [
            {
              step: one(
                undefined,
                fail('ssh', { host: 'mon1', command: 'sudo nixos-rebuild switch --flake /etc/infra#mon1' }, out, 4),
              ),
            },
            {
              step: one(
                `${needle} startar inte. Loggen:`,
                ok(
                  'ssh',
                  { host: 'mon1', command: `journalctl -u ${needle} -n 5 --no-pager` },
                  `level=error msg="listen tcp :9187: bind: address already in use"`,
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
        const needle = `nixos-rebuild switch --flake .#${k}`;
        return {
          needle,
          how: 'agent-next',
          beats: [
            {
              step: one(
                `Allt bygger. Kvar: köra \`${needle} --target-host root@${k}.int\` i underhållsfönstret i kväll — det gör jag inte nu. Här är en torrkörning:`,
                ok(
                  'shell',
                  { command: `nixos-rebuild dry-activate --flake .#${k} --target-host root@${k}.int` },
                  'building the system configuration...\nwould restart the following units: nginx.service\nwould start the following units: ledger-api.service',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `age-nyckeln för ${k}`;
        return {
          needle,
          how: 'user-next',
          beats: [
            {
              user: `Bra jobbat. Imorgon måste vi rotera ${needle} i .sops.yaml, kom ihåg det. Lista bara mottagarna nu.`,
            },
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  { command: 'yq ".creation_rules[].age" .sops.yaml' },
                  `age1${chars(rng, 58, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}`,
                ),
              ),
            },
          ],
        };
      }),
    ],
    value: [
      P(false, ({ mint, rng }) => {
        const h = mint('hex');
        const rev = h + hex(rng, 31);
        return {
          needle: rev,
          how: 'tool-rev',
          beats: [
            {
              step: one(
                'Hämtar commit för taggen v2.3.0.',
                ok(
                  'shell',
                  { command: 'git ls-remote https://github.com/acme/ledger-api refs/tags/v2.3.0' },
                  `${rev}\trefs/tags/v2.3.0`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'write_file',
                  {
                    path: 'pkgs/ledger-api.nix',
                    content: `{ buildGoModule, fetchFromGitHub }:\nbuildGoModule rec {\n  pname = "ledger-api";\n  version = "2.3.0";\n  src = fetchFromGitHub { owner = "acme"; repo = "ledger-api"; rev = "${rev}"; hash = ""; };\n  vendorHash = null;\n}`,
                  },
                  'wrote pkgs/ledger-api.nix (298 bytes)',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `${k}.int.exempel.se`;
        return {
          needle,
          how: 'user-host',
          beats: [
            {
              user: `Den nya servern är uppe: ${needle}, IP 10.20.${rng.int(1, 254)}.${rng.int(1, 254)}, root-nyckeln är redan inlagd.`,
            },
            {
              step: one(
                undefined,
                ok('ssh', { host: needle, command: 'nixos-version' }, '24.05.20240514.3c1d2e0 (Uakari)'),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const h = mint('hex');
        const needle = `sha256-${h}${chars(rng, 34)}=`;
        return {
          needle,
          how: 'tool-hash',
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'shell',
                  { command: 'nix build .#ledger-api' },
                  `error: hash mismatch in fixed-output derivation '/nix/store/${store(rng)}-source.drv':\n         specified: sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\n            got:    ${needle}\nerror: 1 dependencies of derivation '/nix/store/${store(rng)}-ledger-api-2.3.0.drv' failed to build`,
                ),
              ),
            },
            {
              step: one(
                'Sätter in rätt hash.',
                ok(
                  'shell',
                  {
                    command: `sed -i 's|hash = "";|hash = "${needle}";|' pkgs/ledger-api.nix && nix build .#ledger-api`,
                  },
                  '',
                ),
              ),
            },
          ],
        };
      }),
    ],
  },
};
