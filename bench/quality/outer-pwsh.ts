/**
 * The outer family's Semantic Kernel agent administering Windows Server for a Polish-speaking
 * admin: native tool calls named `Plugin-Function` (SK's fully qualified names) with Azure OpenAI
 * `call_` ids, often several in parallel; outputs are PowerShell's formatted tables and lists.
 * Failures are PowerShell error records (`CategoryInfo`, `FullyQualifiedErrorId`), Pester runs and
 * WinRM remoting errors.
 */
import {
  ALPHANUMERIC,
  Clock,
  chars,
  columns,
  grow,
  hex,
  Mint,
  parallel,
  plainNative,
  say,
  stepBeat,
  type Act,
  type Beat,
  type NativeSpec,
  type OuterHarness,
  type Planter,
  type Session,
  type Step,
} from './outer-kit';
import type { Rng } from './rng';
import type { ScriptedOutput } from './types';

const SERVERS = [
  'SRV-FS01',
  'SRV-IIS02',
  'SRV-IIS03',
  'DC01',
  'DC02',
  'SRV-SQL01',
  'SRV-BAK01',
  'SRV-RDS01',
  'SRV-PRINT01',
];
const SERVICES: [string, string][] = [
  ['W3SVC', 'World Wide Web Publishing Service'],
  ['WinRM', 'Windows Remote Management (WS-Management)'],
  ['Spooler', 'Print Spooler'],
  ['MSSQLSERVER', 'SQL Server (MSSQLSERVER)'],
  ['DFSR', 'DFS Replication'],
  ['NTDS', 'Active Directory Domain Services'],
  ['Dnscache', 'DNS Client'],
  ['wuauserv', 'Windows Update'],
  ['SrmSvc', 'File Server Resource Manager'],
  ['TermService', 'Remote Desktop Services'],
  ['WAS', 'Windows Process Activation Service'],
  ['Netlogon', 'Netlogon'],
];
const EVENTS = [
  [
    1502,
    'Information',
    'Microsoft-Windows-GroupPolicy',
    'The Group Policy settings for the computer were processed successfully. There were no changes detected since the last successful processing of Group Policy.',
  ],
  [7036, 'Information', 'Service Control Manager', 'The Windows Update service entered the running state.'],
  [4624, 'Information', 'Microsoft-Windows-Security-Auditing', 'An account was successfully logged on.'],
  [
    1014,
    'Warning',
    'Microsoft-Windows-DNS-Client',
    'Name resolution for the name wpad timed out after none of the configured DNS servers responded.',
  ],
  [
    5719,
    'Error',
    'NETLOGON',
    'This computer was not able to set up a secure session with a domain controller in domain CORP due to the following: There are currently no logon servers available to service the logon request.',
  ],
  [
    36874,
    'Error',
    'Schannel',
    'An TLS 1.0 connection request was received from a remote client application, but none of the cipher suites supported by the client application are supported by the server.',
  ],
  [2013, 'Warning', 'srv', 'The D: disk is at or near capacity. You may need to delete some files.'],
] as const;

/** The session's Windows estate. */
interface Estate {
  domain: string;
  clock: Clock;
}

function estate(r: Rng): Estate {
  return { domain: r.pick(['corp.local', 'ad.firma.pl', 'int.kontoria.pl']), clock: new Clock(r) };
}

