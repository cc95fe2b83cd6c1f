/** Worker thread of the extraction pass: runs page jobs posted by extract-pool.ts. */
import { parentPort } from 'node:worker_threads';
import { type PageJob, runPageJob } from './page-job.js';

parentPort?.on('message', (message: { id: number; job: PageJob }) => {
  runPageJob(message.job).then(
    (result) => parentPort?.postMessage({ id: message.id, result }),
    (error: unknown) =>
      parentPort?.postMessage({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
