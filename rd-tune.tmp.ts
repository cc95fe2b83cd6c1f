import { readFileSync } from 'node:fs';
import { matchTexts } from './bench/quality/text-metrics.ts';
const split = JSON.parse(readFileSync('../shared/datasets/readability/split.json', 'utf8'));
const tune = new Set<string>(split.tune);
const key = (u: string) => u.replace(/^https?:\/\//, '').replace(/\/$/, '');
const objs = new Map<string, any>();
for (const l of readFileSync(process.argv[2], 'utf8').split('\n')) if (l.trim()) { const o = JSON.parse(l); objs.set(key(o.canonical_url ?? o.url), o); objs.set(key(o.url), o); }
const rows: any[] = [];
for (const l of readFileSync('../shared/datasets/readability/pages.jsonl', 'utf8').split('\n')) {
  if (!l.trim()) continue; const p = JSON.parse(l); if (!tune.has(p.id)) continue;
  const o = objs.get(key(p.url));
  const m = matchTexts(p.gold_text, o?.text ?? '');
  const P = m.tp / Math.max(1, m.tp + m.fp), R = m.tp / Math.max(1, m.tp + m.fn);
  rows.push({ id: p.id, P, R, F: P + R ? 2 * P * R / (P + R) : 0, fp: m.fp, fn: m.fn });
}
rows.sort((a, b) => (b.fp + b.fn) - (a.fp + a.fn));
let sf = 0; for (const r of rows) sf += r.F;
console.log('tune pages', rows.length, 'mean F', (sf / rows.length).toFixed(4));
for (const r of rows.slice(0, +(process.argv[3] ?? 25))) console.log(r.id.padEnd(40), r.P.toFixed(3), r.R.toFixed(3), r.F.toFixed(3), 'fp', r.fp, 'fn', r.fn);
