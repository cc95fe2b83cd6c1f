/**
 * Bounded load on the viewer (issue #17): starts `warc-overlay serve` on an overlay directory, bound
 * to 127.0.0.1 only, and sends a fixed number of requests from N concurrent clients (home page,
 * searches, site / feed filters, the feeds list, object pages, channel pages), then prints latency
 * percentiles and errors. Never targets anything but the loopback server it started.
 *   node --import tsx bench/viewer-load.ts <overlay-dir> [clients=50] [requests=2000]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export interface LoadResult {
  requests: number;
  errors: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  seconds: number;
}

const ROOT = join(import.meta.dirname, '..');

/** Start the CLI's viewer on 127.0.0.1 and resolve to its URL. */
export async function startServe(dir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import('./src/cli/main.ts').then(async (m) => { process.exitCode = await m.main(${JSON.stringify(['serve', dir, '--port', '0', '--host', '127.0.0.1'])}); })`,
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /viewer on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(err);
      if (m?.[1] !== undefined) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
  return { url, child };
}

/** The request mix: list pages, searches and filters, feeds, objects and channels of this overlay. */
export function requestMix(dir: string, base: string): string[] {
  const db = new Database(join(dir, 'overlay.sqlite'), { readonly: true });
  try {
    const objects = db.prepare('SELECT id FROM objects ORDER BY id LIMIT 200').pluck().all() as number[];
    const feeds = db.prepare("SELECT id FROM feeds WHERE kind = 'article' ORDER BY id LIMIT 50").pluck().all() as number[];
    const hosts = db.prepare('SELECT DISTINCT host FROM captures ORDER BY host LIMIT 30').pluck().all() as string[];
    const words = ['the', 'news', 'game', 'world', 'police', 'music', 'report', 'season', 'market', 'said'];
    const urls: string[] = [`${base}`, `${base}?page=1`, `${base}?page=3`, `${base}feeds`, `${base}feeds?page=2`];
    for (const w of words) urls.push(`${base}?q=${w}`, `${base}?q=${w}&page=1`);
    for (const h of hosts) urls.push(`${base}?site=${encodeURIComponent(h)}`);
    for (const f of feeds) urls.push(`${base}?feed=${f}`, `${base}channel?feed=${f}`);
    for (const o of objects) urls.push(`${base}object/${o}`);
    return urls;
  } finally {
    db.close();
  }
}

/** `clients` concurrent loops share `total` requests over `urls` (round robin, deterministic). */
export async function runLoad(urls: string[], clients: number, total: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const client = async (): Promise<void> => {
    for (;;) {
      const i = next++;
      if (i >= total) return;
      const url = urls[(i * 7919) % urls.length] as string;
      const t0 = performance.now();
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        if (res.status !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    requests: latencies.length,
    errors,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
    maxMs: Math.round(latencies.at(-1) ?? 0),
    seconds: (performance.now() - started) / 1000,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (dir === undefined) throw new Error('usage: viewer-load.ts <overlay-dir> [clients=50] [requests=2000]');
  const clients = Number(process.argv[3] ?? 50);
  const total = Number(process.argv[4] ?? 2000);
  const { url, child } = await startServe(dir);
  try {
    // First touch builds the search index (once per overlay), not part of the load.
    await fetch(url).then((r) => r.arrayBuffer());
    const r = await runLoad(requestMix(dir, url), clients, total);
    process.stdout.write(
      `viewer load on ${dir}: ${clients} clients, ${r.requests} requests in ${r.seconds.toFixed(1)} s, errors ${r.errors}, p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, p99 ${r.p99Ms} ms, max ${r.maxMs} ms\n`,
    );
  } finally {
    child.kill('SIGTERM');
  }
}
