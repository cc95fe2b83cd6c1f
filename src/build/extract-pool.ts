/**
 * The extraction pass in parallel (DESIGN "Pipeline": pass 2 per host in a worker pool): page jobs
 * go to worker threads, results come back to the main thread, which alone writes the store. Below
 * MIN_PAGES_FOR_WORKERS pages for the pool, or with one worker asked for, jobs run in the main thread.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { Diagnostic } from '../core/diagnostics.js';
import { formatLocation } from '../core/errors.js';
import { startModuleWorker } from '../core/module-worker.js';
import { type PageJob, type PageJobPages, type PageJobResult, runPageJob } from './page-job.js';

/** Starting threads costs about 100 ms each: not worth it for a handful of pages. */
export const MIN_PAGES_FOR_WORKERS = 40;
/** Jobs queued per worker, so a worker never waits for the main thread to post the next one. */
const JOBS_IN_FLIGHT_PER_WORKER = 4;
/** Records read ahead of their jobs in the main thread, so that its page jobs never wait for a read.
 *  ours: with one, a dragnet-train build waited 4% of its time (each read's trips to the thread pool
 *  wait for the page before it); 4 keep a few hundred KB of records in memory. */
export const READ_AHEAD_RECORDS = 4;
/** Upcoming works looked at for them, at most: a long run of works copied from an earlier crawl (an
 *  unchanged site) is not walked again for every page extracted. ours. */
export const READ_AHEAD_WINDOW = 32;

/**
 * Default worker count: one per core but the main thread's, which learns the templates of each
 * host (parsing the pages they are learnt from again, `coreLeftForMainThread`) and writes the
 * store while the workers extract. On 2 cores one worker is no worker: dragnet-train took
 * 14.8-16.0 s with `--workers 1` against 15.5-16.7 s (and +45% CPU, twice the RSS) with 2.
 */
export const defaultWorkers = (): number => Math.max(1, availableParallelism() - 1);

/**
 * Whether `workers` extraction threads leave the main thread a core of its own. Then the main
 * thread parses again, while the workers extract, the pages each host's templates are learnt from
 * (a worker cannot hand a parsed page back); else it extracts them itself and each page is parsed
 * once: with `--workers 2` on 2 cores, parsing them again made dragnet-train 0.86x as fast as one
 * thread (issue #15, 2026-11).
 */
export const coreLeftForMainThread = (workers: number): boolean => workers < availableParallelism();

export interface PageJobRunner {
  /** Runs the jobs, calling `onResult` in completion order; resolves when all are done. */
  run(jobs: Iterable<PageJob>, onResult: (result: PageJobResult, job: PageJob) => void): Promise<void>;
  close(): Promise<void>;
}

/** Runs jobs in the calling thread, one after the other; `pagesOf` lets a job hand its parsed page on. */
export function inProcessRunner(pagesOf: (job: PageJob) => PageJobPages = () => ({})): PageJobRunner {
  return {
    async run(jobs, onResult) {
      for (const job of jobs) onResult(await runPageJob(job, pagesOf(job)), job);
    },
    async close() {},
  };
}

/**
 * ours: the heap (old generation, MB) of one extraction worker. A page at the parse limits (extract
 * `maxElements`, 200,000 elements, 8.4 MB) was extracted within 384 MB; past this bound only the
 * worker ends, its page is reported (`extract.worker-failed`) and the build goes on.
 */
export const WORKER_HEAP_MB = 1024;
/** ours: below this a worker cannot load the extraction modules at all. */
export const MIN_WORKER_HEAP_MB = 16;

export interface WorkerPoolSettings {
  /** Heap bound of each worker, MB (default WORKER_HEAP_MB). */
  heapMb?: number;
}

/**
 * A pool of `size` worker threads. A worker that runs out of its heap is replaced; the jobs it
 * held are run again one at a time, so the one page that exhausts a worker alone is known: it
 * gets a located diagnostic and a failed result (the later passes may still read it as a
 * non-feed page), every other page its usual one.
 */
