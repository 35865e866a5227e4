/** A minimal world for calling the fresh family's ecosystem logs directly (fresh.test.ts). */
import { FRESH_ECOS, Mint, type World } from '../../../bench/quality/fresh-core';
import type { Rng } from '../../../bench/quality/rng';

export { FRESH_ECOS, Mint };

export function newTestWorld(rng: Rng): World {
  return {
    style: 'agentsdk',
    rng,
    mint: new Mint(rng),
    project: 'ledger-sync',
    root: '/srv/repos/ledger-sync',
    ecos: [...FRESH_ECOS],
    modules: ['app', 'core'],
    files: ['src/a.ts'],
    agents: [],
    serial: 0,
  };
}