function date(e: Estate, r: Rng): string {
  const d = e.clock.tick(r.int(1, 600) * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}.${p(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

function services(r: Rng): string {
  const rows = r.sample(SERVICES, r.int(4, 10)).map(([n, d]) => [r.chance(0.85) ? 'Running' : 'Stopped', n, d]);
  return ['', ...columns([['Status', 'Name', 'DisplayName'], ['------', '----', '-----------'], ...rows]), ''].join(
    '\n',
  );
}

function events(r: Rng, e: Estate, min: number): string {
  return [
    '',
    ...columns([
      ['TimeCreated', 'Id', 'LevelDisplayName', 'Message'],
      ['-----------', '--', '----------------', '-------'],
      ...grow(min, () => 'x'.repeat(150)).map(() => {
        const ev = r.pick(EVENTS);
        return [date(e, r), String(ev[0]), ev[1], ev[3].slice(0, 90) + (ev[3].length > 90 ? '...' : '')];
      }),
    ]),
    '',
  ].join('\n');
}

function listing(r: Rng, e: Estate, dir: string, n: number): string {
  const rows = Array.from({ length: n }, () => [
    r.pick(['-a----', 'd-----', '-a----']),
    date(e, r).slice(0, 16),
    String(r.int(300, 9_000_000)),
    `${r.pick(['Backup', 'Deploy', 'Rotate', 'Report', 'Sync', 'Cleanup', 'Audit'])}-${r.pick(['Logs', 'Shares', 'Users', 'Certs', 'Iis', 'Sql'])}.${r.pick(['ps1', 'psm1', 'log', 'csv', 'xml'])}`,
  ]);
  return [
    '',
    `    Directory: ${dir}`,
    '',
    ...columns([['Mode', 'LastWriteTime', 'Length', 'Name'], ['----', '-------------', '------', '----'], ...rows]),
    '',
  ].join('\n');
}

function pester(r: Rng, files: string[], failed: string[] = []): string {
  const total = r.int(30, 90);
  return [
    `Pester v5.5.0`,
    '',
    `Starting discovery in ${files.length} files.`,
    `Discovery found ${total} tests in ${r.int(100, 900)}ms.`,
    'Running tests.',
    ...files.map((f) => `[+] ${f} ${r.int(1, 9)}.${r.int(10, 99)}s (${r.int(300, 999)}ms|${r.int(50, 400)}ms)`),
    ...failed,
    `Tests completed in ${r.int(2, 30)}.${r.int(10, 99)}s`,
    `Tests Passed: ${total - (failed.length ? 1 : 0)}, Failed: ${failed.length ? 1 : 0}, Skipped: 0, Inconclusive: 0, NotRun: 0`,
  ].join('\n');
}

function robocopy(r: Rng, src: string, dst: string, min: number): string {
  const files = grow(
    min,
    () =>
      `\t  ${r.pick(['New File', 'Newer', 'New File', '*EXTRA File'])}  \t\t${String(r.int(1000, 90_000_000)).padStart(9)}\t${r.pick(['raport', 'faktura', 'umowa', 'zestawienie', 'backup'])}_${r.int(2019, 2025)}_${String(r.int(1, 12)).padStart(2, '0')}.${r.pick(['xlsx', 'pdf', 'docx', 'bak', 'csv'])}`,
  );
  return [
    '-------------------------------------------------------------------------------',
    '   ROBOCOPY     ::     Robust File Copy for Windows',
    '-------------------------------------------------------------------------------',
    '',
    `  Started : ${new Date(Date.UTC(2025, 2, r.int(1, 28), r.int(0, 23), r.int(0, 59))).toUTCString()}`,
    `   Source : ${src}`,
    `     Dest : ${dst}`,
    '',
    '    Files : *.*',
    '',
    '  Options : *.* /S /E /DCOPY:DA /COPY:DAT /MIR /R:1 /W:1',
    '',
    '------------------------------------------------------------------------------',
    '',
    ...files,
    '',
    '------------------------------------------------------------------------------',
    '',
    '               Total    Copied   Skipped  Mismatch    FAILED    Extras',
    `    Dirs :  ${String(r.int(20, 90)).padStart(8)}  ${String(r.int(0, 9)).padStart(8)}  ${String(r.int(20, 80)).padStart(8)}         0         0         0`,
    `   Files :  ${String(files.length + r.int(100, 3000)).padStart(8)}  ${String(files.length).padStart(8)}  ${String(r.int(100, 3000)).padStart(8)}         0         0  ${String(r.int(0, 9)).padStart(8)}`,
  ].join('\n');
}

/** The Semantic Kernel harness. */
export const WINADMIN: OuterHarness = {
  style: 'winadmin',
  protocol: 'native',
  tools: [
    'PowerShell-Invoke',
    'FileSystem-ReadFile',
    'FileSystem-WriteFile',
    'FileSystem-ReplaceText',
    'FileSystem-Search',
    'FileSystem-ListDirectory',
    'EventLog-Query',
    'ActiveDirectory-GetUser',
  ],
  isResult: () => false,
  open(r: Rng, outputs: Map<string, ScriptedOutput>): Session {
    const e = estate(r.fork());
    const mint = new Mint(r.fork());
    const gen = r.fork();
    const ids = r.fork();
    const spec: NativeSpec = {
      id: () => `call_${chars(ids, 24, ALPHANUMERIC)}`,
      call: (a: Act) => {
        switch (a.kind) {
          case 'shell':
            return { name: 'PowerShell-Invoke', args: { script: a.target } };
          case 'read':
            return { name: 'FileSystem-ReadFile', args: { path: a.target } };
          case 'write':
            return { name: 'FileSystem-WriteFile', args: { path: a.target, content: a.text ?? '' } };
          case 'edit':
            return {
              name: 'FileSystem-ReplaceText',
              args: { path: a.target, oldText: a.old ?? '', newText: a.text ?? '' },
            };
          case 'search':
            return { name: 'FileSystem-Search', args: { path: a.where ?? 'C:\\Ops', pattern: a.target } };
          case 'list':
            return { name: 'FileSystem-ListDirectory', args: { path: a.target } };
          case 'extra':
            return { name: a.tool ?? 'PowerShell-Invoke', args: a.args ?? {} };
        }
      },
      result: (a) => a.output,
    };
    return {
      system: system(e),
      ...plainNative(spec, outputs),
      noise: () =>
        gen.chance(0.3)
          ? parallel([noiseStep(gen, e), noiseStep(gen, e), ...(gen.chance(0.4) ? [noiseStep(gen, e)] : [])])
          : noiseStep(gen, e),
      ask: () => ask(gen),
      answer: () =>
        say(
          gen,
          'Gotowe. Wszystkie usługi działają, w dzienniku zdarzeń nie ma nowych błędów.',
          'Zrobione — szczegóły są powyżej. Nic nie restartowałem.',
          'Sprawdziłem: wszystko wygląda poprawnie.',
          'Zakończyłem tę część. Daj znać, co dalej.',
        ),
      resume: () => say(gen, 'Kontynuuj.', 'Działaj dalej, nie pytaj o każdą rzecz.', 'ok, leć dalej z planem'),
      probe: () => say(gen, 'Dobra, kontynuuj.', 'Kontynuuj, proszę.', 'ok, działaj dalej'),
      planters: [...pwshPlanters(gen, e, mint), ...pwshMore(gen, e, mint)],
    };
  },
};

function system(e: Estate): string {
  return [
    `You are WinOps, an operations assistant for the Windows Server estate of the ${e.domain} domain.`,
    'You act through the functions you are given: PowerShell runs as the service account on the management host (PowerShell 7.4, remoting to the servers over WinRM).',
    '',
    'Guidelines:',
    '- Always answer in the language the administrator writes in.',
    '- Prefer read-only cmdlets until you know what to change; say what you are about to change before changing it.',
    '- Never restart a server or a domain controller unless the administrator asks for it explicitly.',
    '- Keep scripts in C:\\Ops\\Scripts and their logs in C:\\Ops\\Logs.',
    '- When a command fails, read the whole error record before retrying.',
  ].join('\n');
}

function ask(r: Rng): string {
  const s = r.pick(SERVERS);
  return r.pick([
    `sprawdź, czy na ${s} wszystkie automatyczne usługi działają`,
    `ile wolnego miejsca zostało na dyskach ${s}?`,
    'pokaż ostatnie błędy z dziennika System na kontrolerach domeny',
    `jakie poprawki zainstalowano na ${s} w tym miesiącu?`,
    'czy replikacja AD jest w porządku?',
    `sprawdź, czy z ${s} jest połączenie na port 445 do serwera plików`,
    'kto jest w grupie Domain Admins?',
    `wylistuj skrypty w C:\\Ops\\Scripts na ${s}`,
  ]);
}

function noiseStep(r: Rng, e: Estate): Step {
  const s = r.pick(SERVERS);
  const big = r.chance(0.035);
  const one = (a: Act): Step => ({ acts: [a] });
  switch (r.int(0, 9)) {
    case 0:
      return one({
        kind: 'shell',
        target: `Invoke-Command -ComputerName ${s} { Get-Service | Where-Object StartType -eq 'Automatic' }`,
        output: services(r),
      });
    case 1:
      return one({
        kind: 'extra',
        target: 'events',
        tool: 'EventLog-Query',
        args: { computerName: s, logName: 'System', maxEvents: big ? 800 : 40 },
        output: events(r, e, big ? r.int(21000, 45000) : r.int(1500, 5000)),
      });
    case 2:
      return one({
        kind: 'list',
        target: 'C:\\Ops\\Scripts',
        output: listing(r, e, 'C:\\Ops\\Scripts', big ? 300 : r.int(5, 25)),
      });
    case 3:
      return one({
        kind: 'shell',
        target: `Get-CimInstance Win32_LogicalDisk -ComputerName ${s} | Select-Object DeviceID, @{n='FreeGB';e={[math]::Round($_.FreeSpace/1GB,1)}}, @{n='SizeGB';e={[math]::Round($_.Size/1GB,1)}}`,
        output: [
          '',
          ...columns([
            ['DeviceID', 'FreeGB', 'SizeGB'],
            ['--------', '------', '------'],
            ['C:', `${r.int(8, 90)}.${r.int(0, 9)}`, '126.4'],
            ['D:', `${r.int(20, 900)}.${r.int(0, 9)}`, `${r.pick(['1023.9', '2047.9', '511.9'])}`],
          ]),
          '',
        ].join('\n'),
      });
    case 4:
      return one({
        kind: 'shell',
        target: `Get-HotFix -ComputerName ${s} | Sort-Object InstalledOn -Descending | Select-Object -First 12`,
        output: [
          '',
          ...columns([
            ['Source', 'Description', 'HotFixID', 'InstalledBy', 'InstalledOn'],
            ['------', '-----------', '--------', '-----------', '-----------'],
            ...Array.from({ length: 12 }, () => [
              s,
              r.pick(['Update', 'Security Update']),
              `KB50${r.int(10000, 49999)}`,
              'NT AUTHORITY\\SYSTEM',
              date(e, r).slice(0, 10),
            ]),
          ]),
          '',
        ].join('\n'),
      });
    case 5:
      return one({
        kind: 'shell',
        target: `Test-NetConnection -ComputerName ${s} -Port ${r.pick([445, 5985, 3389, 1433])}`,
        output: [
          '',
          `ComputerName     : ${s}`,
          `RemoteAddress    : 10.${r.int(10, 40)}.${r.int(0, 9)}.${r.int(2, 250)}`,
          `RemotePort       : ${r.pick([445, 5985, 3389, 1433])}`,
          'InterfaceAlias   : Ethernet0',
          `SourceAddress    : 10.${r.int(10, 40)}.1.${r.int(2, 250)}`,
          'TcpTestSucceeded : True',
          '',
        ].join('\n'),
      });
    case 6:
      return one({
        kind: 'shell',
        target: 'Invoke-Pester -Path C:\\Ops\\Tests -Output Detailed',
        output: pester(r, [
          'C:\\Ops\\Tests\\Backup.Tests.ps1',
          'C:\\Ops\\Tests\\Shares.Tests.ps1',
          'C:\\Ops\\Tests\\Iis.Tests.ps1',
        ]),
      });
    case 7:
      return one({
        kind: 'shell',
        target: `robocopy D:\\Shares\\Finanse \\\\SRV-BAK01\\Archiwum\\Finanse /MIR /R:1 /W:1 /NP`,
        output: robocopy(
          r,
          'D:\\Shares\\Finanse\\',
          '\\\\SRV-BAK01\\Archiwum\\Finanse\\',
          big ? r.int(21000, 40000) : r.int(500, 3000),
        ),
      });
    case 8: {
      const u = r.pick(['jkowalski', 'anowak', 'pwisniewska', 'mzielinski', 'kwojcik']);
      return one({
        kind: 'extra',
        target: u,
        tool: 'ActiveDirectory-GetUser',
        args: { identity: u },
        output: [
          '',
          `DistinguishedName : CN=${u},OU=Users,OU=Warszawa,DC=${e.domain.split('.').join(',DC=')}`,
          'Enabled           : True',
          `GivenName         : ${u.slice(1, 2).toUpperCase()}${u.slice(2)}`,
          `Name              : ${u}`,
          'ObjectClass       : user',
          `ObjectGUID        : ${hex(r, 8)}-${hex(r, 4)}-${hex(r, 4)}-${hex(r, 4)}-${hex(r, 12)}`,
          `SamAccountName    : ${u}`,
          `UserPrincipalName : ${u}@${e.domain}`,
          '',
        ].join('\n'),
      });
    }
    default:
      return one({
        kind: 'shell',
        target: 'repadmin /replsummary',
        output: [
          'Replication Summary Start Time: ' + date(e, r),
          '',
          'Beginning data collection for replication summary, this may take awhile:',
          '  ......',
          '',
          'Source DSA          largest delta    fails/total %%   error',
          ` DC01                      ${r.int(1, 59)}m:${r.int(10, 59)}s    0 /  10    0`,
          ` DC02                      ${r.int(1, 59)}m:${r.int(10, 59)}s    0 /  10    0`,
          '',
          'Destination DSA     largest delta    fails/total %%   error',
          ` DC01                      ${r.int(1, 59)}m:${r.int(10, 59)}s    0 /  10    0`,
          ` DC02                      ${r.int(1, 59)}m:${r.int(10, 59)}s    0 /  10    0`,
        ].join('\n'),
      });
  }
}

/** A PowerShell error record as the console prints it. */
function errorRecord(
  cmd: string,
  message: string,
  category: string,
  target: string,
  exception: string,
  fqid: string,
): string {
  return [
    `${cmd.split(' ')[0]} : ${message}`,
    'At line:1 char:1',
    `+ ${cmd}`,
    `+ ${'~'.repeat(Math.min(cmd.length, 60))}`,
    `    + CategoryInfo          : ${category}: (${target}:String) [${cmd.split(' ')[0]}], ${exception}`,
    `    + FullyQualifiedErrorId : ${fqid}`,
    '',
  ].join('\n');
}

/** The fact planters of the Windows Server session. */
function pwshPlanters(r: Rng, e: Estate, mint: Mint): Planter[] {
  const one = (a: Act, s?: string): Beat => stepBeat({ ...(s ? { say: s } : {}), acts: [a] });
  const ps = (script: string, output: string, s?: string, fail = false): Beat =>
    one({ kind: 'shell', target: script, output, ...(fail ? { status: 'error' as const, exitCode: 1 } : {}) }, s);
  return [
    {
      kind: 'goal',
      how: 'user-request',
      at: 'open',
      plant() {
        const k = mint.name();
        const needle = `przenieść zadanie kopii zapasowej ${k} na konto gMSA`;
        return {
          needle,
          key: k,
          text: say(
            r,
            `Cześć! Trzeba ${needle} — teraz działa na koncie admina z hasłem, które nie wygasa, i audyt się czepia.`,
            `Hej, mam zadanie: ${needle}. Zadanie jest w Harmonogramie zadań na SRV-BAK01.`,
          ),
          beats: [
            ps(
              `Get-ScheduledTask -CimSession SRV-BAK01 -TaskName '${k}*' | Select-Object TaskName, State, @{n='RunAs';e={$_.Principal.UserId}}`,
              [
                '',
                ...columns([
                  ['TaskName', 'State', 'RunAs'],
                  ['--------', '-----', '-----'],
                  [`${k}-Nightly`, 'Ready', 'CORP\\adm.backup'],
                ]),
              ].join('\n'),
              `Najpierw sprawdzę, jak teraz skonfigurowane jest zadanie ${k} na SRV-BAK01.`,
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
        const needle = `ustawić limity FSRM (50 GB) na udziale ${k} dla księgowości`;
        return {
          needle,
          key: k,
          text: `Dzień dobry. Proszę ${needle}, z powiadomieniem e-mail przy 85%. Udział jest na SRV-FS01.`,
          beats: [
            ps(
              `Get-SmbShare -CimSession SRV-FS01 -Name '${k}' | Format-List Name, Path, Description`,
              `\nName        : ${k}\nPath        : D:\\Shares\\${k}\nDescription : Ksiegowosc - dokumenty\n`,
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
        const needle = `wyłącz TLS 1.0 i 1.1 na serwerach IIS z farmy ${k}`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `Następna rzecz: ${needle}. Skaner bezpieczeństwa znowu to zgłosił.` },
            ps(
              `Get-ADComputer -Filter "Description -like '*${k}*'" | Select-Object -ExpandProperty Name`,
              'SRV-IIS02\nSRV-IIS03',
              `Szukam serwerów należących do farmy ${k}.`,
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
        const needle = `Nie restartuj niczego w klastrze ${k} przed 18:00`;
        return { needle, key: k, text: `${needle}, w ciągu dnia na nim pracuje cała sprzedaż.`, beats: [] };
      },
    },
    {
      kind: 'constraint',
      how: 'tool-runbook',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `Changes on ${k} domain controllers require an approved CAB ticket`;
        const doc = [
          '# Ops runbook',
          '',
          '## General',
          '- Every change is logged in C:\\Ops\\Logs\\changes.csv.',
          `- ${needle} referenced in the change log.`,
          '- Scripts run from the management host only, never interactively on a DC.',
          '',
          '## Backups',
          '- Nightly jobs start at 22:00; check robocopy exit codes (0-7 are success).',
          '',
          '## Contacts',
          '- On call: +48 22 000 00 00',
        ].join('\n');
        return {
          needle,
          key: k,
          beats: [
            one(
              { kind: 'read', target: 'C:\\Ops\\Runbook.md', output: doc },
              'Zanim coś zmienię na kontrolerach domeny, czytam runbook.',
            ),
            {
              t: 'step',
              step: {
                say: `Runbook wymaga zatwierdzonego zgłoszenia CAB dla DC w ${k}. Sprawdzam dziennik zmian, czy takie jest.`,
                acts: [
                  {
                    kind: 'shell',
                    target: `Import-Csv C:\\Ops\\Logs\\changes.csv | Where-Object Target -like '*${k}*' | Select-Object -Last 3`,
                    output: `\nDate       Ticket     Target\n----       ------     ------\n2025-02-11 CAB-${r.int(1000, 9999)}   DC01 (${k})\n`,
                  },
                ],
              },
            },
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
        const needle = `podpisane certyfikatem ${k}-CodeSign`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `i pamiętaj: skrypty mają być ${needle}, inaczej AllSigned je zablokuje na serwerach` },
            ps(
              `Get-ChildItem Cert:\\CurrentUser\\My -CodeSigningCert | Where-Object Subject -like '*${k}*' | Format-List Subject, NotAfter`,
              `\nSubject  : CN=${k}-CodeSign, O=Firma\nNotAfter : 30.06.2026 23:59:59\n`,
              `Jasne. Certyfikat ${k}-CodeSign jest w magazynie użytkownika — będę nim podpisywał skrypty.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-content',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `konfigurację TLS na farmie ${k} robię przez DSC, nie przez GPO`;
        return {
          needle,
          key: k,
          beats: [
            ps(
              `Get-DscLocalConfigurationManager -CimSession SRV-IIS02 | Select-Object RefreshMode, ConfigurationMode`,
              `\nRefreshMode ConfigurationMode\n----------- -----------------\nPush        ApplyAndAutoCorrect\n`,
            ),
            ps(
              'Find-Module -Name SChannelDsc | Select-Object Name, Version',
              `\nName        Version\n----        -------\nSChannelDsc 1.4.0\n`,
              `Postanowione: ${needle} — GPO dotyczyłoby całej OU, a serwery ${k} mają już LCM w trybie ApplyAndAutoCorrect.`,
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
        const needle = `zostajemy przy robocopy /MIR dla ${k}`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `Dobra, ${needle}, bez DFS-R. Za dużo z nim było kłopotów.` },
            ps(
              `Get-Content C:\\Ops\\Scripts\\Sync-${k}.ps1 -TotalCount 5`,
              `# Sync-${k}.ps1\nparam([string]$Target = '\\\\SRV-BAK01\\Archiwum')\nrobocopy D:\\Shares\\${k} "$Target\\${k}" /MIR /R:1 /W:1 /NP /LOG+:C:\\Ops\\Logs\\sync.log`,
              `Ok, zostawiam skrypt Sync-${k}.ps1 z robocopy /MIR.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-script',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `Get-CimInstance instead of Get-WmiObject on ${k}`;
        const text = `#Requires -Version 7.2\n# Decision: ${needle} (PowerShell 7 has no WMI cmdlets)\nparam([string[]]$ComputerName)\nGet-CimInstance -ClassName Win32_OperatingSystem -ComputerName $ComputerName |\n    Select-Object CSName, Caption, LastBootUpTime\n`;
        return {
          needle,
          key: k,
          beats: [
            one({
              kind: 'write',
              target: `C:\\Ops\\Scripts\\Get-${k}Uptime.ps1`,
              text,
              output: `Wrote ${text.length} bytes.`,
            }),
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
        const path = `C:\\Ops\\Scripts\\Invoke-${k}Backup.ps1`;
        const text = `#Requires -Modules ScheduledTasks\n[CmdletBinding()]\nparam([string]$Destination = '\\\\SRV-BAK01\\Archiwum')\n$ErrorActionPreference = 'Stop'\n$log = "C:\\Ops\\Logs\\${k}-$(Get-Date -Format yyyyMMdd).log"\nrobocopy D:\\Data "$Destination\\${k}" /MIR /R:1 /W:1 /NP /LOG:$log\nif ($LASTEXITCODE -ge 8) { throw "robocopy failed: $LASTEXITCODE" }\n`;
        return {
          needle: path,
          key: k,
          beats: [
            one(
              { kind: 'write', target: path, text, output: `Wrote ${text.length} bytes.` },
              `Tworzę skrypt ${path}, który zadanie będzie uruchamiać zamiast wywołania inline.`,
            ),
            ps(
              `Set-AuthenticodeSignature -FilePath ${path} -Certificate (Get-ChildItem Cert:\\CurrentUser\\My -CodeSigningCert)[0] | Select-Object Status`,
              '\nStatus\n------\n Valid\n',
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'agent-edit',
      at: 'step',
      plant() {
        const k = mint.word();
        const path = `C:\\inetpub\\${k}\\web.config`;
        return {
          needle: path,
          key: k,
          beats: [
            one(
              {
                kind: 'read',
                target: path,
                output: `<?xml version="1.0" encoding="utf-8"?>\n<configuration>\n  <system.webServer>\n    <httpProtocol>\n      <customHeaders>\n        <add name="X-Powered-By" value="ASP.NET" />\n      </customHeaders>\n    </httpProtocol>\n  </system.webServer>\n</configuration>`,
              },
              `Sprawdzam nagłówki w ${path}.`,
            ),
            one({
              kind: 'edit',
              target: path,
              old: '<add name="X-Powered-By" value="ASP.NET" />',
              text: '<remove name="X-Powered-By" />\n        <add name="Strict-Transport-Security" value="max-age=31536000" />',
              output: 'Replaced 1 occurrence.',
            }),
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
        const path = `C:\\Ops\\Tasks\\${k}-Rotate.ps1`;
        return {
          needle: path,
          key: k,
          beats: [
            { t: 'user', text: `logi rotuje skrypt ${path}, popraw w nim ścieżkę docelową na D:` },
            one({
              kind: 'read',
              target: path,
              output: `$src = 'C:\\Logs\\${k}'\n$dst = 'C:\\Archive\\${k}'\nGet-ChildItem $src -Filter *.log | Where-Object LastWriteTime -lt (Get-Date).AddDays(-14) | Move-Item -Destination $dst\n`,
            }),
            one({
              kind: 'edit',
              target: path,
              old: `$dst = 'C:\\Archive\\${k}'`,
              text: `$dst = 'D:\\Archive\\${k}'`,
              output: 'Replaced 1 occurrence.',
            }),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-errorrecord',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `Cannot find any service with service name '${k}Agent'`;
        const cmd = `Get-Service -Name ${k}Agent`;
        return {
          needle,
          key: k,
          beats: [
            ps(
              `Invoke-Command -ComputerName SRV-BAK01 { ${cmd}; Get-Service -Name WinRM, Spooler }`,
              `${errorRecord(cmd, `${needle}.`, 'ObjectNotFound', `${k}Agent`, 'ServiceCommandException', 'NoServiceFoundForGivenName,Microsoft.PowerShell.Commands.GetServiceCommand')}\n${services(r)}PSComputerName : SRV-BAK01`,
              undefined,
              true,
            ),
            ps(
              `Invoke-Command -ComputerName SRV-BAK01 { Get-Service | Where-Object DisplayName -like '*${k}*' }`,
              `\nStatus   Name               DisplayName\n------   ----               -----------\nStopped  ${k}Svc           ${k} Backup Agent\n`,
              `Usługa nazywa się ${k}Svc, nie ${k}Agent, i jest zatrzymana.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-pester',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `[-] Set-${k}Quota enforces the hard limit`;
        const fail = [
          `${needle} ${r.int(100, 900)}ms (${r.int(80, 800)}ms|${r.int(5, 90)}ms)`,
          ` Expected 53687091200, but got 42949672960.`,
          ` at (Get-FsrmQuota -Path D:\\Shares\\${k}).Size | Should -Be 50GB, C:\\Ops\\Tests\\Quota.Tests.ps1:${r.int(10, 80)}`,
          ` at <ScriptBlock>, C:\\Ops\\Tests\\Quota.Tests.ps1:${r.int(10, 80)}`,
        ];
        return {
          needle,
          key: k,
          beats: [
            ps(
              'Invoke-Pester -Path C:\\Ops\\Tests -Output Detailed',
              pester(
                r,
                [
                  'C:\\Ops\\Tests\\Backup.Tests.ps1',
                  'C:\\Ops\\Tests\\Quota.Tests.ps1',
                  'C:\\Ops\\Tests\\Shares.Tests.ps1',
                ],
                fail,
              ),
              undefined,
              true,
            ),
            ps(
              `Get-FsrmQuota -CimSession SRV-FS01 -Path D:\\Shares\\${k} | Format-List Path, Size, Template, SoftLimit`,
              `\nPath      : D:\\Shares\\${k}\nSize      : 42949672960\nTemplate  : 40 GB Limit\nSoftLimit : False\n`,
              `Limit na ${k} wciąż pochodzi ze starego szablonu 40 GB.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-winrm',
      at: 'step',
      plant() {
        const c = mint.code(4);
        const host = `SRV-APP${c}`;
        const needle = `Connecting to remote server ${host} failed with the following error message : WinRM cannot complete the operation`;
        const out = [
          `[${host}] ${needle}. Verify that the specified computer name is valid, that the computer is accessible over the network, and that a firewall exception for the WinRM service is enabled and allows access from this computer. For more information, see the about_Remote_Troubleshooting Help topic.`,
          `    + CategoryInfo          : OpenError: (${host}:String) [], PSRemotingTransportException`,
          '    + FullyQualifiedErrorId : WinRMOperationTimeout,PSSessionStateBroken',
        ];
        return {
          needle,
          key: c,
          beats: [
            {
              t: 'step',
              step: {
                acts: [
                  {
                    kind: 'shell',
                    target: `Invoke-Command -ComputerName ${host} { Get-Service W3SVC }`,
                    output: out.join('\n'),
                    status: 'error',
                    exitCode: 1,
                  },
                  {
                    kind: 'shell',
                    target: 'Invoke-Command -ComputerName SRV-IIS02 { Get-Service W3SVC }',
                    output:
                      '\nStatus   Name               DisplayName\n------   ----               -----------\nRunning  W3SVC              World Wide Web Publishing Service\n\nPSComputerName : SRV-IIS02',
                  },
                ],
              },
            },
            ps(
              `Test-NetConnection -ComputerName ${host} -Port 5985`,
              `WARNING: TCP connect to (10.20.4.${r.int(2, 250)} : 5985) failed\n\nComputerName     : ${host}\nRemotePort       : 5985\nTcpTestSucceeded : False\n`,
              `Port 5985 na ${host} jest zamknięty — to zapora, nie uprawnienia.`,
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
        const needle = `gMSA svc-${k}$`;
        return { needle, key: k, text: `Konto już założyłem: ${needle}, członek grupy Backup Operators.`, beats: [] };
      },
    },
    {
      kind: 'value',
      how: 'tool-thumbprint',
      at: 'step',
      plant() {
        const k = mint.hex(12).toUpperCase();
        const thumb = `${k}${hex(r, 28).toUpperCase()}`;
        return {
          needle: thumb,
          key: k,
          beats: [
            ps(
              `Get-ChildItem Cert:\\LocalMachine\\My | Where-Object { $_.NotAfter -gt (Get-Date) } | Format-Table Thumbprint, Subject, NotAfter -AutoSize`,
              [
                '',
                ...columns([
                  ['Thumbprint', 'Subject', 'NotAfter'],
                  ['----------', '-------', '--------'],
                  [`${hex(r, 40).toUpperCase()}`, `CN=SRV-IIS02.${e.domain}`, '11.09.2025 12:00:00'],
                  [thumb, `CN=*.${e.domain}`, '02.04.2026 23:59:59'],
                ]),
                '',
              ].join('\n'),
              'Szukam certyfikatu wildcard do powiązania HTTPS.',
            ),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-appsettings',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `https://${k}.${e.domain}:8443`;
        return {
          needle,
          key: k,
          beats: [
            one({
              kind: 'read',
              target: 'C:\\inetpub\\api\\appsettings.Production.json',
              output: JSON.stringify(
                {
                  Logging: { LogLevel: { Default: 'Warning' } },
                  Kestrel: { Endpoints: { Https: { Url: needle } } },
                  ConnectionStrings: { Main: 'Server=SRV-SQL01;Database=Api;Trusted_Connection=True;' },
                },
                null,
                2,
              ),
            }),
            ps(
              `Test-NetConnection -ComputerName ${k}.${e.domain} -Port 8443 | Select-Object TcpTestSucceeded`,
              '\nTcpTestSucceeded\n----------------\n            True\n',
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
        const needle = `uruchomić Invoke-Pester na ${k} po nocnym oknie serwisowym`;
        return {
          needle,
          key: k,
          beats: [
            ps('Invoke-Pester -Path C:\\Ops\\Tests', pester(r, ['C:\\Ops\\Tests\\Backup.Tests.ps1'])),
            {
              t: 'answer',
              text: `Zmiany są wprowadzone i testy przechodzą. Zostało jeszcze: ${needle}, żeby potwierdzić, że zadanie wykonało się na nowym koncie.`,
            },
          ],
        };
      },
    },
    {
      kind: 'pending',
      how: 'agent-content',
      at: 'end',
      ending: 'step',
      plant() {
        const c = mint.code(4);
        const needle = `przenieść rolę PDC emulatora na DC-${c}`;
        return {
          needle,
          key: c,
          beats: [
            ps(
              'netdom query fsmo',
              `Schema master               DC01.${e.domain}\nDomain naming master        DC01.${e.domain}\nPDC                         DC01.${e.domain}\nRID pool manager            DC01.${e.domain}\nInfrastructure master       DC01.${e.domain}\nThe command completed successfully.`,
              `Replikacja na DC-${c} jest zdrowa. Następny krok: ${needle} (Move-ADDirectoryServerOperationMasterRole), potem sprawdzić synchronizację czasu.`,
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
        const k = mint.word();
        const needle = `odnowić certyfikat wildcard dla ${k}.${e.domain}`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `Super. Potem trzeba jeszcze ${needle}, ale to jutro, dziś nie ruszaj.` },
            { t: 'answer', text: `Jasne, dziś nic nie zmieniam. Na jutro: ${needle}.` },
          ],
        };
      },
    },
  ];
}

/** More planters of the Windows session: the change ticket, other choices, files, failures and values. */
function pwshMore(r: Rng, e: Estate, mint: Mint): Planter[] {
  const one = (a: Act, s?: string): Beat => stepBeat({ ...(s ? { say: s } : {}), acts: [a] });
  const ps = (script: string, output: string, s?: string, fail = false): Beat =>
    one({ kind: 'shell', target: script, output, ...(fail ? { status: 'error' as const, exitCode: 1 } : {}) }, s);
  return [
    {
      kind: 'constraint',
      how: 'tool-ticket',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `Do not modify the ${k} firewall rules outside the change window`;
        const n = r.int(40000, 49999);
        const ticket = [
          `Change: CHG00${n}`,
          'State: Scheduled',
          'Window: Saturday 22:00 - Sunday 02:00 (CET)',
          'Risk: Moderate',
          '',
          'Implementation notes:',
          `- ${needle}; the payment gateway whitelists our egress IPs.`,
          `- Backout: restore the ${k} VM snapshot taken at 21:45.`,
          '',
          'Approvals: CAB (approved), Security (approved)',
        ];
        return {
          needle,
          key: k,
          beats: [
            one(
              { kind: 'read', target: `C:\\Ops\\Tickets\\CHG00${n}.txt`, output: ticket.join('\n') },
              'Czytam zgłoszenie zmiany, zanim dotknę zapory.',
            ),
            ps(
              `Get-NetFirewallRule -CimSession SRV-IIS02 -DisplayGroup '${k}*' | Measure-Object | Select-Object Count`,
              `\nCount\n-----\n   ${r.int(4, 30)}\n`,
              `Reguł zapory grupy ${k} nie zmieniam teraz — okno zmian jest dopiero w sobotę.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-content',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `${k} uruchamiam jako zadanie z kontem gMSA, nie jako usługę przez NSSM`;
        return {
          needle,
          key: k,
          beats: [
            ps(`Get-Service -ComputerName SRV-BAK01 -Name nssm* -ErrorAction SilentlyContinue`, ''),
            ps(
              `Test-ADServiceAccount -Identity svc-${k.toLowerCase()}`,
              'True',
              `Konto gMSA działa na SRV-BAK01. Decyzja: ${needle} — NSSM nie jest zainstalowany i nie chcemy nowego oprogramowania na serwerze kopii.`,
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
        const path = `C:\\Ops\\DSC\\${k}Tls.ps1`;
        const text = `Configuration ${k}Tls {\n    Import-DscResource -ModuleName SChannelDsc\n    Node $AllNodes.NodeName {\n        Protocol TLS10 { Protocol = 'TLS 1.0'; State = 'Disabled' }\n        Protocol TLS11 { Protocol = 'TLS 1.1'; State = 'Disabled' }\n    }\n}\n`;
        return {
          needle: path,
          key: k,
          beats: [
            one(
              { kind: 'write', target: path, text, output: `Wrote ${text.length} bytes.` },
              `Zapisuję konfigurację DSC w ${path}.`,
            ),
            ps(
              `. ${path}; ${k}Tls -ConfigurationData C:\\Ops\\DSC\\nodes.psd1 -OutputPath C:\\Ops\\DSC\\mof | Select-Object Name`,
              `\nName\n----\nSRV-IIS02.mof\nSRV-IIS03.mof\n`,
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-dsc',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `The PowerShell DSC resource '[Registry]${k}Tls12' with SourceInfo`;
        const out = [
          `VERBOSE: [SRV-IIS03]: LCM:  [ Start  Set      ]`,
          ...Array.from(
            { length: r.int(8, 30) },
            () =>
              `VERBOSE: [SRV-IIS03]:                            [[Protocol]${r.pick(['TLS10', 'TLS11', 'SSL30'])}] ${r.pick(['Test-TargetResource', 'Set-TargetResource', 'Checking registry key'])} ...`,
          ),
          `PowerShell DSC resource MSFT_RegistryResource  failed to execute Set-TargetResource functionality with error message: Requested registry access is not allowed.`,
          `    + CategoryInfo          : InvalidOperation: (:) [], CimException`,
          `    + FullyQualifiedErrorId : ProviderOperationExecutionFailure`,
          `    + PSComputerName        : SRV-IIS03`,
          '',
          `${needle} 'C:\\Ops\\DSC\\${k}Tls.ps1::14::9::Registry' threw one or more non-terminating errors while running the Set-TargetResource functionality. These errors are logged to the ETW channel called Microsoft-Windows-DSC/Operational. Refer to this channel for more details.`,
          `    + CategoryInfo          : InvalidOperation: (:) [], CimException`,
          `    + FullyQualifiedErrorId : NonTerminatingErrorFromProvider`,
          `VERBOSE: Operation 'Invoke CimMethod' complete.`,
          `VERBOSE: Time taken for configuration job to complete is ${r.int(2, 40)}.${r.int(100, 999)} seconds`,
        ];
        return {
          needle,
          key: k,
          beats: [
            ps(
              `Start-DscConfiguration -Path C:\\Ops\\DSC\\mof -ComputerName SRV-IIS03 -Wait -Verbose -Force`,
              out.join('\n'),
              undefined,
              true,
            ),
            ps(
              `Get-WinEvent -ComputerName SRV-IIS03 -LogName Microsoft-Windows-DSC/Operational -MaxEvents 3 | Select-Object -ExpandProperty Message`,
              `Job {${hex(r, 8).toUpperCase()}-${hex(r, 4).toUpperCase()}} : DSC Engine Error : Resource [Registry]${k}Tls12 : Requested registry access is not allowed.`,
              `Konto LCM na SRV-IIS03 nie ma praw do klucza SCHANNEL — zasób ${k}Tls12 trzeba uruchomić jako SYSTEM.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-setspn',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `MSSQLSvc/${k}-sql.${e.domain}:1433`;
        return {
          needle,
          key: k,
          beats: [
            ps(
              `setspn -L svc-${k}-sql`,
              `Registered ServicePrincipalNames for CN=svc-${k}-sql,OU=Service Accounts,DC=${e.domain.split('.').join(',DC=')}:\n        ${needle}\n        MSSQLSvc/${k}-sql:1433`,
              'Sprawdzam SPN konta usługi SQL, bez niego Kerberos nie zadziała.',
            ),
          ],
        };
      },
    },
  ];
}
