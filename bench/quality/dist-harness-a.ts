/**
 * Four harnesses of the dist family: an external pentest agent whose tools answer in JSON
 * envelopes, a bioinformatics agent running Nextflow/Snakemake/samtools/R on a Slurm cluster,
 * a Rails/Sidekiq agent working for a Portuguese-speaking user, and an MCP-heavy Elixir/Phoenix
 * agent (server-prefixed tool names) working for a French-speaking user.
 */
import type { Rng } from './rng';
import {
  ansi,
  chars,
  hex,
  lines,
  sizeOf,
  stamp,
  table,
  uuid,
  type DistCall,
  type DistHarness,
  type DistStep,
  type Planter,
} from './dist-kit';
import { mentions, saying } from './dist-facts';

const B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// ---------------------------------------------------------------- pentest

const HOSTS = ['portal', 'api', 'sso', 'cdn', 'billing', 'status', 'files', 'mail', 'grafana', 'jira'];

function envelope(ok: boolean, stdout: string, stderr: string, exit: number, r: Rng): string {
  return JSON.stringify({ ok, exit, ms: r.int(40, 190000), stdout, stderr, truncated: false });
}

function runCall(r: Rng, cmd: string, stdout: string, stderr = '', exit = 0): DistCall {
  return {
    name: 'run',
    args: { cmd, timeout: r.pick([120, 300, 900]) },
    output: envelope(exit === 0, stdout, stderr, exit, r),
    status: exit === 0 ? 'ok' : 'error',
    exitCode: exit,
  };
}

function nmapHost(r: Rng, name: string, ip: string): string {
  const ports = r.sample(
    [
      '22/tcp   open     ssh        OpenSSH 8.9p1 Ubuntu 3ubuntu0.6',
      '80/tcp   open     http       nginx 1.22.1',
      '443/tcp  open     ssl/http   nginx 1.22.1',
      '8443/tcp open     ssl/http   Jetty 9.4.51.v20230217',
      '3389/tcp filtered ms-wbt-server',
      '5432/tcp filtered postgresql',
      '9200/tcp closed   wap-wsp',
      '25/tcp   open     smtp       Postfix smtpd',
    ],
    r.int(1, 5),
  );
  return `Nmap scan report for ${name} (${ip})\nHost is up (0.0${r.int(11, 99)}s latency).\nNot shown: ${r.int(990, 998)} filtered tcp ports (no-response)\nPORT     STATE    SERVICE    VERSION\n${ports.join('\n')}\n`;
}

function nmapNoise(r: Rng): DistStep {
  const n = sizeOf(r, 3, 16, 70);
  const net = r.pick(['203.0.113', '198.51.100']);
  const body = lines(n, (i) => nmapHost(r, `${r.pick(HOSTS)}${i % 3 ? `-${i}` : ''}.acme-corp.io`, `${net}.${i + 2}`));
  const out = `Starting Nmap 7.94 ( https://nmap.org ) at 2024-06-12 09:${r.int(10, 59)} UTC\n${body}\nService detection performed. Please report any incorrect results at https://nmap.org/submit/ .\nNmap done: 64 IP addresses (${n} hosts up) scanned in ${r.int(60, 900)}.${r.int(10, 99)} seconds\n`;
  return { calls: [runCall(r, `nmap -sV -Pn -T3 --top-ports 1000 ${net}.0/26`, out)] };
}

function ffufNoise(r: Rng): DistStep {
  const words = [
    'admin',
    'api',
    'backup',
    'debug',
    'export',
    'invoices',
    'login',
    'static',
    '.git',
    'graphql',
    'v1',
    'v2',
  ];
  const progress = lines(
    sizeOf(r, 4, 30, 200),
    (i) =>
      `:: Progress: [${(i + 1) * 97}/20469] :: Job [1/1] :: ${r.int(380, 460)} req/sec :: Duration: [0:00:${String(i % 60).padStart(2, '0')}] :: Errors: 0 ::`,
  );
  const hits = r
    .sample(words, r.int(2, 6))
    .map(
      (w) =>
        `${w.padEnd(24)} [Status: ${r.pick([200, 301, 403, 401])}, Size: ${r.int(0, 9000)}, Words: ${r.int(1, 900)}, Lines: ${r.int(1, 200)}, Duration: ${r.int(20, 300)}ms]`,
    );
  const host = `${r.pick(HOSTS)}.acme-corp.io`;
  return {
    calls: [
      runCall(
        r,
        `ffuf -u https://${host}/FUZZ -w raft-medium-directories.txt -rate 50 -mc 200,301,401,403`,
        `${progress}\n${hits.join('\n')}`,
      ),
    ],
  };
}

function httpxNoise(r: Rng): DistStep {
  const out = lines(sizeOf(r, 3, 20, 120), (i) => {
    const h = `${r.pick(HOSTS)}${i > 9 ? i : ''}.acme-corp.io`;
    return `https://${h} [${r.pick([200, 200, 301, 403, 404, 502])}] [${r.pick(['Acme Portal', 'Sign in', '403 Forbidden', 'Grafana', 'Status'])}] [${r.pick(['nginx/1.22.1', 'cloudflare', 'Jetty(9.4.51)', 'envoy'])}] [${r.pick(['Next.js,React', 'Java', 'Go', 'PHP:8.1'])}]`;
  });
  return { calls: [runCall(r, 'httpx -l hosts.txt -sc -title -server -td -silent', out)] };
}

function nucleiNoise(r: Rng): DistStep {
  const out = lines(sizeOf(r, 3, 25, 150), (i) => {
    const sev = r.pick(['info', 'info', 'info', 'low', 'medium']);
    const tpl = r.pick([
      'tech-detect:nginx',
      'http-missing-security-headers:x-frame-options',
      'ssl-issuer',
      'waf-detect:cloudflare',
      'CVE-2023-44487',
      'options-method',
    ]);
    return `[${stamp(i * 3).replace('T', ' ')}] [${tpl}] [http] [${sev === 'medium' ? ansi(33, sev) : ansi(34, sev)}] https://${r.pick(HOSTS)}.acme-corp.io${r.pick(['', '/', '/login', '/api/v2'])}`;
  });
  return { calls: [runCall(r, `nuclei -l live.txt -severity info,low,medium -rl 20 -silent`, out)] };
}

function cveNoise(r: Rng): DistStep {
  const id = `CVE-${r.pick([2022, 2023, 2024])}-${r.int(1000, 49999)}`;
  const out = JSON.stringify(
    {
      id,
      cvss: { v3: Number((r.int(40, 98) / 10).toFixed(1)) },
      summary: `${r.pick(['Jetty', 'nginx', 'Next.js', 'Grafana'])} ${r.pick(['request smuggling', 'path traversal', 'SSRF in image optimizer', 'auth bypass'])} in versions before the fix`,
      references: [`https://nvd.nist.gov/vuln/detail/${id}`],
    },
    null,
    1,
  );
  return { calls: [{ name: 'cve_lookup', args: { id }, output: out }] };
}

function httpResponse(r: Rng, status: string, headers: string[], body: string): string {
  return `HTTP/2 ${status}\ndate: Wed, 12 Jun 2024 09:${r.int(10, 59)}:${r.int(10, 59)} GMT\ncontent-type: text/html; charset=utf-8\n${headers.join('\n')}\nx-request-id: ${uuid(r)}\n\n${body}`;
}