export function workerPoolRunner(size: number, settings: WorkerPoolSettings = {}): PageJobRunner {
  const heapMb = Math.max(MIN_WORKER_HEAP_MB, Math.floor(settings.heapMb ?? WORKER_HEAP_MB));
  const start = (): Worker => {
    const worker = startModuleWorker(import.meta.url, 'extract-worker', undefined, { maxOldGenerationSizeMb: heapMb });
    worker.unref();
    return worker;
  };
  const workers = Array.from({ length: size }, start);
  const outOfHeap = (job: PageJob): PageJobResult => {
    const location = { file: job.source.file, offset: job.source.offset, url: job.url };
    const message = `the page needs more than an extraction worker's heap (${heapMb} MB): its feed-guided extraction is skipped`;
    const diagnostic: Diagnostic = {
      kind: 'extract.worker-failed',
      message: `${message}${formatLocation(location)}`,
      location,
      severity: 'error',
    };
    return {
      url: job.url,
      parsed: false,
      discovered: [],
      diagnostics: [diagnostic],
      explain: null,
      ok: false,
      reason: message,
      unreadable: true,
    };
  };
  return {
    run(jobs, onResult) {
      const iterator = jobs[Symbol.iterator]();
      /** Jobs posted to each worker and not answered yet. */
      const inFlight = new Map<Worker, Map<number, PageJob>>();
      /** Jobs of a worker that ran out of heap, each to run again alone. */
      const suspects: PageJob[] = [];
      let nextId = 0;
      let exhausted = false;
      return new Promise<void>((resolve, reject) => {
        let failed = false;
        const fail = (error: unknown): void => {
          failed = true;
          reject(error);
        };
        const settleIfDone = (): void => {
          if (exhausted && suspects.length === 0 && [...inFlight.values()].every((held) => held.size === 0)) resolve();
        };
        const post = (worker: Worker, held: Map<number, PageJob>, job: PageJob): void => {
          const id = nextId++;
          held.set(id, job);
          worker.postMessage({ id, job });
        };
        const feed = (worker: Worker): void => {
          const held = inFlight.get(worker);
          if (failed || held === undefined) return;
          // A suspect runs alone on a worker with nothing else in flight.
          if (suspects.length > 0) {
            if (held.size === 0) post(worker, held, suspects.shift() as PageJob);
            return;
          }
          while (!exhausted && held.size < JOBS_IN_FLIGHT_PER_WORKER) {
            const next = iterator.next();
            if (next.done === true) exhausted = true;
            else post(worker, held, next.value);
          }
          settleIfDone();
        };
        const replace = (worker: Worker): void => {
          const held = inFlight.get(worker);
          inFlight.delete(worker);
          worker.removeAllListeners();
          void worker.terminate();
          const fresh = start();
          workers[workers.indexOf(worker)] = fresh;
          listen(fresh);
          const lost = [...(held?.values() ?? [])];
          try {
            if (lost.length === 1) onResult(outOfHeap(lost[0] as PageJob), lost[0] as PageJob);
            else suspects.push(...lost);
          } catch (error) {
            fail(error);
            return;
          }
          for (const w of workers) feed(w);
        };
        const listen = (worker: Worker): void => {
          const held = new Map<number, PageJob>();
          inFlight.set(worker, held);
          worker.on('message', (m: { id: number; result?: PageJobResult; error?: string }) => {
            const job = held.get(m.id) as PageJob;
            held.delete(m.id);
            if (m.error !== undefined || m.result === undefined) {
              fail(new Error(`extraction worker failed on ${job.url}: ${m.error ?? 'no result'}`));
              return;
            }
            try {
              onResult(m.result, job);
            } catch (error) {
              fail(error);
              return;
            }
            feed(worker);
          });
          worker.on('error', (error: Error & { code?: string }) => {
            if (error.code === 'ERR_WORKER_OUT_OF_MEMORY' && !failed) replace(worker);
            else fail(error);
          });
        };
        for (const worker of workers) {
          worker.removeAllListeners('message').removeAllListeners('error');
          listen(worker);
        }
        for (const worker of workers) feed(worker);
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
