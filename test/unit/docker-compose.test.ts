import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface Service {
  image?: string;
  build?: string | { context: string };
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, unknown>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  command?: string[];
}

interface ComposeFile {
  services: Record<string, Service>;
}

const ROOT = path.join(__dirname, '..', '..');

// No Docker engine runs on the CI machines, so the compose file is checked statically.
describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')) as ComposeFile;
  const s = compose.services;

  it('runs Temporal on PostgreSQL with the UI and a durable-context worker', () => {
    expect(Object.keys(s).sort()).toEqual([
      'postgresql',
      'temporal',
      'temporal-admin-tools',
      'temporal-create-namespace',
      'temporal-ui',
      'worker',
    ]);
    expect(s.postgresql?.image).toMatch(/^postgres:/);
    expect(s.temporal?.environment?.DB).toBe('postgres12');
    expect(s.temporal?.environment?.POSTGRES_SEEDS).toBe('postgresql');
    expect(s['temporal-ui']?.environment?.TEMPORAL_ADDRESS).toBe('temporal:7233');
  });

  it('uses the current server image with a one-shot schema setup, not the deprecated auto-setup image', () => {
    const images = Object.values(s).map((service) => service.image ?? '');
    expect(images.filter((i) => i.includes('auto-setup'))).toEqual([]);
    const version = /^temporalio\/server:(\d+\.\d+\.\d+)$/.exec(s.temporal?.image ?? '')?.[1];
    expect(version).toBeDefined();
    // schema tools of the same release as the server
    expect(s['temporal-admin-tools']?.image).toBe(`temporalio/admin-tools:${version}`);
    expect(s['temporal-create-namespace']?.image).toBe(`temporalio/admin-tools:${version}`);
    expect(s.temporal?.depends_on?.['temporal-admin-tools']?.condition).toBe('service_completed_successfully');
    expect(s['temporal-admin-tools']?.depends_on?.postgresql?.condition).toBe('service_healthy');
    expect(s['temporal-admin-tools']?.command).toEqual(['/scripts/setup-postgres.sh']);
  });

  it('starts the UI, the namespace setup and the worker only once the server is healthy', () => {
    expect(s['temporal-ui']?.depends_on?.temporal?.condition).toBe('service_healthy');
    expect(s['temporal-create-namespace']?.depends_on?.temporal?.condition).toBe('service_healthy');
    expect(s.worker?.depends_on?.['temporal-create-namespace']?.condition).toBe('service_completed_successfully');
    expect(s.worker?.depends_on?.postgresql?.condition).toBe('service_healthy');
    // every service_healthy dependency has a health check to wait for
    for (const service of Object.values(s)) {
      for (const [name, dep] of Object.entries(service.depends_on ?? {})) {
        if (dep.condition === 'service_healthy') expect(s[name]?.healthcheck?.test?.length, name).toBeGreaterThan(0);
      }
    }
  });

  it('builds the worker from this repository and points its content store at the compose PostgreSQL', () => {
    const build = s.worker?.build;
    expect(typeof build === 'string' ? build : build?.context).toBe('.');
    const env = s.worker?.environment ?? {};
    expect(env.TEMPORAL_ADDRESS).toBe('temporal:7233');
    const url = new URL(String(env.DURABLE_CONTEXT_STORE_URL));
    expect(url.protocol).toBe('postgres:');
    expect(url.hostname).toBe('postgresql');
    // the database the worker uses is the one the setup creates
    const database = url.pathname.slice(1);
    expect(s['temporal-admin-tools']?.environment?.DURABLE_CONTEXT_DB).toBe(database);
    const setup = readFileSync(path.join(ROOT, 'deploy', 'compose', 'setup-postgres.sh'), 'utf8');
    expect(setup).toContain('--db "${DURABLE_CONTEXT_DB:-durable_context}" create');
    // keys only from the operator's environment, empty (= off) by default
    expect(env.DURABLE_CONTEXT_KEYS).toBe('${DURABLE_CONTEXT_KEYS:-}');
  });

  it('mounts only files that exist, and its shell scripts parse', () => {
    for (const service of Object.values(s)) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0] ?? '';
        if (source.startsWith('./')) expect(existsSync(path.join(ROOT, source)), volume).toBe(true);
      }
    }
    for (const script of ['setup-postgres.sh', 'create-namespace.sh']) {
      execFileSync('sh', ['-n', path.join(ROOT, 'deploy', 'compose', script)]);
    }
    const dynamic = String(s.temporal?.environment?.DYNAMIC_CONFIG_FILE_PATH);
    expect(existsSync(path.join(ROOT, 'deploy', 'compose', 'dynamicconfig', path.basename(dynamic)))).toBe(true);
  });

  it('publishes ports on localhost only, with pinned images', () => {
    for (const [name, service] of Object.entries(s)) {
      if (service.build) continue;
      expect(service.image, name).toMatch(/:[\w.-]+$/);
      expect(service.image, name).not.toMatch(/:latest$/);
      for (const port of service.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
    }
    expect(s.temporal?.ports).toContain('127.0.0.1:7233:7233');
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const from = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);

  it('builds the worker on a pinned Node image and runs it as an unprivileged user', () => {
    expect(from.length).toBeGreaterThan(0);
    for (const image of from) expect(image).toMatch(/^node:\d+\.\d+-[\w-]+$/);
    expect(dockerfile).toMatch(/^RUN npm run build/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "lib\/worker\.js"\]$/m);
    // what it runs is what the build produces from what it copies
    const build = JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.build.json'), 'utf8')) as {
      compilerOptions: { rootDir: string; outDir: string };
    };
    expect(build.compilerOptions).toMatchObject({ rootDir: 'src', outDir: 'lib' });
    expect(existsSync(path.join(ROOT, 'src', 'worker.ts'))).toBe(true);
    const ignored = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', '.git']));
    expect(ignored).not.toContain('src');
  });
});