function httpNoise(r: Rng): DistStep {
  const url = `https://${r.pick(HOSTS)}.acme-corp.io${r.pick(['/', '/api/v2/me', '/login', '/invoices/export'])}`;
  const out = httpResponse(
    r,
    r.pick(['200', '302', '401', '403']),
    [`server: ${r.pick(['nginx', 'cloudflare', 'envoy'])}`, `cache-control: no-store`],
    `<!doctype html><html><head><title>Acme</title></head><body>${'<div class="x"></div>'.repeat(r.int(1, 40))}</body></html>`,
  );
  return { calls: [{ name: 'http', args: { method: 'GET', url, follow_redirects: false }, output: out }] };
}

const pentestPlanters: Planter[] = [
  {
    kind: 'constraint',
    plant: (c) => {
      const key = c.mint('word');
      const needle = c.r.pick([
        `vpn-${key}.acme-corp.io is out of scope: do not scan or touch it`,
        `no authenticated testing against tenant ${key} (live customer data)`,
        `stay under 5 req/s against the WAF edge ${key}`,
      ]);
      const yaml = `engagement: ACME-2024-Q2-EXT\nwindow: 2024-06-10T00:00Z/2024-06-21T23:59Z\nin_scope:\n  - '*.acme-corp.io'\n  - 203.0.113.0/26\nout_of_scope:\n  - 198.51.100.128/25\nrules:\n  - no denial of service or load testing\n  - ${needle}\n  - report criticals to secops within 4h\ncontacts:\n  secops: secops@acme-corp.io\n`;
      return {
        fact: { kind: 'constraint', how: 'tool-scope', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              say: 'Re-reading the rules of engagement before the next phase.',
              calls: [{ name: 'scope', args: {}, output: yaml }],
            },
          },
          ...mentions(c, 'constraint', key, 0, 2),
        ],
      };
    },
  },
  {
    kind: 'error',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `[CRITICAL] unable to connect to the target URL (invoice-${key}.acme-corp.io)`;
      const cmd = `sqlmap -u 'https://invoice-${key}.acme-corp.io/api/v2/invoices?id=1' --batch --level 2 --risk 1 --delay 0.3`;
      const stdout = `        ___\n       __H__\n ___ ___[']_____ ___ ___  {1.8.4#stable}\n\n[*] starting @ 09:41:02 /2024-06-12/\n\n[09:41:02] [INFO] testing connection to the target URL\n`;
      const stderr = `[09:41:33] ${needle}. sqlmap is going to retry the request(s)\n[09:42:04] [WARNING] if the problem persists please check that the provided target URL is reachable\n`;
      return {
        fact: { kind: 'error', how: 'tool-envelope', needle, key },
        beats: [
          { t: 'step', step: { calls: [runCall(c.r, cmd, stdout, stderr, 1)] } },
          saying(c, `sqlmap could not reach invoice-${key}; checking whether it is the WAF or DNS.`),
          { t: 'step', step: { calls: [runCall(c.r, `dig +short invoice-${key}.acme-corp.io`, '')] } },
          ...mentions(c, 'error', key, 0, 1),
        ],
      };
    },
  },
  {
    kind: 'error',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `upstream edge-${key} returned an invalid response`;
      const html = `<html>\n<head><title>502 Bad Gateway</title></head>\n<body>\n<center><h1>502 Bad Gateway</h1></center>\n<p>The server encountered a temporary error: ${needle} while handling /invoices/export.</p>\n<hr><center>nginx</center>\n</body>\n</html>`;
      return {
        fact: { kind: 'error', how: 'tool-html', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              calls: [
                {
                  name: 'http',
                  args: {
                    method: 'POST',
                    url: 'https://billing.acme-corp.io/invoices/export',
                    body: 'format=pdf&range=all',
                  },
                  output: httpResponse(c.r, '502', ['server: nginx'], html),
                  status: 'error',
                },
              ],
            },
          },
          ...mentions(c, 'error', key, 1, 2),
        ],
      };
    },
  },
  {
    kind: 'value',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `x-backend-server: app-${key}-07.int.acme-corp.io`;
      const out = httpResponse(
        c.r,
        '200',
        ['server: nginx', 'x-powered-by: Next.js', needle, 'strict-transport-security: max-age=31536000'],
        '{"ok":true}',
      );
      return {
        fact: { kind: 'value', how: 'tool-headers', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              calls: [
                { name: 'http', args: { method: 'GET', url: 'https://api.acme-corp.io/api/v2/health' }, output: out },
              ],
            },
          },
          saying(
            c,
            `Internal hostname leaked in a header: app-${key}-07. Adding it to the notes as an information disclosure.`,
          ),
          ...mentions(c, 'value', key, 0, 1),
        ],
      };
    },
  },
  {
    kind: 'value',
    plant: (c) => {
      const key = c.mint('word');
      const ip = `203.0.113.${c.r.int(40, 62)}`;
      const needle = `Nmap scan report for legacy-${key}.acme-corp.io (${ip})`;
      const step = nmapNoise(c.r);
      const call = step.calls[0] as DistCall;
      const inner = JSON.parse(call.output) as { stdout: string };
      const hostsAt = inner.stdout.indexOf('\nNmap scan report');
      const stdout = `${inner.stdout.slice(0, hostsAt + 1)}${nmapHost(c.r, `legacy-${key}.acme-corp.io`, ip).replace('Not shown', 'Not shown')}${inner.stdout.slice(hostsAt + 1)}`;
      return {
        fact: { kind: 'value', how: 'tool-bigscan', needle, key },
        beats: [
          { t: 'step', step: { calls: [{ ...call, output: envelope(true, stdout, '', 0, c.r) }] } },
          saying(c, `One host stands out: legacy-${key} still runs the old stack. Looking closer at it.`),
          ...mentions(c, 'value', key, 0, 1),
        ],
      };
    },
  },
  {
    kind: 'file',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `findings/${key}_idor_invoice_export.md`;
      const content = `# IDOR in invoice export\n\nSeverity: High\n\n## Steps\n1. Log in as tenant A\n2. POST /invoices/export with another tenant's id\n`;
      return {
        fact: { kind: 'file', how: 'agent-notes', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              say: 'Writing the finding up while the details are fresh.',
              calls: [{ name: 'notes', args: { path: needle, content }, output: `wrote ${content.length} bytes` }],
            },
          },
          saying(c, `Finding ${key} written; adding the request/response pair next.`),
          ...mentions(c, 'file', key, 0, 1),
        ],
      };
    },
  },
  {
    kind: 'file',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `configs/nuclei-${key}.yaml`;
      return {
        fact: { kind: 'file', how: 'agent-sed', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              calls: [
                runCall(
                  c.r,
                  `sed -i 's/rate-limit: 150/rate-limit: 20/' ${needle} && grep -n rate ${needle}`,
                  '4:rate-limit: 20\n5:bulk-size: 10',
                ),
              ],
            },
          },
          ...mentions(c, 'file', key, 1, 2),
        ],
      };
    },
  },
];

