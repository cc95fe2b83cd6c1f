/**
 * Soak run for hostile input (issue #17). Not a test: it prints figures.
 *  1. N mutated copies of samples/pelican-crawl-1.warc.gz (flipped payload bytes, flipped compressed
 *     bytes, cut files, bad WARC-Dates, deep feeds, huge feeds, DOM bombs, dropped and duplicated
 *     records), each built: exit code, no stack trace, time.
 *  2. kill -9 of a build of both samples at several points, then a rerun: equal to a clean build?
 *  3. Two concurrent builds of one overlay: no stack trace, the overlay equals a clean build.
 *  4. Viewer load (bench/viewer-load.ts) on an overlay (default: the clean sample overlay).
 *   npm run bench:soak -- [copies=24] [viewer-overlay-dir]
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import {
  isResponse,
  payloadOf,
  readSampleRecords,
  SAMPLE_1,
  SAMPLE_2,
  type SampleRecord,
  targetUri,
  withHeader,
  withManyItems,
  withPayload,
} from '../test/hostile/sample-records.js';
import { type CliEnd, STACK_FRAME, startCli } from '../test/helpers/cli-runner.js';
import { seededRandom } from '../test/helpers/seeded-random.js';
import { requestMix, runLoad, startServe } from './viewer-load.js';

const COPIES = Number(process.argv[2] ?? 24);
const VIEWER_DIR = process.argv[3];
const work = mkdtempSync(join(tmpdir(), 'warc-overlay-soak-'));

const build = (inputs: string[], out: string): Promise<CliEnd> =>
  startCli('build', ...inputs, '--out', out, '--no-pages', '--workers', '1').done;

/** Rows per table and the object URLs: what "equals a clean build" compares. */
function snapshot(dir: string): string {
  const db = new Database(join(dir, 'overlay.sqlite'), { readonly: true });
  try {
    const count = (t: string) => db.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number;
    const tables = ['crawls', 'captures', 'feeds', 'items', 'objects', 'versions', 'comments', 'changes', 'segments'].map(
      (t) => `${t}=${count(t)}`,
    );
    const objects = (db.prepare('SELECT canonical_url FROM objects ORDER BY canonical_url').pluck().all() as string[]).join('\n');
    const unfinished = count('crawls WHERE finished_at IS NULL');
    return `${tables.join(' ')} unfinished=${unfinished}\n${objects}`;
  } finally {
    db.close();
  }
}

type Mutation = (records: SampleRecord[], rnd: () => number) => { records?: SampleRecord[]; bytes?: Buffer };

