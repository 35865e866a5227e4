/**
 * Ordinary browser QA work for the field family: Playwright MCP accessibility snapshots of a
 * shop's pages, clicks and typing, console and network listings, Playwright test runs and spec
 * files. No codename (field-names.ts) appears here.
 */
import type { Act, World } from './field-core';
import { playwright } from './field-harness-more';
import { NOUNS, VERBS, alnum, cap } from './field-names';
import type { Rng } from './rng';

export const PAGES = [
  '/',
  '/products',
  '/cart',
  '/checkout',
  '/account/settings',
  '/account/orders',
  '/login',
  '/admin/orders',
  '/search?q=lamp',
] as const;

const PRODUCTS = [
  'Oak Desk Lamp',
  'Linen Throw',
  'Ceramic Mug Set',
  'Walnut Side Table',
  'Wool Rug 160x230',
  'Glass Carafe',
  'Cotton Duvet Cover',
  'Steel Bookend Pair',
];

/** An accessibility snapshot of `page`, refs from e2 up; `extra` lines go inside main. */
export function snapshot(rng: Rng, page: string, extra: string[] = []): { text: string; refs: string[] } {
  let ref = 1;
  const r = () => `ref=e${++ref}`;
  const refs: string[] = [];
  const lines = [
    `- generic [${r()}]:`,
    `  - banner [${r()}]:`,
    `    - link "Acme Home" [${r()}] [cursor=pointer]:`,
    '      - /url: /',
    `    - navigation [${r()}]:`,
    ...['Products', 'Collections', 'Sale', 'Account'].map((t) => `      - link "${t}" [${r()}] [cursor=pointer]`),
    `    - button "Cart (${rng.int(0, 4)})" [${r()}] [cursor=pointer]`,
    `  - main [${r()}]:`,
    `    - heading "${cap(page.split('/').filter(Boolean).pop()?.split('?')[0] ?? 'Home')}" [level=1] [${r()}]`,
  ];
  const items = rng.sample(PRODUCTS, rng.int(2, PRODUCTS.length));
  for (const p of items) {
    lines.push(
      `    - article [${r()}]:`,
      `      - heading "${p}" [level=3] [${r()}]`,
      `      - paragraph [${r()}]: $${rng.int(12, 480)}.${rng.pick(['00', '50', '99'])}`,
    );
    const b = `e${++ref}`;
    refs.push(b);
    lines.push(`      - button "Add to cart" [ref=${b}] [cursor=pointer]`);
  }
  if (page.startsWith('/checkout') || page.startsWith('/login') || page.startsWith('/account')) {
    for (const f of ['Email', 'Full name', 'Address line 1', 'City', 'Postcode']) {
      const t = `e${++ref}`;
      refs.push(t);
      lines.push(`    - textbox "${f}" [ref=${t}]`);
    }
  }
  for (const e of extra) lines.push(`    ${e.replace(/\[ref=\?\]/g, () => `[${r()}]`)}`);
  lines.push(
    `  - contentinfo [${r()}]:`,
    `    - paragraph [${r()}]: © 2024 Acme Home · v${rng.int(3, 9)}.${rng.int(0, 40)}.${rng.int(0, 9)}`,
  );
  return { text: lines.join('\n'), refs };
}

export function consoleLines(rng: Rng, base: string, n: number, extra: string[] = []): string {
  const out = Array.from({ length: n }, () =>
    rng.pick([
      `[LOG] [analytics] page_view {"path":"${rng.pick(PAGES)}"} @ ${base}/assets/index-${alnum(rng, 8)}.js:${rng.int(1, 400)}`,
      `[WARNING] [vite] connected. @ ${base}/@vite/client:${rng.int(400, 900)}`,
      `[LOG] [cart] hydrate ${rng.int(0, 5)} items @ ${base}/assets/cart-${alnum(rng, 8)}.js:${rng.int(1, 90)}`,
      `[WARNING] Image with src "${base}/img/${rng.pick(NOUNS)}.webp" has "fill" but is missing "sizes" prop. @ ${base}/assets/vendor-${alnum(rng, 8)}.js:1`,
      `[INFO] Download the React DevTools for a better development experience @ ${base}/assets/vendor-${alnum(rng, 8)}.js:2`,
    ]),
  );
  for (const e of extra) out.splice(rng.int(0, out.length), 0, e);
  return out.join('\n');
}

export function networkLines(rng: Rng, base: string, n: number, extra: string[] = []): string {
  const out = Array.from({ length: n }, () =>
    rng.pick([
      `[GET] ${base}/api/cart => [200] OK`,
      `[GET] ${base}/api/products?page=${rng.int(1, 9)} => [200] OK`,
      `[POST] ${base}/api/events => [204] No Content`,
      `[GET] ${base}/assets/index-${alnum(rng, 8)}.js => [304] Not Modified`,
      `[GET] ${base}/api/session => [200] OK`,
    ]),
  );
  for (const e of extra) out.splice(rng.int(0, out.length), 0, e);
  return out.join('\n');
}