const pentest: DistHarness = {
  protocol: 'native',
  lang: 'en',
  system:
    'You are Rook, an assistant for authorized external penetration tests. Work only inside the engagement scope (call `scope` when unsure). Tools return JSON envelopes {ok, exit, ms, stdout, stderr}. Record findings with `notes`. Never run destructive payloads.',
  tools: ['run', 'http', 'cve_lookup', 'scope', 'notes'],
  callId: (r) => `toolu_bdrk_01${chars(r, B62, 22)}`,
  opening: (r, goal, rules) =>
    `Engagement ACME-2024-Q2-EXT is live. The goal: ${goal}.${rules ? ` One hard rule from the client: ${rules}.` : ''} Recon output from yesterday is in ./recon. ${r.pick(['Start with the web tier.', 'Be methodical, we have the week.'])}`,
  asks: [
    'next?',
    'anything on billing yet?',
    'try the API side now',
    'ok, go on',
    'what does nuclei say about the rest',
    'check the headers on those hosts',
  ],
  acks: [
    'Done with that pass. Nothing exploitable yet.',
    'Scan finished; notes updated.',
    'That path is a dead end. Moving on when you say.',
    'OK.',
  ],
  noise: [nmapNoise, ffufNoise, httpxNoise, nucleiNoise, cveNoise, httpNoise],
  phrases: {
    token: 'word',
    goal: [
      (k) => `show whether a tenant on billing-${k}.acme-corp.io can read another tenant's invoices`,
      (k) => `map the external attack surface of the ${k} acquisition and rank what we find`,
      (k) => `prove or rule out SSRF in the PDF export of portal build ${k}`,
    ],
    constraint: [
      (k) => `never touch the ${k} SSO tenant, it is shared with their payroll provider`,
      (k) => `all traffic must come from jump host ${k}.pt.example so they can whitelist it`,
    ],
    options: [
      (k) => [
        `report the ${k} IDOR as High (CVSS 8.1) and stop exploiting`,
        `chain the ${k} IDOR with the export bug and claim a Critical`,
        `hold finding ${k} until the retest window`,
      ],
      (k) => [
        `test the ${k} API with the low-priv account only`,
        `request a second admin account for ${k}`,
        `skip authenticated testing of ${k}`,
      ],
    ],
    pending: [
      (k) => `retest the password-reset flow on ${k} after the vendor patch`,
      (k) => `ask Acme for a second tenant to confirm the ${k} cross-tenant read`,
      (k) => `write the remediation section for finding ${k}`,
    ],
  },
  planters: pentestPlanters,
  writeDoc: (r, path, content) => ({
    name: 'notes',
    args: { path, content },
    output: `wrote ${content.length} bytes to ${path}`,
  }),
  docs: {
    adr: (n) => `notes/decision-${n}.md`,
    changelog: 'report/CHANGES.md',
    handoff: 'HANDOFF.md',
    pr: 'report/draft-summary.md',
  },
};

// ---------------------------------------------------------------- bioinformatics

const SAMPLES = ['CTRL_1', 'CTRL_2', 'CTRL_3', 'KO_1', 'KO_2', 'KO_3', 'TRT_1', 'TRT_2', 'TRT_3', 'TRT_4'];
const PROCS = [
  'FASTQC',
  'TRIMGALORE',
  'STAR_ALIGN',
  'SAMTOOLS_SORT',
  'SAMTOOLS_INDEX',
  'PICARD_MARKDUPLICATES',
  'SALMON_QUANT',
  'FEATURECOUNTS',
  'MULTIQC',
];

function shell(r: Rng, command: string, output: string, exit = 0): DistCall {
  return { name: 'shell', args: { command }, output, status: exit ? 'error' : 'ok', exitCode: exit };
}

function nextflowNoise(r: Rng): DistStep {
  const n = sizeOf(r, 2, 12, 60);
  const progress = lines(n, (i) => {
    const p = r.pick(PROCS);
    const total = r.int(4, 40);
    const done = Math.min(total, r.int(0, total));
    return `[${hex(r, 2)}/${hex(r, 6)}] process > NFCORE_RNASEQ:RNASEQ:${p} (${r.pick(SAMPLES)}) [${String(Math.round((done / total) * 100)).padStart(3)}%] ${done} of ${total}${i % 7 === 6 ? ' ✔' : ''}`;
  });
  const out = `${ansi(2, 'N E X T F L O W  ~  version 23.10.1')}\nLaunching \`nf-core/rnaseq\` [${r.pick(['adoring', 'sleepy', 'tiny'])}_${r.pick(['curie', 'darwin', 'hopper'])}] DSL2 - revision: 3bec2331ca [3.14.0]\n\nexecutor >  slurm (${r.int(3, 400)})\n${progress}\n`;
  return {
    calls: [
      shell(
        r,
        'nextflow run nf-core/rnaseq -r 3.14.0 -profile singularity,slurm -params-file params.yaml -resume',
        out,
      ),
    ],
  };
}

function flagstatNoise(r: Rng): DistStep {
  const total = r.int(20_000_000, 60_000_000);
  const s = r.pick(SAMPLES);
  const out = `${total} + 0 in total (QC-passed reads + QC-failed reads)\n${total - r.int(0, 90000)} + 0 primary\n0 + 0 secondary\n${r.int(100000, 900000)} + 0 supplementary\n${r.int(1_000_000, 9_000_000)} + 0 duplicates\n${Math.round(total * 0.93)} + 0 mapped (${r.int(85, 97)}.${r.int(10, 99)}% : N/A)\n${total} + 0 paired in sequencing\n`;
  return { calls: [shell(r, `samtools flagstat results/star_salmon/${s}.markdup.sorted.bam`, out)] };
}

function squeueNoise(r: Rng): DistStep {
  const rows = Array.from({ length: sizeOf(r, 2, 20, 150) }, () => [
    String(r.int(8_100_000, 8_199_999)),
    r.pick(['cpu', 'highmem', 'gpu']),
    `nf-${r.pick(PROCS).slice(0, 8)}`,
    'jlopez',
    r.pick(['R', 'R', 'PD', 'CG']),
    `${r.int(0, 3)}:${String(r.int(0, 59)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}`,
    '1',
    `node${r.int(100, 240)}`,
  ]);
  return {
    calls: [
      {
        name: 'slurm_status',
        args: { user: 'jlopez' },
        output: table(['JOBID', 'PARTITION', 'NAME', 'USER', 'ST', 'TIME', 'NODES', 'NODELIST(REASON)'], rows, false),
      },
    ],
  };
}

function rNoise(r: Rng): DistStep {
  const genes = Array.from({ length: sizeOf(r, 5, 40, 400) }, () => [
    `ENSG000001${r.int(10000, 99999)}`,
    (r.int(10, 90000) / 10).toFixed(1),
    (r.int(-600, 600) / 100).toFixed(3),
    (r.int(1, 99) / 1000).toFixed(4),
    `${r.int(1, 9)}.${r.int(10, 99)}e-${r.int(3, 40)}`,
  ]);
  const out = `log2 fold change (MLE): condition KO vs CTRL\nWald test p-value: condition KO vs CTRL\nDataFrame with ${genes.length} rows and 5 columns\n${table(['', 'baseMean', 'log2FoldChange', 'lfcSE', 'padj'], genes, false)}`;
  return {
    calls: [
      shell(
        r,
        `Rscript -e 'res <- readRDS("de/res_KO_vs_CTRL.rds"); print(head(res[order(res$padj),], ${genes.length}))'`,
        out,
      ),
    ],
  };
}

