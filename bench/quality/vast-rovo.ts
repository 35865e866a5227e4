/**
 * The rovo harness of the vast family (vast.ts): a Rovo-Dev-like Atlassian agent on Vertex
 * (`toolu_vrtx_…` call ids) with native tools — `bash`, `open_files` (a list of paths, answered
 * "Successfully opened …" with zero-based numbered lines in a four-backtick fence), `grep_file_content`,
 * `find_and_replace_code`, `create_file`, and the Atlassian ones, `getJiraIssue` and
 * `getConfluencePage` (a page in Confluence storage XHTML). Azure infrastructure in Bicep (az bicep
 * build with BCP codes and linter rules, what-if, failed deployments), for a Swahili-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  chars,
  fail,
  firstLine,
  hex,
  lines,
  many,
  ok,
  one,
  say,
  type Planter,
  type VastCall,
  type VastHarness,
  type VastStep,
} from './vast-kit';

const ROOT = '/home/amani/kazi/miundombinu';
const FILES = [
  'infra/main.bicep',
  'infra/modules/appService.bicep',
  'infra/modules/keyVault.bicep',
  'infra/modules/sql.bicep',
  'infra/params/prod.bicepparam',
];
const SUB = '7c1e42d0-5b9a-4f3e-9d61-0a8c2f4b7e19';

function bash(command: string, output: string, exitCode = 0): VastCall {
  return exitCode === 0 ? ok('bash', { command }, output, 0) : fail('bash', { command }, output, exitCode);
}

function open(path: string, text: string): VastCall {
  return ok('open_files', { file_paths: [path] }, text);
}

function bicep(rng: Rng, n: number): string {
  return lines(n, (i) =>
    rng.pick([
      `param location${i} string = resourceGroup().location`,
      `resource app 'Microsoft.Web/sites@2023-12-01' = {`,
      `  name: 'app-malipo-\${env}'`,
      `  properties: {\n    httpsOnly: true\n    siteConfig: { minTlsVersion: '1.2' }\n  }`,
      '}',
      `// ${rng.pick(['Majina: <aina>-malipo-<mazingira>.', 'See ADR-007 for the network layout.', 'Tags zinatoka main.bicep.'])}`,
      '',
      `module kv 'modules/keyVault.bicep' = {`,
      `@secure()\nparam sqlAdminPassword string`,
      `output appPrincipalId string = app.identity.principalId`,
    ]),
  );
}

function whatIf(rng: Rng, extra = ''): string {
  return `Note: The result may contain false positive predictions (noise).\nYou can help us improve the accuracy of the result by opening an issue here: https://aka.ms/WhatIfIssues\n\nResource and property changes are indicated with these symbols:\n  + Create\n  ~ Modify\n  = Nochange\n\nThe deployment will update the following scope:\n\nScope: /subscriptions/${SUB}/resourceGroups/rg-malipo-prod\n\n  ~ Microsoft.Web/sites/app-malipo-prod [2023-12-01]\n    ~ properties.siteConfig.minTlsVersion: "1.0" => "1.2"\n  = Microsoft.KeyVault/vaults/kv-malipo-prod [2023-07-01]\n  = Microsoft.Sql/servers/sql-malipo-prod [2023-08-01-preview]${extra}\n\nResource changes: 1 to modify, ${rng.int(2, 9)} no change.`;
}

function rovoNoise(rng: Rng): VastStep {
  const r = rng.int(0, 7);
  if (r === 0)
    return one(
      undefined,
      bash(
        'az bicep build --file infra/main.bicep --stdout > /dev/null',
        rng.chance(0.5)
          ? ''
          : `${ROOT}/${rng.pick(FILES)}(${rng.int(3, 80)},${rng.int(1, 20)}) : Warning no-unused-params: Parameter "tags" is declared but never used. [https://aka.ms/bicep/linter/no-unused-params]`,
      ),
    );
  if (r === 1) {
    const [a, b] = rng.sample(FILES, 2) as [string, string];
    return many(rng.pick(['Nafungua faili zote mbili.', undefined]), [
      open(a, bicep(rng, rng.int(10, 40))),
      open(b, bicep(rng, rng.int(8, 25))),
    ]);
  }
  if (r === 2)
    return one(
      undefined,
      bash(
        'az deployment group what-if -g rg-malipo-prod -f infra/main.bicep -p infra/params/prod.bicepparam',
        whatIf(rng),
      ),
    );
  if (r === 3)
    return one(
      undefined,
      ok(
        'grep_file_content',
        { pattern: rng.pick(['minTlsVersion', 'principalId', '@secure', 'Microsoft.Web/sites']) },
        lines(rng.int(3, 10), () => `${rng.pick(FILES)}:${rng.int(3, 120)}:${firstLine(bicep(rng, 3))}`),
      ),
    );
  if (r === 4)
    return one(
      'Naangalia tiketi ya awali kwa muktadha.',
      ok(
        'getJiraIssue',
        { cloudId: 'malipo.atlassian.net', issueIdOrKey: 'MIU-112' },
        `{"key": "MIU-112", "fields": {"summary": "Hamisha app-malipo kwenda P1v3", "status": {"name": "Done"}, "assignee": {"displayName": "Amani Mwakyusa"}, "labels": ["azure", "bicep"], "updated": "2025-02-${rng.int(10, 28)}T09:${rng.int(10, 59)}:00.000+0300"}}`,
      ),
    );
  if (r === 5)
    return many(undefined, [
      bash(
        'git status --short',
        lines(rng.int(1, 3), () => ` M ${rng.pick(FILES)}`),
      ),
      bash(
        'git log --oneline -3',
        lines(3, () => `${hex(rng, 7)} ${rng.pick(['kv: rbac', 'app: p1v3', 'sql: tde', 'params: prod tags'])}`),
      ),
    ]);
  if (r === 6)
    return one(
      undefined,
      bash(
        'az account show -o table',
        `EnvironmentName    HomeTenantId                          IsDefault    Name                 State    TenantId\n-----------------  ------------------------------------  -----------  -------------------  -------  ------------------------------------\nAzureCloud         ${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}  True         malipo-production    Enabled  ${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}`,
      ),
    );
  return one(
    undefined,
    bash(
      'az deployment group what-if -g rg-malipo-prod -f infra/main.bicep -p infra/params/prod.bicepparam',
      `ERROR: AADSTS700082: The refresh token has expired due to inactivity. The token was issued on 2025-01-${rng.int(10, 28)}T08:14:02.0000000Z and was inactive for 90.00:00:00. Trace ID: ${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}\nInteractive authentication is needed. Please run:\naz login --scope https://management.core.windows.net//.default`,
      1,
    ),
  );
}

function rovoBig(rng: Rng): VastStep {
  if (rng.chance(0.5))
    return one(
      'Naorodhesha rasilimali zote za kundi ili kulinganisha na what-if.',
      bash(
        'az resource list -g rg-malipo-prod -o table',
        `Name                                   ResourceGroup    Location          Type                                        Status\n-------------------------------------  ---------------  ----------------  ------------------------------------------  --------\n${lines(rng.int(380, 480), (i) => `${`${rng.pick(['app', 'kv', 'sql', 'st', 'appi', 'log'])}-malipo-${rng.pick(['prod', 'stg', 'dev'])}-${i}`.padEnd(37)}  rg-malipo-prod   southafricanorth  ${rng.pick(['Microsoft.Web/sites', 'Microsoft.KeyVault/vaults', 'Microsoft.Storage/storageAccounts', 'Microsoft.Insights/components']).padEnd(42)}`)}`,
      ),
    );
  return one(undefined, open('infra/main.bicep', bicep(rng, rng.int(430, 530))));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `kuongeza Azure Front Door mbele ya app ya ${t}`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Habari! Hazina ni ~/kazi/miundombinu, miundombinu ya Azure kwa Bicep (mfumo wa malipo). Ninahitaji ${needle}, pamoja na WAF. Usiguse vnet kwa sasa.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `moduli ya ${t} kwa Azure Service Bus`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Kazi inayofuata: andika ${needle}, na foleni mbili.` }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `arifa za Azure Monitor kwa ${t} zinapozidi 5xx`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Jambo lingine: weka ${needle}, zitumwe kwa timu ya zamu.` }],
        };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `hakuna siri katika ${x}.bicepparam — zote kupitia Key Vault`,
            (x) => `${x}.bicepparam isiwe na siri yoyote; tumia Key Vault`,
            (x) => `usiweke siri kwenye ${x}.bicepparam, Key Vault pekee`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: `Sharti moja: ${needle}. Ukaguzi wa usalama unaangalia hili kila mwezi.` }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `<td>infra/modules/${t}.bicep</td><td>prod: SKU P1v3 au zaidi, zone redundant</td>`;
        return {
          how: 'tool-confluence',
          needle,
          beats: [
            {
              step: one(
                'Kabla ya kubadilisha, nasoma kanuni za timu kwenye Confluence.',
                ok(
                  'getConfluencePage',
                  { cloudId: 'malipo.atlassian.net', pageId: String(rng.int(100000000, 999999999)) },
                  `{"title": "Kanuni za miundombinu (Bicep)", "version": {"number": ${rng.int(3, 40)}}, "body": {"storage": {"value": "<p>Kila PR: <code>az bicep build</code> bila onyo, na what-if kwenye maelezo ya PR.</p><table><tbody><tr><th>Faili</th><th>Kanuni</th></tr><tr><td>infra/main.bicep</td><td>tags za gharama kwa kila rasilimali</td></tr><tr>${needle}</tr><tr><td>infra/params/*</td><td>hakuna siri</td></tr></tbody></table>"}}}`,
                ),
              ),
            },
            {
              step: one(
                `Kwa ${t}.bicep prod inahitaji P1v3 na zone redundancy; naangalia SKU ya sasa.`,
                ok(
                  'grep_file_content',
                  { pattern: `sku|zoneRedundant infra/modules/${t}.bicep` },
                  `infra/modules/${t}.bicep:${rng.int(5, 40)}:  sku: { name: 'P1v3', capacity: 3 }`,
                ),
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
        const needle = say(
          rng,
          [
            (x) => `Nimeamua kutumia managed identity badala ya connection string kwa ${x}`,
            (x) => `Switching ${x} to a user-assigned managed identity instead of a connection string`,
            (x) => `Chaguo: ${x} itatumia managed identity, si connection string`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle} — hivyo hakuna siri ya kuzungusha.`,
                ok(
                  'find_and_replace_code',
                  {
                    file_path: 'infra/modules/appService.bicep',
                    find: "      { name: 'SQL_CONN', value: sqlConnectionString }",
                    replace: `      { name: 'AZURE_CLIENT_ID', value: ${t}Identity.properties.clientId }`,
                  },
                  `Successfully replaced code in infra/modules/appService.bicep:\n\n--- infra/modules/appService.bicep\n+++ infra/modules/appService.bicep\n@@ -${rng.int(20, 60)},1 +${rng.int(20, 60)},1 @@\n-      { name: 'SQL_CONN', value: sqlConnectionString }\n+      { name: 'AZURE_CLIENT_ID', value: ${t}Identity.properties.clientId }`,
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
        const needle = `${t} itawekwa South Africa North, si West Europe`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Tumekubaliana na timu: ${needle}.`, `Sawa basi, ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `infra/modules/${t}.bicep`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'Naunda moduli mpya.',
                ok(
                  'create_file',
                  { file_path: needle, initial_content: `targetScope = 'resourceGroup'\n\n${bicep(rng, 6)}\n` },
                  `Successfully created ${needle}.`,
                ),
              ),
            },
            { step: one(undefined, bash(`az bicep build --file ${needle} --stdout > /dev/null`, '')) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `infra/params/${t}.bicepparam`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'find_and_replace_code',
                  { file_path: needle, find: "param appSku = 'B1'", replace: "param appSku = 'P1v3'" },
                  `Successfully replaced code in ${needle}:\n\n--- ${needle}\n+++ ${needle}\n@@ -${rng.int(3, 20)},1 +${rng.int(3, 20)},1 @@\n-param appSku = 'B1'\n+param appSku = 'P1v3'`,
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
        const needle = `Error BCP037: The property "${t}" is not allowed on objects of type "VaultProperties".`;
        const out = `${ROOT}/infra/modules/keyVault.bicep(${rng.int(10, 60)},5) : ${needle} Permissible properties include "accessPolicies", "createMode", "enablePurgeProtection", "enableRbacAuthorization", "networkAcls", "publicNetworkAccess". If this is a resource type definition inaccuracy, report it using https://aka.ms/bicep-type-issues. [https://aka.ms/bicep/core-diagnostics#BCP037]\n${ROOT}/infra/main.bicep(${rng.int(10, 60)},7) : Warning no-unused-params: Parameter "tags" is declared but never used. [https://aka.ms/bicep/linter/no-unused-params]`;
        return {
          how: 'tool-bicep',
          needle,
          beats: [
            { step: one(undefined, bash('az bicep build --file infra/main.bicep --stdout > /dev/null', out, 1)) },
            {
              step: one(
                `${t} si sifa ya VaultProperties; nafungua moduli.`,
                open('infra/modules/keyVault.bicep', bicep(rng, 12)),
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
        const needle = `Website with given name app-${t}-prod already exists.`;
        const detail = JSON.stringify({
          status: 'Failed',
          error: {
            code: 'DeploymentFailed',
            target: `/subscriptions/${SUB}/resourceGroups/rg-malipo-prod/providers/Microsoft.Resources/deployments/main`,
            message:
              'At least one resource deployment operation failed. Please list deployment operations for details. Please see https://aka.ms/arm-deployment-operations for usage details.',
            details: [{ code: 'Conflict', message: needle }],
          },
        });
        const out = buried(
          rng,
          rng.chance(0.3) ? 30 : 2,
          (i) =>
            `WARNING: ${rng.pick(['A new Bicep release is available: v0.33.', 'The configured default location is southafricanorth.'])} (${i})`,
          '',
          `ERROR: ${detail}`,
        );
        return {
          how: 'tool-arm',
          needle,
          beats: [
            {
              step: one(
                undefined,
                bash(
                  'az deployment group create -g rg-malipo-prod -f infra/main.bicep -p infra/params/prod.bicepparam',
                  out,
                  1,
                ),
              ),
            },
            {
              step: one(
                `Jina app-${t}-prod tayari lipo duniani; naongeza uniqueString kwenye jina.`,
                ok(
                  'grep_file_content',
                  { pattern: `app-\\\${env}` },
                  `infra/modules/appService.bicep:${rng.int(5, 40)}:  name: 'app-malipo-\${env}'`,
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
        const t = mint('hex');
        const needle = `${t}-${hex(rng, 4)}-4${hex(rng, 3)}-${hex(rng, 4)}-${hex(rng, 12)}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                bash(
                  'az deployment group show -g rg-malipo-prod -n main --query properties.outputs',
                  `{\n  "appPrincipalId": {\n    "type": "String",\n    "value": "${needle}"\n  },\n  "keyVaultUri": {\n    "type": "String",\n    "value": "https://kv-malipo-prod.vault.azure.net/"\n  }\n}`,
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
        const t = mint('code');
        const needle = `MIU-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [
            { user: `Tiketi ya Jira ni ${needle}; iweke kwenye jina la tawi na kichwa cha PR.` },
            {
              step: one(
                undefined,
                ok(
                  'getJiraIssue',
                  { cloudId: 'malipo.atlassian.net', issueIdOrKey: needle },
                  `{"key": "${needle}", "fields": {"summary": "Front Door + WAF kwa malipo", "status": {"name": "In Progress"}, "priority": {"name": "High"}, "updated": "2025-03-${rng.int(10, 28)}T10:00:00.000+0300"}}`,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `Hatua inayofuata: kuongeza ${x} kwenye .azure/pipelines/deploy.yml`,
            (x) => `Next: add ${x} to the stages in .azure/pipelines/deploy.yml`,
            (x) => `Bado: ${x} haijaingia kwenye .azure/pipelines/deploy.yml`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Build safi, what-if inaonyesha mabadiliko yanayotarajiwa.\n${needle}\nKisha what-if tena kwa stg.`,
                ok('grep_file_content', { pattern: `${t} .azure/pipelines/deploy.yml` }, 'No matches found'),
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
        const needle = `fungua change request ya ${t} kabla ya kupeleka prod`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Safi. Kabla ya kumaliza, kumbuka: ${needle}.` },
            {
              step: one(`Sawa, ${t}. Naangalia hali ya git kwanza.`, bash('git status --short', ' M infra/main.bicep')),
            },
          ],
        };
      },
    },
  ],
};

function openView(c: VastCall): string {
  const path = String((c.args['file_paths'] as string[])[0]);
  const body = c.output
    .split('\n')
    .map((l, i) => `${String(i).padStart(4)}  ${l}`)
    .join('\n');
  return `Successfully opened ${path}:\n\n\`\`\`\`\n${body}\n\`\`\`\``;
}

/** The rovo harness. */
export const VAST_ROVO: VastHarness = {
  style: 'rovo',
  protocol: 'native',
  system:
    "You are Rovo Dev, an AI agent by Atlassian working in the user's terminal. You can open, search and edit files in the workspace, run bash commands, and read Jira issues and Confluence pages through the Atlassian tools.\n\nWorkspace: /home/amani/kazi/miundombinu (git). It holds the Azure infrastructure of the malipo payment system in Bicep (Bicep CLI 0.32 via az 2.67), deployed to rg-malipo-{dev,stg,prod} in southafricanorth.\n\nGuidelines:\n- Open files before editing them; keep edits minimal.\n- Never run `az deployment group create` against prod without showing a what-if first.\n- Reply in the language the user writes in (Swahili).",
  tools: [
    'bash',
    'open_files',
    'grep_file_content',
    'find_and_replace_code',
    'create_file',
    'getJiraIssue',
    'getConfluencePage',
  ],
  callId: (rng) => `toolu_vrtx_01${chars(rng, 22)}`,
  wrap: (c) => {
    if (c.tool === 'open_files') return openView(c);
    if (c.tool === 'bash' && c.status === 'error') return `${c.output}\n\nCommand exited with code ${c.exitCode ?? 1}`;
    return c.output;
  },
  noise: rovoNoise,
  big: rovoBig,
  followUp: (rng) =>
    rng.pick([
      'Je, build inapita sasa?',
      'what-if inasema nini?',
      'Endesha az bicep build tena, tafadhali.',
      'Nieleze kwa ufupi ulichobadilisha.',
      'Sawa, nini kinafuata?',
    ]),
  keepGoing: (rng) => rng.pick(['Endelea.', 'Endelea tu.', 'Endelea hadi build ipite bila onyo.']),
  answer: (rng) =>
    rng.pick([
      'Hatua imekamilika: az bicep build haina makosa na what-if inaonyesha mabadiliko yanayotarajiwa tu.',
      'Nimerekebisha; limebaki onyo moja la linter (no-unused-params).',
      'Muhtasari: moduli zilizobadilishwa zinajengwa bila makosa.',
      'Imekamilika. Hakuna makosa mapya.',
    ]),
  probe: (rng) => rng.pick(['Endelea.', 'Endelea ulipoishia.', 'Sasa je?']),
  planters: PLANTERS,
};