/** `npx playwright test` passing output. */
export function playwrightRun(rng: Rng, specs: readonly string[]): string {
  let i = 0;
  const lines = specs.flatMap((s) =>
    Array.from(
      { length: rng.int(1, 6) },
      () =>
        `  ✓  ${++i} [chromium] › ${s}:${rng.int(5, 200)}:${rng.int(3, 7)} › ${rng.pick(NOUNS)} › ${rng.pick(VERBS)}s ${rng.pick(NOUNS)} (${(rng.logInt(300, 20000) / 1000).toFixed(1)}s)`,
    ),
  );
  return [
    `Running ${i} tests using ${rng.int(1, 4)} workers`,
    '',
    ...lines,
    '',
    `  ${i} passed (${(rng.logInt(3000, 200000) / 1000).toFixed(1)}s)`,
  ].join('\n');
}

export function specText(rng: Rng, lines: number): string {
  const out = ["import { test, expect } from '@playwright/test';", '', `test.describe('${rng.pick(NOUNS)}', () => {`];
  while (out.length < lines) {
    const n = rng.pick(NOUNS);
    out.push(
      `  test('${rng.pick(VERBS)}s ${n}', async ({ page }) => {`,
      `    await page.goto('${rng.pick(PAGES)}');`,
      `    await page.getByRole('button', { name: '${rng.pick(['Add to cart', 'Checkout', 'Save', 'Continue'])}' }).click();`,
      `    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();`,
      '  });',
      '',
    );
  }
  out.push('});');
  return out.join('\n');
}

export const specPaths = (rng: Rng): string[] =>
  Array.from(
    new Set(
      Array.from({ length: 24 }, () => `tests/${rng.pick(['e2e', 'smoke', 'regression'])}/${rng.pick(NOUNS)}.spec.ts`),
    ),
  );

/** One step of ordinary browser QA work. */
export function webFiller(rng: Rng, w: World): { text?: string; acts: Act[] } {
  const base = w.scope;
  const say = (...o: string[]) => (rng.chance(0.6) ? rng.pick(o) : undefined);
  const page = rng.pick(PAGES);
  const snap = snapshot(rng, page);
  const kind = rng.weighted<string>([
    ['navigate', 5],
    ['snapshot', 3],
    ['click', 4],
    ['type', 2],
    ['console', 2],
    ['network', 2],
    ['run', 3],
    ['read', 2],
    ['wait', 1],
  ]);
  switch (kind) {
    case 'navigate':
      return {
        text: say(`Opening ${page}.`, 'Going to the page.'),
        acts: [
          {
            t: 'web',
            op: 'navigate',
            url: `${base}${page}`,
            out: playwright(`await page.goto('${base}${page}');`, {
              url: `${base}${page}`,
              title: `Acme Home — ${cap(page.split('/').pop() || 'Home')}`,
              snapshot: snap.text,
            }),
          },
        ],
      };
    case 'snapshot':
      return {
        acts: [
          {
            t: 'web',
            op: 'snapshot',
            out: playwright(undefined, { url: `${base}${page}`, title: 'Acme Home', snapshot: snap.text }),
          },
        ],
      };
    case 'click': {
      const ref = rng.pick(snap.refs.length ? snap.refs : ['e12']);
      return {
        text: say('Clicking it.', 'Adding an item to the cart.'),
        acts: [
          {
            t: 'web',
            op: 'click',
            element: 'Add to cart button',
            ref,
            out: playwright(`await page.getByRole('button', { name: 'Add to cart' }).nth(${rng.int(0, 5)}).click();`, {
              url: `${base}${page}`,
              title: 'Acme Home',
              snapshot: snapshot(rng, page).text,
            }),
          },
        ],
      };
    }
    case 'type': {
      const [field, value] = rng.pick([
        ['Email', `qa.user${rng.int(1, 40)}@example.com`],
        ['Full name', 'Test Customer'],
        ['Postcode', `${rng.int(10000, 99999)}`],
        ['City', 'Springfield'],
      ]);
      return {
        acts: [
          {
            t: 'web',
            op: 'type',
            element: `${field} textbox`,
            ref: `e${rng.int(20, 60)}`,
            text: value,
            out: playwright(`await page.getByRole('textbox', { name: '${field}' }).fill('${value}');`),
          },
        ],
      };
    }
    case 'console':
      return { acts: [{ t: 'web', op: 'console', out: consoleLines(rng, base, rng.logInt(2, 40)) }] };
    case 'network':
      return { acts: [{ t: 'web', op: 'network', out: networkLines(rng, base, rng.logInt(3, 60)) }] };
    case 'run': {
      const specs = rng.sample(
        w.files.filter((f) => f.endsWith('.spec.ts')),
        rng.int(1, 6),
      );
      return {
        text: say('Running the affected specs headless.'),
        acts: [
          {
            t: 'sh',
            cmd: `npx playwright test ${specs.join(' ')} --project=chromium --reporter=list`,
            out: playwrightRun(rng, specs),
          },
        ],
      };
    }
    case 'read': {
      const p = rng.pick(w.files);
      return { acts: [{ t: 'read', path: p, text: specText(rng, rng.logInt(15, 200)) }] };
    }
    default:
      return {
        acts: [
          {
            t: 'web',
            op: 'wait',
            text: rng.pick(['Order summary', 'Saved', 'Welcome back']),
            out: playwright(`await page.getByText('Saved').first().waitFor({ state: 'visible' });`),
          },
        ],
      };
  }
}