function readNoise(r: Rng): DistStep {
  const out = `params {\n  input          = 'samplesheet.csv'\n  outdir         = 'results'\n  genome         = 'GRCh38'\n  aligner        = 'star_salmon'\n  max_memory     = '${r.pick([128, 256, 512])}.GB'\n  max_cpus       = ${r.pick([16, 32, 64])}\n}\nprocess {\n  withName: 'STAR_ALIGN' { memory = '64.GB'; time = '${r.int(4, 12)}h' }\n}\n`;
  return {
    calls: [{ name: 'read_file', args: { path: r.pick(['conf/custom.config', 'nextflow.config']) }, output: out }],
  };
}

const bioPlanters: Planter[] = [
  {
    kind: 'error',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `Process NFCORE_RNASEQ:RNASEQ:STAR_ALIGN (${key}_R1) terminated with an error exit status (137)`;
      const out = `executor >  slurm (212)\n[${hex(c.r, 2)}/${hex(c.r, 6)}] process > NFCORE_RNASEQ:RNASEQ:STAR_ALIGN (${key}_R1) [ 91%] 21 of 23, failed: 1\nERROR ~ Error executing process > 'NFCORE_RNASEQ:RNASEQ:STAR_ALIGN (${key}_R1)'\n\nCaused by:\n  ${needle}\n\nCommand exit status:\n  137\n\nWork dir:\n  /scratch/jlopez/work/${hex(c.r, 2)}/${hex(c.r, 30)}\n\nTip: you can replicate the issue by changing to the process work dir and entering the command \`bash .command.run\`\n`;
      return {
        fact: { kind: 'error', how: 'tool-nextflow', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              calls: [
                shell(
                  c.r,
                  'nextflow run nf-core/rnaseq -r 3.14.0 -profile singularity,slurm -params-file params.yaml -resume',
                  out,
                  1,
                ),
              ],
            },
          },
          saying(c, `Exit 137 on ${key}_R1 is the OOM killer. Checking sacct for its memory high-water mark.`),
          {
            t: 'step',
            step: {
              calls: [
                shell(
                  c.r,
                  `sacct -j ${c.r.int(8_100_000, 8_199_999)} --format=JobID,MaxRSS,ReqMem,State`,
                  `JobID        MaxRSS  ReqMem      State\n------------ ------- ------- ----------\n8123456.bat+  63.9G     64G OUT_OF_ME+`,
                ),
              ],
            },
          },
          ...mentions(c, 'error', key, 0, 1),
        ],
      };
    },
  },
  {
    kind: 'error',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `Error in DESeqDataSetFromMatrix(countData = cts, colData = coldata_${key}, design = ~batch + condition)`;
      const out = `Loading required package: S4Vectors\nLoading required package: BiocGenerics\n\nAttaching package: 'BiocGenerics'\n${lines(c.r.int(4, 30), (i) => `The following objects are masked from 'package:stats${i}':`)}\n${needle} : \n  the model matrix is not full rank, so the model cannot be fit as specified.\n  One or more variables or interaction terms in the design formula are linear\n  combinations of the others and must be removed.\nExecution halted\n`;
      return {
        fact: { kind: 'error', how: 'tool-rscript', needle, key },
        beats: [
          { t: 'step', step: { calls: [shell(c.r, 'Rscript scripts/deseq2.R', out, 1)] } },
          ...mentions(c, 'error', key, 1, 2),
        ],
      };
    },
  },
  {
    kind: 'value',
    plant: (c) => {
      const key = c.mint('word');
      const rows = Array.from({ length: sizeOf(c.r, 10, 60, 300) }, (_, i) => [
        `LIB${i}_${c.r.pick(SAMPLES)}`,
        String(c.r.int(20_000_000, 60_000_000)),
        `${c.r.int(88, 96)}.${c.r.int(10, 99)}%`,
        `${c.r.int(8, 30)}.${c.r.int(1, 9)}%`,
      ]);
      const reads = String(c.r.int(20_000_000, 60_000_000));
      const row = [`LIB_${key}`, reads, '71.38%', '44.2%'];
      rows.splice(c.r.int(0, rows.length), 0, row);
      const out = table(['Sample', 'Total reads', 'Uniquely mapped', 'Dup rate'], rows);
      const line = out.split('\n').find((l) => l.includes(`LIB_${key}`)) ?? '';
      const needle = line.slice(line.indexOf(`LIB_${key}`), line.indexOf('71.38%') + 6);
      return {
        fact: { kind: 'value', how: 'tool-multiqc', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              calls: [
                shell(
                  c.r,
                  'column -s$"\\t" -t results/multiqc/star_salmon/multiqc_data/multiqc_star.txt | head -400',
                  out,
                ),
              ],
            },
          },
          saying(c, `LIB_${key} is the outlier (71% unique vs ~90% elsewhere) with a 44% duplicate rate.`),
          ...mentions(c, 'value', key, 0, 1),
        ],
      };
    },
  },
  {
    kind: 'file',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `workflow/rules/dedup_${key}.smk`;
      return {
        fact: { kind: 'file', how: 'agent-sed', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              calls: [
                shell(
                  c.r,
                  `cp workflow/rules/dedup.smk ${needle} && sed -i 's/REMOVE_DUPLICATES=false/REMOVE_DUPLICATES=true/' ${needle}`,
                  '',
                ),
              ],
            },
          },
          {
            t: 'step',
            step: {
              calls: [
                shell(
                  c.r,
                  'snakemake -n --cores 8 2>&1 | tail -5',
                  `Job stats:\njob          count\n---------  -------\nall              1\ndedup_${key}    10\ntotal           11\n\nThis was a dry-run (flag -n). The order of jobs does not reflect the order of execution.`,
                ),
              ],
            },
          },
          ...mentions(c, 'file', key, 0, 1),
        ],
      };
    },
  },
  {
    kind: 'constraint',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `every job must be charged to Slurm account lab-${key}`;
      const thread = JSON.stringify(
        [
          { user: 'mpatel', ts: '1718183401.0021', text: 'heads up, the HPC team is auditing allocations this month' },
          {
            user: 'hpc-admin',
            ts: '1718183622.1188',
            text: `Reminder for the group: ${needle}. Jobs on the default account will be cancelled without notice.`,
          },
          { user: 'jlopez', ts: '1718183700.3311', text: 'ack' },
        ],
        null,
        1,
      );
      return {
        fact: { kind: 'constraint', how: 'tool-slack', needle, key },
        beats: [
          {
            t: 'step',
            step: { calls: [{ name: 'read_file', args: { path: 'notes/slack-hpc-thread.json' }, output: thread }] },
          },
          saying(
            c,
            `Adding clusterOptions = '--account=lab-${key}' to the slurm profile so nothing lands on the default account.`,
          ),
        ],
      };
    },
  },
];

