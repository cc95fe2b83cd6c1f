/**
 * The extraction pass in parallel (DESIGN "Pipeline": pass 2 per host in a worker pool): page jobs
 * go to worker threads, results come back to the main thread, which alone writes the store. Below
 * MIN_PAGES_FOR_WORKERS pages, or with one worker asked for, jobs run in the main thread.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../core/module-worker.js';
import { type PageJob, type PageJobPages, type PageJobResult, runPageJob } from './page-job.js';

/** Starting threads costs about 100 ms each: not worth it for a handful of pages. */
export const MIN_PAGES_FOR_WORKERS = 40;
/** Jobs queued per worker, so a worker never waits for the main thread to post the next one. */
const JOBS_IN_FLIGHT_PER_WORKER = 4;

/**
 * Default worker count: one per core but the main thread's, which learns the templates of each
 * host (parsing its pages again) and writes the store while the workers extract. On 2 cores one
 * worker is no worker: dragnet-train took 14.8-16.0 s with `--workers 1` against 15.5-16.7 s
 * (and +45% CPU, twice the RSS) with 2.
 */
export const defaultWorkers = (): number => Math.max(1, availableParallelism() - 1);

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
 * A pool of `size` worker threads.
 */
export function workerPoolRunner(size: number): PageJobRunner {
  const workers = Array.from({ length: size }, () => startModuleWorker(import.meta.url, 'extract-worker'));
  for (const w of workers) w.unref();
  return {
    run(jobs, onResult) {
      const iterator = jobs[Symbol.iterator]();
      const pending = new Map<number, PageJob>();
      let nextId = 0;
      return new Promise<void>((resolve, reject) => {
        let failed = false;
        const feed = (worker: Worker): void => {
          if (failed) return;
          const next = iterator.next();
          if (next.done === true) {
            if (pending.size === 0) resolve();
            return;
          }
          const id = nextId++;
          pending.set(id, next.value);
          worker.postMessage({ id, job: next.value });
        };
        for (const worker of workers) {
          worker.removeAllListeners('message').removeAllListeners('error');
          worker.on('message', (m: { id: number; result?: PageJobResult; error?: string }) => {
            const job = pending.get(m.id) as PageJob;
            pending.delete(m.id);
            if (m.error !== undefined || m.result === undefined) {
              failed = true;
              reject(new Error(`extraction worker failed on ${job.url}: ${m.error ?? 'no result'}`));
              return;
            }
            try {
              onResult(m.result, job);
            } catch (error) {
              failed = true;
              reject(error);
              return;
            }
            feed(worker);
          });
          worker.on('error', (error) => {
            failed = true;
            reject(error);
          });
          for (let i = 0; i < JOBS_IN_FLIGHT_PER_WORKER; i++) feed(worker);
        }
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