const pick = <T>(list: readonly T[], rnd: () => number): T => list[Math.floor(rnd() * list.length)] as T;
const responses = (records: SampleRecord[]) => records.filter(isResponse);
const serialise = (records: SampleRecord[]): Buffer =>
  Buffer.concat(
    records.map((r) => {
      const head = r.head.filter((h) => !/^content-length:/i.test(h));
      return zlib.gzipSync(
        Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\nContent-Length: ${r.block.length}\r\n\r\n`), r.block, Buffer.from('\r\n\r\n')]),
      );
    }),
  );
const replaceOne = (records: SampleRecord[], target: SampleRecord, next: SampleRecord) => records.map((r) => (r === target ? next : r));

const MUTATIONS: Record<string, Mutation> = {
  'payload-bytes-flipped': (records, rnd) => {
    const r = pick(responses(records), rnd);
    const payload = Buffer.from(payloadOf(r));
    for (let i = 0; i < 8; i++) payload[Math.floor(rnd() * payload.length)] = Math.floor(rnd() * 256);
    // Digests left as they were: the flipped bytes are a digest mismatch where digests are checked.
    const end = r.block.indexOf('\r\n\r\n');
    return { records: replaceOne(records, r, { head: r.head, block: Buffer.concat([r.block.subarray(0, end + 4), payload]) }) };
  },
  'compressed-bytes-flipped': (records, rnd) => {
    const bytes = serialise(records);
    for (let i = 0; i < 16; i++) bytes[Math.floor(rnd() * bytes.length)] = Math.floor(rnd() * 256);
    return { bytes };
  },
  'file-cut-short': (records, rnd) => {
    const bytes = serialise(records);
    return { bytes: bytes.subarray(0, Math.floor(bytes.length * (0.3 + 0.6 * rnd()))) };
  },
  'bad-warc-date': (records, rnd) => {
    const r = pick(responses(records), rnd);
    return {
      records: replaceOne(
        records,
        r,
        withHeader(r, 'WARC-Date', pick(['99999-99-99T11:17:39Z', '2026-11-2\u0002T11:17:40Z', 'yesterday', ''], rnd)),
      ),
    };
  },
  'feed-nested-deep': (records, rnd) => {
    const feed = pick(
      responses(records).filter((r) => /feeds\//.test(targetUri(r))),
      rnd,
    );
    const depth = 100 + Math.floor(rnd() * 5000);
    const xml = payloadOf(feed)
      .toString('utf8')
      .replace(/<\/(item|entry)>/, (m) => `<x>${'<y>'.repeat(depth)}${'</y>'.repeat(depth)}</x>${m}`);
    return { records: replaceOne(records, feed, withPayload(feed, xml)) };
  },
  'feed-20000-items': (records) => {
    const feed = responses(records).find((r) => targetUri(r).endsWith('all.rss.xml')) as SampleRecord;
    return { records: replaceOne(records, feed, withPayload(feed, withManyItems(payloadOf(feed).toString('utf8'), 20_000))) };
  },
  'page-unclosed-tags': (records, rnd) => {
    const page = pick(
      responses(records).filter((r) => /\/posts\//.test(targetUri(r))),
      rnd,
    );
    const html = payloadOf(page)
      .toString('utf8')
      .replace(
        '<body',
        `<body><div>${pick(['<b>x ', '<span>', '<div><p>'], rnd).repeat(100_000 + Math.floor(rnd() * 200_000))}</div></body><body`,
      );
    return { records: replaceOne(records, page, withPayload(page, html)) };
  },
  'records-dropped-and-duplicated': (records, rnd) => {
    const out: SampleRecord[] = [];
    for (const r of records) {
      const x = rnd();
      if (x < 0.1) continue;
      out.push(r);
      if (x > 0.9) out.push(r);
    }
    return { records: out };
  },
  'content-length-wrong': (records, rnd) => {
    const r = pick(responses(records), rnd);
    const head = r.head.filter((h) => !/^content-length:/i.test(h));
    const bytes = Buffer.concat(
      records.map((x) => {
        if (x !== r) return serialise([x]);
        const declared = pick([r.block.length + 5000, r.block.length - 37, 999_999_999], rnd);
        return zlib.gzipSync(
          Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\nContent-Length: ${declared}\r\n\r\n`), r.block, Buffer.from('\r\n\r\n')]),
        );
      }),
    );
    return { bytes };
  },
};

async function soakMutations(): Promise<void> {
  const base = readSampleRecords(SAMPLE_1);
  const kinds = Object.keys(MUTATIONS);
  const byCode = new Map<string, number>();
  const stacks: string[] = [];
  const slowest: Array<[number, string]> = [];
  for (let i = 0; i < COPIES; i++) {
    const kind = kinds[i % kinds.length] as string;
    const rnd = seededRandom(1000 + i);
    const m = (MUTATIONS[kind] as Mutation)(base, rnd);
    const file = join(work, `copy-${i}-${kind}.warc.gz`);
    writeFileSync(file, m.bytes ?? serialise(m.records ?? base));
    const r = await build([file], join(work, `copy-${i}`));
    const code = r.signal ?? String(r.code);
    byCode.set(code, (byCode.get(code) ?? 0) + 1);
    if (STACK_FRAME.test(r.stderr) || (r.code !== 0 && r.code !== 1))
      stacks.push(`${kind} #${i}: exit ${code}: ${r.stderr.split('\n').slice(0, 2).join(' | ')}`);
    slowest.push([r.seconds, kind]);
    process.stdout.write(`  copy ${String(i).padStart(3)} ${kind.padEnd(32)} exit ${code} ${r.seconds.toFixed(1)} s\n`);
  }
  if (COPIES === 0) return;
  slowest.sort((a, b) => b[0] - a[0]);
  process.stdout.write(
    `mutated copies: ${COPIES}, exit codes ${JSON.stringify(Object.fromEntries(byCode))}, crashes or stack traces: ${stacks.length}, slowest ${slowest[0]?.[0].toFixed(1)} s (${slowest[0]?.[1]})\n`,
  );
  for (const s of stacks) process.stdout.write(`  ${s}\n`);
}