const bioinf: DistHarness = {
  protocol: 'native',
  lang: 'en',
  system:
    'You are a bioinformatics assistant on the Hughes lab HPC (Slurm, Singularity). You run nf-core pipelines, Snakemake workflows, samtools and R. Prefer -resume over reruns; never delete anything under /data/raw.',
  tools: ['shell', 'read_file', 'write_file', 'slurm_status'],
  callId: (r) => `call_${chars(r, B62, 24)}`,
  opening: (r, goal, rules) =>
    `Hi! I need you to ${goal}. Samplesheet is samplesheet.csv, params in params.yaml.${rules ? ` Also: ${rules}.` : ''} ${r.pick(['The last run died halfway.', 'Reviewer 2 wants the analysis redone.'])}`,
  asks: [
    'how far is the run?',
    'ok',
    'can you check the QC again',
    'what do the DE results look like now?',
    'keep going',
    'any jobs stuck?',
  ],
  acks: [
    'Run is still going; nothing failed so far.',
    'QC looks fine apart from the usual suspects.',
    'Done for now.',
    'Resumed; the cached tasks were skipped.',
  ],
  noise: [nextflowNoise, flagstatNoise, squeueNoise, rNoise, readNoise],
  phrases: {
    token: 'word',
    goal: [
      (k) => `get the nf-core/rnaseq run for cohort ${k} through to DESeq2 results`,
      (k) => `find out why plate ${k} has half the mapped reads of the others`,
      (k) => `rebuild the ${k} differential-expression figures with batch correction`,
    ],
    constraint: [
      (k) => `keep intermediate BAMs on /scratch/${k} only, never in the project folder`,
      (k) => `do not change the reference from GRCh38 release ${k} pinned in the paper`,
    ],
    options: [
      (k) => [
        `use STAR two-pass mode for cohort ${k}`,
        `switch cohort ${k} to HISAT2`,
        `keep single-pass STAR for ${k} and raise memory`,
      ],
      (k) => [
        `drop library ${k} from the DE analysis`,
        `keep library ${k} and add it as a covariate`,
        `resequence library ${k} before deciding`,
      ],
    ],
    pending: [
      (k) => `rerun featureCounts for plate ${k} once the core re-uploads lane 4`,
      (k) => `send the ${k} MultiQC report to the sequencing core`,
      (k) => `archive the ${k} work directory to tape`,
    ],
  },
  planters: bioPlanters,
  writeDoc: (r, path, content) => ({
    name: 'write_file',
    args: { path, content },
    output: `Wrote ${content.split('\n').length} lines to ${path}`,
  }),
  docs: {
    adr: (n) => `docs/decisions/${String(n).padStart(3, '0')}.md`,
    changelog: 'CHANGELOG.md',
    handoff: 'HANDOFF.md',
    pr: '.github/PULL_REQUEST_BODY.md',
  },
};

// ---------------------------------------------------------------- rails (Portuguese-speaking user)

const CONTROLLERS = [
  'Webhooks::StripeController#create',
  'PayoutsController#index',
  'Api::V1::LedgerController#show',
  'Admin::MerchantsController#update',
];
const JOBS = ['Payouts::SettleJob', 'Ledger::ReconcileJob', 'Webhooks::ProcessEventJob', 'Merchants::SyncJob'];

function term(r: Rng, command: string, output: string, exit = 0): DistCall {
  return {
    name: 'run_terminal',
    args: { command, cwd: '~/src/pagali' },
    output,
    status: exit ? 'error' : 'ok',
    exitCode: exit,
  };
}

function railsLogNoise(r: Rng): DistStep {
  const out = lines(sizeOf(r, 3, 18, 120), (i) => {
    const id = uuid(r);
    const ctl = r.pick(CONTROLLERS);
    return `I, [${stamp(i * 2)}.${r.int(100000, 999999)} #${r.int(100, 999)}]  INFO -- : [${id}] Started ${r.pick(['POST', 'GET'])} "/${ctl.split('#')[0]?.toLowerCase().replace(/::/g, '/').replace('controller', '')}" for 10.0.${r.int(1, 9)}.${r.int(2, 250)}\nI, [${stamp(i * 2 + 1)}.${r.int(100000, 999999)} #${r.int(100, 999)}]  INFO -- : [${id}] Processing by ${ctl} as JSON\nI, [${stamp(i * 2 + 1)}.${r.int(100000, 999999)} #${r.int(100, 999)}]  INFO -- : [${id}] Completed ${r.pick(['200 OK', '200 OK', '204 No Content', '422 Unprocessable Entity'])} in ${r.int(3, 900)}ms (Views: ${r.int(0, 40)}.${r.int(0, 9)}ms | ActiveRecord: ${r.int(1, 300)}.${r.int(0, 9)}ms | Allocations: ${r.int(1000, 90000)})`;
  });
  return { calls: [term(r, `tail -n ${r.pick([200, 500, 2000])} log/production.log`, out)] };
}

function rspecNoise(r: Rng): DistStep {
  const n = r.int(40, 900);
  const fails = r.chance(0.3) ? r.int(1, 3) : 0;
  const dots = Array.from({ length: n }, () => (r.chance(0.01) ? '*' : '.')).join('');
  const body = fails
    ? `\n\nFailures:\n\n  1) ${r.pick(JOBS)} ${r.pick(['settles in the right currency', 'is idempotent', 'retries on lock timeout'])}\n     Failure/Error: expect(payout.reload.state).to eq('settled')\n\n       expected: "settled"\n            got: "pending"\n     # ./spec/jobs/${r.pick(['settle', 'reconcile'])}_job_spec.rb:${r.int(10, 140)}:in \`block (3 levels) in <top (required)>'\n`
    : '';
  const out = `Randomized with seed ${r.int(1000, 65000)}\n${dots}${body}\n\nFinished in ${r.int(3, 300)}.${r.int(10, 99)} seconds (files took ${r.int(2, 9)}.${r.int(10, 99)} seconds to load)\n${n} examples, ${fails} failures, ${r.int(0, 4)} pending\n`;
  return {
    calls: [
      term(r, `bundle exec rspec ${r.pick(['', 'spec/jobs', 'spec/requests/webhooks'])}`.trim(), out, fails ? 1 : 0),
    ],
  };
}

function sidekiqNoise(r: Rng): DistStep {
  const out = lines(sizeOf(r, 4, 30, 200), (i) => {
    const jid = hex(r, 24);
    return `${stamp(i)}.${r.int(100, 999)}Z pid=${r.int(1000, 9999)} tid=${chars(r, 'abcdefghijklmnopqrstuvwxyz0123456789', 4)} class=${r.pick(JOBS)} jid=${jid} INFO: ${r.pick(['start', 'done', 'done'])}${r.chance(0.5) ? ` elapsed=${(r.int(1, 9000) / 1000).toFixed(3)}` : ''}`;
  });
  return { calls: [term(r, 'kubectl logs deploy/pagali-sidekiq --since=15m | tail -n 300', out)] };
}

function openNoise(r: Rng): DistStep {
  const path = r.pick([
    'app/jobs/payouts/settle_job.rb',
    'app/models/payout.rb',
    'app/services/ledger/entry_builder.rb',
    'config/sidekiq.yml',
  ]);
  const body = lines(
    sizeOf(r, 10, 60, 240),
    (i) =>
      `${String(i + 1).padStart(4)}  ${r.pick(['  def perform(payout_id)', '    payout = Payout.lock.find(payout_id)', '    return if payout.settled?', '    Ledger::EntryBuilder.new(payout).call', '  end', '', "  sidekiq_options queue: 'payouts', retry: 5", '    with_advisory_lock("payout:#{payout_id}") do'])}`,
  );
  return { calls: [{ name: 'open_file', args: { path }, output: body }] };
}

