/** Worker threads running one of the project's own modules, from dist/ or from TypeScript sources. */
import { fileURLToPath } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';

/**
 * A worker thread running module `name` beside the caller's module (`callerUrl`: its
 * `import.meta.url`). From dist/ it runs the compiled .js; from TypeScript sources (tests,
 * `node --import tsx`) the worker first registers tsx's loader, then imports the .ts.
 * `resourceLimits` bound the worker's own heap: past them only the worker ends, not the process.
 */
export function startModuleWorker(callerUrl: string, name: string, workerData?: unknown, resourceLimits?: ResourceLimits): Worker {
  const options = resourceLimits === undefined ? { workerData } : { workerData, resourceLimits };
  if (!callerUrl.endsWith('.ts')) return new Worker(fileURLToPath(new URL(`./${name}.js`, callerUrl)), options);
  const worker = new URL(`./${name}.ts`, callerUrl).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(worker)}); })`;
  return new Worker(boot, { eval: true, ...options });
}
