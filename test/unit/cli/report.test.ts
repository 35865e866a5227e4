/**
 * The report page in a real browser: headless Chromium opens it, the test fails on any
 * console error or an empty chart, hovers a compaction marker for its details, and takes a
 * screenshot.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadRecorded } from '../../../src/cli/history/load';
import { simulate } from '../../../src/cli/history/simulate';
import { reportData } from '../../../src/cli/report/report-data';
import { reportHtml } from '../../../src/cli/report/report-html';
import { withChromium } from '../../support/chromium';

const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'histories', '0.3.0');

/** What the page code below touches (this project's TypeScript has no DOM library). */
interface ChartLike {
  data: { datasets: { label: string; data: (number | null)[] }[] };
  getDatasetMeta(i: number): { data: { x: number; y: number }[] };
  tooltip: { opacity: number; body?: { lines: string[] }[] };
}
interface CanvasLike {
  width: number;
  height: number;
  getContext(
    kind: '2d',
  ): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } | null;
  getBoundingClientRect(): { left: number; top: number };
}
interface PageGlobals {
  reportReady?: boolean;
  Chart: { getChart(id: string): ChartLike | undefined };
  document: { getElementById(id: string): CanvasLike | null; querySelectorAll(q: string): { length: number } };
}

describe('report', () => {
  it('is one self-contained page whose charts draw in Chromium, with compaction details on hover', async () => {
    const rec = await loadRecorded([path.join(FIXTURES, 'compaction-threshold-and-manual.json')]);
    const sim = await simulate(rec, { policy: { softThreshold: 0.5, target: 0.25 } });
    const data = reportData(rec, sim, 'simulated: softThreshold 0.5');
    expect(data.compactions.length).toBeGreaterThanOrEqual(1);
    const html = reportHtml(data);
    // Self-contained: nothing to fetch.
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/i);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-report-'));
    const file = path.join(dir, 'report.html');
    writeFileSync(file, html);

    const result = await withChromium(async (browser) => {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
      await page.goto(pathToFileURL(file).href);
      await page.waitForFunction(() => (globalThis as unknown as PageGlobals).reportReady === true, null, {
        timeout: 30_000,
      });
      const charts = await page.evaluate(() => {
        const w = globalThis as unknown as PageGlobals;
        const inked = (id: string) => {
          const canvas = w.document.getElementById(id);
          const pixels = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
          let n = 0;
          for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) n++;
          return n;
        };
        const tokens = w.Chart.getChart('tokens');
        return {
          points: tokens?.data.datasets[0]?.data.length ?? 0,
          markers: tokens?.data.datasets.find((d) => d.label === 'compactions')?.data.filter((v) => v !== null).length,
          costPoints: w.Chart.getChart('cost')?.data.datasets[0]?.data.length ?? 0,
          inked: [inked('tokens'), inked('cost')],
          rows: w.document.querySelectorAll('tbody tr').length,
        };
      });
      // Hover the first compaction marker: its tooltip tells what the compaction did.
      const marker = await page.evaluate(() => {
        const w = globalThis as unknown as PageGlobals;
        const chart = w.Chart.getChart('tokens') as ChartLike;
        const index = chart.data.datasets.findIndex((d) => d.label === 'compactions');
        const at = chart.data.datasets[index]?.data.findIndex((v) => v !== null) ?? -1;
        const point = chart.getDatasetMeta(index).data[at];
        const box = w.document.getElementById('tokens')?.getBoundingClientRect();
        return { x: (box?.left ?? 0) + (point?.x ?? 0), y: (box?.top ?? 0) + (point?.y ?? 0) };
      });
      await page.mouse.move(marker.x, marker.y);
      const tooltip = await page.waitForFunction(
        () => {
          const chart = (globalThis as unknown as PageGlobals).Chart.getChart('tokens') as ChartLike;
          const lines = (chart.tooltip.body ?? []).flatMap((b) => b.lines);
          return chart.tooltip.opacity > 0 && lines.length ? lines.join('\n') : false;
        },
        null,
        { timeout: 10_000 },
      );
      const shot = path.join(dir, 'report.png');
      await page.screenshot({ path: shot, fullPage: true });
      return { charts, tooltip: String(await tooltip.jsonValue()), shot, errors };
    });
    expect(result.errors).toEqual([]);
    expect(result.charts.points).toBe(rec.calls.length);
    expect(result.charts.costPoints).toBe(rec.calls.length);
    expect(result.charts.markers).toBeGreaterThanOrEqual(1);
    for (const inked of result.charts.inked) expect(inked).toBeGreaterThan(1_000);
    expect(result.charts.rows).toBe(data.compactions.length);
    expect(result.tooltip).toMatch(/range summary \((automatic|manual)\), turn \d+/);
    expect(result.tooltip).toMatch(/summary of \d+ messages → \d+ tokens/);
    expect(statSync(result.shot).size).toBeGreaterThan(10_000);
    expect(readFileSync(result.shot).subarray(1, 4).toString()).toBe('PNG');
  }, 90_000);
});