function grepNoise(r: Rng): DistStep {
  const q = r.pick(['settle!', 'with_advisory_lock', 'external_ref', 'perform_async']);
  const out = lines(
    r.int(1, 25),
    () =>
      `app/${r.pick(['jobs', 'models', 'services'])}/${r.pick(['payouts', 'ledger', 'webhooks'])}/${r.pick(['settle_job', 'payout', 'entry_builder', 'process_event_job'])}.rb:${r.int(3, 200)}:    ${q}`,
  );
  return { calls: [{ name: 'grep_search', args: { query: q, include: 'app/**/*.rb' }, output: out }] };
}

const railsPlanters: Planter[] = [
  {
    kind: 'error',
    plant: (c) => {
      const key = c.mint('hex');
      const id = `${key}-${hex(c.r, 4)}-4${hex(c.r, 3)}-a${hex(c.r, 3)}-${hex(c.r, 12)}`;
      const needle = `[${id}] ActiveRecord::LockWaitTimeout (PG::LockNotAvailable: ERROR:  canceling statement due to lock timeout)`;
      const before = railsLogNoise(c.r).calls[0] as DistCall;
      const out = `${before.output}\nE, [${stamp(400)}.118273 #412] ERROR -- : ${needle}\nE, [${stamp(400)}.118301 #412] ERROR -- : [${id}]   app/jobs/payouts/settle_job.rb:18:in \`perform'\n${(railsLogNoise(c.r).calls[0] as DistCall).output}`;
      return {
        fact: { kind: 'error', how: 'tool-railslog', needle, key },
        beats: [
          { t: 'step', step: { calls: [term(c.r, 'tail -n 2000 log/production.log', out)] } },
          saying(
            c,
            `O request ${key} estourou o lock timeout dentro do SettleJob. Looking at who else holds that row lock.`,
          ),
          {
            t: 'step',
            step: {
              calls: [
                term(
                  c.r,
                  `grep -n ${id} log/production.log | head`,
                  `${c.r.int(10000, 99999)}:E, [${stamp(400)}.118273 #412] ERROR -- : ${needle}`,
                ),
              ],
            },
          },
          ...mentions(c, 'error', key, 0, 1),
        ],
      };
    },
  },
  {
    kind: 'value',
    plant: (c) => {
      const key = c.mint('word');
      const acct = `acct_1N${key}Q${chars(c.r, 'ABCDEFGHJKLMNPQRSTUVWXYZ', 6)}`;
      const needle = `STRIPE_CONNECT_ACCOUNT=${acct}`;
      const env = [
        `DATABASE_URL=postgres://pagali:***@db-primary.internal:5432/pagali_production`,
        `REDIS_URL=rediss://:***@cache.internal:6380/0`,
        `RAILS_MAX_THREADS=${c.r.int(5, 16)}`,
        `SIDEKIQ_CONCURRENCY=${c.r.int(5, 25)}`,
        needle,
        `STRIPE_WEBHOOK_SECRET=whsec_***`,
        `LEDGER_CUTOVER=2024-07-01`,
        ...Array.from({ length: c.r.int(10, 80) }, (_, i) => `FEATURE_FLAG_${i}=${c.r.pick(['true', 'false'])}`),
      ];
      return {
        fact: { kind: 'value', how: 'tool-envdump', needle, key },
        beats: [
          { t: 'step', step: { calls: [term(c.r, 'heroku config -a pagali-production --shell', env.join('\n'))] } },
          saying(
            c,
            `Production points at Connect account …${key}…, not the one in the fixtures. That explains the mismatched payouts.`,
          ),
          ...mentions(c, 'value', key, 0, 1),
        ],
      };
    },
  },
  {
    kind: 'file',
    plant: (c) => {
      const key = c.mint('num');
      const needle = `db/migrate/20240612${key}_add_settled_at_index_to_payouts.rb`;
      const patch = `diff --git a/${needle} b/${needle}\nnew file mode 100644\n--- /dev/null\n+++ b/${needle}\n@@ -0,0 +1,7 @@\n+class AddSettledAtIndexToPayouts < ActiveRecord::Migration[7.1]\n+  disable_ddl_transaction!\n+\n+  def change\n+    add_index :payouts, :settled_at, algorithm: :concurrently\n+  end\n+end\n`;
      return {
        fact: { kind: 'file', how: 'agent-gitapply', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              say: 'Adding the index concurrently so the migration does not lock payouts.',
              calls: [
                {
                  name: 'apply_patch',
                  args: { patch },
                  output: `Applied patch to 1 file.\ncreate mode 100644 ${needle}`,
                },
              ],
            },
          },
          {
            t: 'step',
            step: {
              calls: [
                term(
                  c.r,
                  'bin/rails db:migrate',
                  `== 20240612${key} AddSettledAtIndexToPayouts: migrating ===================\n-- add_index(:payouts, :settled_at, {:algorithm=>:concurrently})\n   -> 0.0142s\n== 20240612${key} AddSettledAtIndexToPayouts: migrated (0.0143s) ==========`,
                ),
              ],
            },
          },
          ...mentions(c, 'file', key, 0, 1),
        ],
      };
    },
  },
  {
    kind: 'constraint',
    plant: (c) => {
      const key = c.mint('ticket');
      const needle = `never call Payout#settle! outside with_advisory_lock (see ${key})`;
      const comments = JSON.stringify(
        [
          {
            user: { login: 'renata-m' },
            path: 'app/jobs/payouts/settle_job.rb',
            line: 18,
            body: `Please keep this one in mind for every change in this PR: ${needle}. We double-paid merchants last time.`,
          },
          {
            user: { login: 'dependabot[bot]' },
            path: 'Gemfile.lock',
            line: 1,
            body: 'Bumps rack from 3.0.8 to 3.0.11.',
          },
        ],
        null,
        1,
      );
      return {
        fact: { kind: 'constraint', how: 'tool-review', needle, key },
        beats: [
          { t: 'step', step: { calls: [term(c.r, 'gh api repos/pagali/pagali/pulls/1842/comments', comments)] } },
          saying(c, `Renata's rule from ${key} applies to the retry path too; wrapping it.`),
        ],
      };
    },
  },
];

