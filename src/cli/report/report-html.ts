/**
 * The report page: one self-contained HTML file — Chart.js (its UMD build, read from the
 * installed package) and the data inlined, nothing fetched — with the context-tokens chart
 * (window, prompt budget, soft threshold, compaction markers whose hover shows what they
 * did), the cumulative cost chart and the compactions as a table. The page sets
 * `window.reportReady` once both charts have drawn (the report test waits for it).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReportData } from './report-data';

/** Chart.js's UMD build, as installed (a dependency of this package). */
export function chartJsSource(): string {
  const main = require.resolve('chart.js');
  return readFileSync(path.join(path.dirname(main), 'chart.umd.min.js'), 'utf8');
}

/** Text safe inside an inline `<script>`. */
function scriptSafe(text: string): string {
  return text.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** The page for `data`. */
export function reportHtml(data: ReportData, chartJs = chartJsSource()): string {
  const rows = data.compactions
    .map(
      (c, i) =>
        `<tr><td>${i + 1}</td><td>${c.turn}</td><td>${data.labels[c.at] ?? ''}</td><td>${escapeHtml(c.kind)}</td>` +
        `<td>${escapeHtml(c.trigger)}</td><td>${c.replaced}</td><td>${c.summaryTokens ?? '—'}</td>` +
        `<td>${c.tokensBefore ?? '—'} → ${c.tokensAfter}</td><td>${escapeHtml(c.summarizer)}</td>` +
        `<td>${escapeHtml(c.focus ?? '')}</td></tr>`,
    )
    .join('\n');
  const title = `durable-context report — ${data.sessionId}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 24px auto; max-width: 1100px; color: #1f2328; }
  h1 { font-size: 20px; margin-bottom: 4px; } .sub { color: #59636e; margin-bottom: 16px; }
  .chart { position: relative; height: 360px; margin: 12px 0 28px; } .chart.small { height: 220px; }
  table { border-collapse: collapse; width: 100%; font-size: 13px; }
  th, td { border-bottom: 1px solid #d1d9e0; padding: 4px 8px; text-align: left; } th { background: #f6f8fa; }
</style>
</head>
<body>
<h1>${escapeHtml(data.sessionId)}</h1>
<div class="sub">${escapeHtml(data.model)} · ${data.contextWindow.toLocaleString('en')} token window · ${data.turns} turns ·
${data.labels.length} model calls · ${data.compactions.length} compactions · ${data.runs} run(s)</div>
<h2>Context tokens per model call</h2>
<div class="chart"><canvas id="tokens" aria-label="context tokens per model call"></canvas></div>
<h2>Cumulative ${data.cumulative.unit === 'usd' ? 'cost (USD, estimated from the model’s prices)' : 'tokens (the model has no known price)'}</h2>
<div class="chart small"><canvas id="cost" aria-label="cumulative cost"></canvas></div>
<h2>Compactions</h2>
<table>
<thead><tr><th>#</th><th>turn</th><th>before call</th><th>kind</th><th>trigger</th><th>replaced</th><th>summary tokens</th><th>prompt tokens before → after</th><th>summarizer</th><th>focus</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="10">No compaction.</td></tr>'}
</tbody>
</table>
<script id="report-data" type="application/json">${scriptSafe(JSON.stringify(data))}</script>
<script>${scriptSafe(chartJs)}</script>
<script>${scriptSafe(PAGE_SCRIPT)}</script>
</body>
</html>
`;
}

/** Draws the charts from the embedded data (runs in the page). */
const PAGE_SCRIPT = `
(function () {
  var d = JSON.parse(document.getElementById('report-data').textContent);
  var n = d.labels.length;
  var flat = function (v) { return d.labels.map(function () { return v; }); };
  var markers = d.labels.map(function () { return null; });
  var details = {};
  d.compactions.forEach(function (c) { markers[c.at] = d.tokens[c.at]; (details[c.at] = details[c.at] || []).push(c.details); });
  var datasets = [
    { label: 'context tokens', data: d.tokens, borderColor: '#0969da', backgroundColor: 'rgba(9,105,218,0.1)', fill: true, pointRadius: n > 200 ? 0 : 2, tension: 0.1 },
  ];
  if (d.simulated) datasets.push({ label: d.simulated.label, data: d.simulated.tokens, borderColor: '#8250df', borderDash: [4, 3], pointRadius: 0 });
  datasets.push(
    { label: 'compactions', data: markers, showLine: false, pointStyle: 'triangle', pointRadius: 8, pointHoverRadius: 10, borderColor: '#cf222e', backgroundColor: '#cf222e' },
    { label: 'context window', data: flat(d.contextWindow), borderColor: '#1f2328', borderWidth: 1, pointRadius: 0 },
    { label: 'prompt budget (window − reserved output)', data: flat(d.promptBudget), borderColor: '#9a6700', borderWidth: 1, borderDash: [6, 4], pointRadius: 0 },
    { label: 'soft threshold', data: flat(d.softLimit), borderColor: '#bc4c00', borderWidth: 1, borderDash: [2, 3], pointRadius: 0 }
  );
  var drawn = 0;
  var done = { id: 'done', afterRender: function (chart) { if (!chart.$reported) { chart.$reported = true; if (++drawn === 2) window.reportReady = true; } } };
  new Chart(document.getElementById('tokens'), {
    type: 'line',
    data: { labels: d.labels, datasets: datasets },
    plugins: [done],
    options: {
      animation: false, maintainAspectRatio: false, interaction: { mode: 'nearest', intersect: true },
      scales: { y: { beginAtZero: true, title: { display: true, text: 'prompt tokens' } }, x: { title: { display: true, text: 'turn · model call' } } },
      plugins: { tooltip: { callbacks: { label: function (ctx) {
        if (ctx.dataset.label === 'compactions') return [].concat.apply([], details[ctx.dataIndex] || []);
        return ctx.dataset.label + ': ' + ctx.parsed.y.toLocaleString('en');
      } } } }
    }
  });
  new Chart(document.getElementById('cost'), {
    type: 'line',
    data: { labels: d.labels, datasets: [{ label: d.cumulative.unit === 'usd' ? 'cumulative cost (USD)' : 'cumulative tokens', data: d.cumulative.values, borderColor: '#1a7f37', pointRadius: 0, fill: true, backgroundColor: 'rgba(26,127,55,0.1)' }] },
    plugins: [done],
    options: { animation: false, maintainAspectRatio: false, scales: { y: { beginAtZero: true } } }
  });
})();
`;
