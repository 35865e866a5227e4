import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Temporal's native core (Rust, via N-API) crashes in worker threads: use processes.
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // One real Temporal dev server and one workflow bundle for the whole run.
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
    ],
  },
});