const rails: DistHarness = {
  protocol: 'native',
  lang: 'pt',
  system:
    'You are a senior Rails engineer pairing with the Pagali payments team. Ruby 3.3, Rails 7.1, Sidekiq 7, PostgreSQL 15. Use run_terminal for commands, open_file to read, apply_patch (unified diff, git apply) to change code. Explain briefly in English.',
  tools: ['run_terminal', 'open_file', 'apply_patch', 'grep_search'],
  callId: (r) => `call_${chars(r, B62, 24)}`,
  opening: (r, goal, rules) =>
    `Oi! Preciso que você ${goal}. O código tá em ~/src/pagali.${rules ? ` Uma coisa importante: ${rules}.` : ''} ${r.pick(['Tá dando problema em produção desde ontem.', 'O time de finanças tá cobrando.'])}`,
  asks: [
    'e aí, achou alguma coisa?',
    'roda os testes de novo',
    'ok',
    'beleza, segue',
    'dá uma olhada nos logs do sidekiq',
    'e agora?',
  ],
  acks: ['Feito. Tests are green on that part.', 'Nothing new in the logs yet.', 'Ok, patched and re-ran.', 'Done.'],
  noise: [railsLogNoise, rspecNoise, sidekiqNoise, openNoise, grepNoise],
  phrases: {
    token: 'word',
    goal: [
      (k) => `descobrir por que os payouts do merchant ${k} estão sendo liquidados duas vezes`,
      (k) => `move the settlement webhooks off the default queue into payouts_${k}`,
      (k) => `fazer o backfill do ledger para o lote ${k} sem travar a tabela payouts`,
    ],
    constraint: [
      (k) => `não pode rodar migration em horário comercial no cluster ${k}`,
      (k) => `nada de Sidekiq::Pro features, o contrato ${k} é só do OSS`,
    ],
    options: [
      (k) => [
        `dedupe webhook events by stripe event id in a ${k} unique index`,
        `add a Redis SETNX guard keyed by ${k}`,
        `make SettleJob idempotent via payout state checks (${k})`,
      ],
      (k) => [
        `run the ${k} backfill in batches of 1000 from a rake task`,
        `run the ${k} backfill as a Sidekiq batch`,
        `do the ${k} backfill in one SQL UPDATE at night`,
      ],
    ],
    pending: [
      (k) => `remover a feature flag ${k} depois do deploy`,
      (k) => `write the runbook entry for the ${k} double-payout incident`,
      (k) => `reprocess the dead-set jobs from batch ${k}`,
    ],
  },
  planters: railsPlanters,
  writeDoc: (r, path, content) => ({
    name: 'apply_patch',
    args: {
      patch: `--- /dev/null\n+++ b/${path}\n@@ -0,0 +1,${content.split('\n').length} @@\n${content
        .split('\n')
        .map((l) => `+${l}`)
        .join('\n')}\n`,
    },
    output: `Applied patch to 1 file.`,
  }),
  docs: {
    adr: (n) => `doc/adr/${String(n).padStart(4, '0')}-payouts.md`,
    changelog: 'CHANGELOG.md',
    handoff: 'tmp/HANDOFF.md',
    pr: '.github/pr-body.md',
  },
};

// ---------------------------------------------------------------- phoenix (MCP tools, French-speaking user)

function mcpText(text: string): string {
  return JSON.stringify({ content: [{ type: 'text', text }], isError: false });
}

function exec(r: Rng, command: string, out: string, exit = 0): DistCall {
  return {
    name: 'shell__exec',
    args: { command, cwd: '/home/dev/boutique' },
    output: `exit_code: ${exit}\n---\n${out}`,
    status: exit ? 'error' : 'ok',
    exitCode: exit,
  };
}

function mixTestNoise(r: Rng): DistStep {
  const n = r.int(30, 700);
  const fail = r.chance(0.3);
  const out = `${Array.from({ length: n }, () => (r.chance(0.02) ? '*' : '.')).join('')}${fail ? `\n\n  1) test ${r.pick(['add_item/2 merges quantities', 'checkout/1 reserves stock', 'live cart updates badge'])} (Boutique.CartTest)\n     test/boutique/cart_test.exs:${r.int(10, 300)}\n     Assertion with == failed\n     code:  assert cart.total == Money.new(4200, :EUR)\n     left:  Money.new(3900, :EUR)\n     right: Money.new(4200, :EUR)\n` : ''}\nFinished in ${r.int(1, 90)}.${r.int(1, 9)} seconds (${r.int(0, 9)}.${r.int(1, 9)}s async, ${r.int(1, 80)}.${r.int(1, 9)}s sync)\n${n} tests, ${fail ? 1 : 0} failures\n\nRandomized with seed ${r.int(10000, 999999)}`;
  return {
    calls: [
      exec(
        r,
        `mix test ${r.pick(['', 'test/boutique', '--failed', 'test/boutique_web/live'])}`.trim(),
        out,
        fail ? 2 : 0,
      ),
    ],
  };
}

function compileNoise(r: Rng): DistStep {
  const out = `Compiling ${r.int(1, 140)} files (.ex)\n${lines(sizeOf(r, 1, 10, 60), () => `${ansi(33, 'warning:')} variable "${r.pick(['socket', 'params', 'cart', 'opts'])}" is unused (if the variable is not meant to be used, prefix it with an underscore)\n  lib/boutique_web/live/${r.pick(['cart_live', 'product_live', 'checkout_live'])}.ex:${r.int(10, 400)}: BoutiqueWeb.${r.pick(['CartLive', 'ProductLive', 'CheckoutLive'])}.handle_event/3\n`)}Generated boutique app`;
  return { calls: [exec(r, 'mix compile --force', out)] };
}

function readMcpNoise(r: Rng): DistStep {
  const path = r.pick([
    'lib/boutique/cart.ex',
    'lib/boutique_web/live/cart_live.ex',
    'lib/boutique/inventory/reservation.ex',
    'config/runtime.exs',
  ]);
  const body = lines(sizeOf(r, 10, 80, 300), () =>
    r.pick([
      '  def add_item(%Cart{} = cart, sku, qty) do',
      '    Repo.transaction(fn ->',
      '  end',
      '',
      '  @impl true',
      '  def handle_event("inc", %{"sku" => sku}, socket) do',
      '    {:noreply, assign(socket, :cart, cart)}',
      '  alias Boutique.Inventory.Reservation',
    ]),
  );
  return { calls: [{ name: 'fs__read_file', args: { path }, output: mcpText(body) }] };
}

function listNoise(r: Rng): DistStep {
  const entries = Array.from(
    { length: sizeOf(r, 3, 30, 200) },
    (_, i) => `[FILE] ${r.pick(['cart', 'order', 'sku', 'reservation', 'price'])}_${i}.ex`,
  );
  return {
    calls: [
      {
        name: 'fs__list_directory',
        args: { path: r.pick(['lib/boutique', 'lib/boutique_web/live', 'test/support']) },
        output: mcpText(entries.join('\n')),
      },
    ],
  };
}

function hexdocsNoise(r: Rng): DistStep {
  const q = r.pick(['Ecto.Multi', 'Phoenix.LiveView.stream', 'Oban unique jobs', 'Ecto lock FOR UPDATE']);
  const out = lines(
    r.int(2, 8),
    (i) =>
      `${i + 1}. **${q}** — https://hexdocs.pm/${r.pick(['ecto', 'phoenix_live_view', 'oban'])}/${r.pick(['Ecto.Multi', 'Phoenix.LiveView', 'Oban.Worker'])}.html#${r.pick(['run/3', 'stream/4', 'module-unique-jobs'])}\n   ${r.pick(['Runs a function inside a multi.', 'Streams a collection to the client.', 'Prevents duplicate jobs within a period.'])}`,
  );
  return { calls: [{ name: 'hexdocs__search', args: { query: q }, output: mcpText(out) }] };
}

