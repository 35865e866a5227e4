import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface ComposeFile {
  services: Record<
    string,
    { image?: string; ports?: string[]; depends_on?: unknown; environment?: Record<string, unknown> }
  >;
}

// No Docker engine runs on the CI machines, so the compose file is checked statically.
describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(path.join(__dirname, '..', '..', 'docker-compose.yml'), 'utf8')) as ComposeFile;

  it('runs Temporal on PostgreSQL with the UI', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['postgresql', 'temporal', 'temporal-ui']);
    expect(compose.services.postgresql?.image).toMatch(/^postgres:/);
    expect(compose.services.temporal?.environment?.DB).toBe('postgres12');
    expect(compose.services.temporal?.environment?.POSTGRES_SEEDS).toBe('postgresql');
    expect(compose.services['temporal-ui']?.environment?.TEMPORAL_ADDRESS).toBe('temporal:7233');
  });

  it('publishes ports on localhost only, with pinned images', () => {
    for (const service of Object.values(compose.services)) {
      expect(service.image).toMatch(/:[\w.-]+$/);
      expect(service.image).not.toMatch(/:latest$/);
      for (const port of service.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
    }
    expect(compose.services.temporal?.ports).toContain('127.0.0.1:7233:7233');
  });
});