async function soakKills(clean: string): Promise<void> {
  // Delays counted from the moment the store file exists (process start-up time varies with load).
  const delaysMs = [0, 300, 800, 1500, 2500, 4000, 6000];
  let equal = 0;
  const notes: string[] = [];
  for (const delay of delaysMs) {
    const out = join(work, `killed-${delay}`);
    const running = startCli('build', SAMPLE_1, SAMPLE_2, '--out', out, '--no-pages', '--workers', '1');
    let exited = false;
    void running.done.then(() => {
      exited = true;
    });
    while (!exited && !existsSync(join(out, 'overlay.sqlite'))) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, delay));
    running.child.kill('SIGKILL');
    const killed = await running.done;
    const stats = existsSync(join(out, 'overlay.sqlite')) ? await startCli('stats', out).done : null;
    const said =
      stats === null
        ? 'no store yet'
        : /unfinished crawl/.test(stats.stderr)
          ? 'stats: unfinished'
          : `stats exit ${stats.code}${stats.code === 0 ? '' : ` (${stats.stderr.split('\n')[0]?.slice(0, 120)})`}`;
    const rerun = await build([SAMPLE_1, SAMPLE_2], out);
    const same = rerun.code === 0 && !STACK_FRAME.test(rerun.stderr) && snapshot(out) === clean;
    if (same) equal++;
    notes.push(
      `  kill -9 ${delay} ms after the store appeared (${killed.signal ?? `exited ${killed.code}`}): ${said}; rerun exit ${rerun.code}, ${same ? 'equals' : 'DIFFERS FROM'} a clean build`,
    );
  }
  process.stdout.write(`kill -9 then rerun: ${equal}/${delaysMs.length} equal to a clean build\n${notes.join('\n')}\n`);
}

async function soakConcurrent(clean: string): Promise<void> {
  const rounds = 3;
  let ok = 0;
  const notes: string[] = [];
  for (let i = 0; i < rounds; i++) {
    const out = join(work, `concurrent-${i}`);
    const a = startCli('build', SAMPLE_1, SAMPLE_2, '--out', out, '--no-pages', '--workers', '1');
    await new Promise((resolve) => setTimeout(resolve, 200 * i));
    const b = startCli('build', SAMPLE_1, SAMPLE_2, '--out', out, '--no-pages', '--workers', '1');
    const [ra, rb] = await Promise.all([a.done, b.done]);
    const stack = STACK_FRAME.test(ra.stderr) || STACK_FRAME.test(rb.stderr);
    const same = snapshot(out) === clean;
    if (!stack && same) ok++;
    notes.push(
      `  round ${i}: exit ${ra.code} and ${rb.code}${stack ? ', STACK TRACE' : ''}, overlay ${same ? 'equals' : 'DIFFERS FROM'} a clean build`,
    );
  }
  process.stdout.write(
    `two concurrent builds: ${ok}/${rounds} clean (no stack trace, overlay equal to a clean build)\n${notes.join('\n')}\n`,
  );
}

async function soakViewer(dir: string): Promise<void> {
  const { url, child } = await startServe(dir);
  try {
    await fetch(url).then((r) => r.arrayBuffer());
    const r = await runLoad(requestMix(dir, url), 50, 2000);
    process.stdout.write(
      `viewer load on ${dir}: 50 clients, ${r.requests} requests in ${r.seconds.toFixed(1)} s, errors ${r.errors}, p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, p99 ${r.p99Ms} ms, max ${r.maxMs} ms\n`,
    );
  } finally {
    child.kill('SIGTERM');
  }
}

try {
  const cleanDir = join(work, 'clean');
  const first = await build([SAMPLE_1, SAMPLE_2], cleanDir);
  if (first.code !== 0) throw new Error(`clean build failed: ${first.stderr}`);
  const clean = snapshot(cleanDir);
  process.stdout.write(`soak in ${work}\nclean build of both samples: ${first.seconds.toFixed(1)} s\n`);
  await soakMutations();
  await soakKills(clean);
  await soakConcurrent(clean);
  await soakViewer(VIEWER_DIR ?? cleanDir);
} finally {
  rmSync(work, { recursive: true, force: true });
}