const phoenixPlanters: Planter[] = [
  {
    kind: 'error',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `GenServer {Boutique.CartRegistry, cart-${key}} terminating`;
      const out = `${ansi(31, `[error] ${needle}`)}\n** (Ecto.StaleEntryError) attempted to update a stale struct:\n\n%Boutique.Inventory.Reservation{__meta__: #Ecto.Schema.Metadata<:loaded, "reservations">, id: ${c.r.int(1000, 99999)}, sku: "TSHIRT-M-BLK", qty: 2, lock_version: ${c.r.int(2, 9)}}\n\n    (ecto 3.11.2) lib/ecto/repo/schema.ex:775: Ecto.Repo.Schema.apply/4\n    (boutique 0.4.0) lib/boutique/cart.ex:88: Boutique.Cart.reserve/2\n    (stdlib 5.2) gen_server.erl:1095: :gen_server.try_handle_call/4\nLast message (from #PID<0.${c.r.int(300, 999)}.0>): {:add_item, "TSHIRT-M-BLK", 2}\n`;
      return {
        fact: { kind: 'error', how: 'tool-otp', needle, key },
        beats: [
          {
            t: 'step',
            step: { calls: [exec(c.r, 'mix test test/boutique/cart_concurrency_test.exs --seed 0', out, 2)] },
          },
          saying(c, `Le panier cart-${key} plante sur un StaleEntryError: two reservations race on lock_version.`),
          ...mentions(c, 'error', key, 1, 2),
        ],
      };
    },
  },
  {
    kind: 'file',
    plant: (c) => {
      const key = c.mint('num');
      const needle = `priv/repo/migrations/20240612${key}_add_lock_version_to_reservations.exs`;
      const content = `defmodule Boutique.Repo.Migrations.AddLockVersionToReservations do\n  use Ecto.Migration\n\n  def change do\n    alter table(:reservations) do\n      add :lock_version, :integer, default: 1, null: false\n    end\n  end\nend\n`;
      return {
        fact: { kind: 'file', how: 'agent-mcpwrite', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              calls: [
                {
                  name: 'fs__write_file',
                  args: { path: needle, content },
                  output: mcpText(`Successfully wrote to ${needle}`),
                },
              ],
            },
          },
          {
            t: 'step',
            step: {
              calls: [
                exec(
                  c.r,
                  'mix ecto.migrate',
                  `[info] == Running 20240612${key} Boutique.Repo.Migrations.AddLockVersionToReservations.change/0 forward\n[info] alter table reservations\n[info] == Migrated 20240612${key} in 0.0s`,
                ),
              ],
            },
          },
          ...mentions(c, 'file', key, 0, 1),
        ],
      };
    },
  },
  {
    kind: 'constraint',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `keep Boutique.Cart free of Repo calls, go through Boutique.Inventory (${key})`;
      const comments = JSON.stringify(
        [
          {
            id: c.r.int(1_000_000, 9_999_999),
            user: 'camille-r',
            path: 'lib/boutique/cart.ex',
            body: `Architecture rule, not negotiable: ${needle}. The boundary check in CI will fail otherwise.`,
            created_at: '2024-06-11T16:02:11Z',
          },
        ],
        null,
        1,
      );
      return {
        fact: { kind: 'constraint', how: 'tool-mcpreview', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              calls: [
                {
                  name: 'github__get_pull_request_comments',
                  args: { owner: 'boutique', repo: 'boutique', pull_number: 311 },
                  output: mcpText(comments),
                },
              ],
            },
          },
          ...mentions(c, 'constraint', key, 0, 1),
        ],
      };
    },
  },
  {
    kind: 'value',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `pool_size: ${c.r.int(11, 39)}, queue_target: ${c.r.int(51, 99)}0 # ${key}`;
      const out = `%{\n  ecto_repos: [Boutique.Repo],\n  repo: [\n    url: "ecto://***@db.internal/boutique_prod",\n    ${needle}\n  ],\n  oban: [queues: [default: 10, mailers: 20]]\n}`;
      return {
        fact: { kind: 'value', how: 'tool-iex', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              calls: [
                exec(
                  c.r,
                  'fly ssh console -C "/app/bin/boutique rpc \'IO.inspect(Application.get_all_env(:boutique))\'"',
                  out,
                ),
              ],
            },
          },
          saying(c, `La config de prod (${key}) a un pool plus petit que la charge de checkout.`),
          ...mentions(c, 'value', key, 0, 1),
        ],
      };
    },
  },
];

const phoenix: DistHarness = {
  protocol: 'native',
  lang: 'fr',
  system:
    "You are an Elixir/Phoenix coding agent. Tools come from MCP servers and are prefixed with the server name: fs__*, shell__exec, github__*, hexdocs__search. Elixir 1.16, Phoenix 1.7 LiveView, Ecto 3.11. Reply in the user's language.",
  tools: [
    'fs__read_file',
    'fs__write_file',
    'fs__list_directory',
    'shell__exec',
    'github__get_pull_request_comments',
    'github__create_issue',
    'hexdocs__search',
  ],
  callId: (r) => `toolu_01${chars(r, B62, 22)}`,
  opening: (r, goal, rules) =>
    `Salut ! J'aimerais que tu ${goal}.${rules ? ` Attention : ${rules}.` : ''} Le dépôt est dans /home/dev/boutique. ${r.pick(['Merci !', 'Ça bloque la mise en prod.'])}`,
  asks: [
    'ça avance ?',
    'relance les tests stp',
    'ok',
    "qu'est-ce que ça donne ?",
    'continue',
    'regarde les warnings aussi',
  ],
  acks: [
    "C'est fait, les tests passent sur ce module.",
    'Toujours le même échec, je creuse.',
    'Fait.',
    'Compilé sans erreur.',
  ],
  noise: [mixTestNoise, compileNoise, readMcpNoise, listNoise, hexdocsNoise],
  phrases: {
    token: 'word',
    goal: [
      (k) => `corriger la double réservation de stock dans le panier (ticket ${k})`,
      (k) => `migrer le checkout LiveView ${k} vers les streams sans casser le panier`,
      (k) => `comprendre pourquoi les commandes du lot ${k} perdent leurs remises`,
    ],
    constraint: [
      (k) => `ne touche pas au module Boutique.Payments, il est gelé (audit ${k})`,
      (k) => `pas de nouvelle dépendance hex sans validation, ref ${k}`,
    ],
    options: [
      (k) => [
        `use optimistic locking on reservations (${k})`,
        `serialise ${k} reservations through one GenServer per SKU`,
        `take a SELECT FOR UPDATE row lock for ${k}`,
      ],
      (k) => [`stream the ${k} cart lines`, `keep assigns for ${k} and paginate`, `move ${k} to a LiveComponent`],
    ],
    pending: [
      (k) => `ouvrir une issue pour le test flaky ${k}`,
      (k) => `supprimer le vieux endpoint ${k} après la release`,
      (k) => `documenter le verrouillage optimiste dans le README (${k})`,
    ],
  },
  planters: phoenixPlanters,
  writeDoc: (r, path, content) => ({
    name: 'fs__write_file',
    args: { path, content },
    output: mcpText(`Successfully wrote to ${path}`),
  }),
  docs: {
    adr: (n) => `docs/adr/${String(n).padStart(4, '0')}-panier.md`,
    changelog: 'CHANGELOG.md',
    handoff: 'NOTES_PASSATION.md',
    pr: 'PR_DESCRIPTION.md',
  },
};

/** The first four harnesses. */
export const DIST_HARNESSES_A = { pentest, bioinf, rails, phoenix } as const;
