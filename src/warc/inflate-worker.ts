/**
 * Worker thread of inflate-ahead.ts: walks the gzip members of a file range (the same
 * walkGzipMembers as in the main thread) and posts them in batches, at most `INFLATE_AHEAD_BATCHES`
 * batches before the main thread has taken them.
 */
import { open } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { INFLATE_AHEAD_BATCHES } from './constants.js';
import { FileWindow } from './file-window.js';
import { type MemberEvent, type MemberWalkOptions, walkGzipMembers } from './gzip-members.js';
import type { AheadMessage, AheadRequest } from './inflate-ahead.js';

const request = workerData as AheadRequest;
/** Batch buffers the main thread has handed back (it is done with their members). */
const free: ArrayBuffer[] = [];
/** Buffers that may still be allocated: the main thread holds at most `INFLATE_AHEAD_BATCHES` + 1. */
let unallocated = INFLATE_AHEAD_BATCHES + 1;
let wakeUp: (() => void) | null = null;
parentPort?.on('message', (returned: ArrayBuffer) => {
  // A buffer grown for one large member is not kept.
  if (returned.byteLength === request.batchBytes) free.push(returned);
  else unallocated++;
  wakeUp?.();
  wakeUp = null;
});

function post(message: AheadMessage, transfer: ArrayBuffer[] = []): void {
  parentPort?.postMessage(message, transfer);
}

/** The batch being filled: its buffer, the bytes used, and [offset, length, end in buffer] per member. */
let batch: Buffer | null = null;
let used = 0;
let table: number[] = [];

async function takeBuffer(bytes: number): Promise<Buffer> {
  for (;;) {
    if (bytes <= request.batchBytes) {
      const reused = free.pop();
      if (reused !== undefined) return Buffer.from(reused);
    }
    // A member larger than a pooled buffer: a pooled one is dropped to make room for a bigger one.
    if (unallocated === 0 && free.pop() !== undefined) unallocated++;
    if (unallocated > 0) {
      unallocated--;
      return Buffer.from(new ArrayBuffer(Math.max(bytes, request.batchBytes)));
    }
    await new Promise<void>((resolve) => (wakeUp = resolve));
  }
}

function flush(): void {
  if (batch === null) return;
  post({ type: 'batch', bytes: batch.buffer as ArrayBuffer, table: Float64Array.from(table) }, [batch.buffer as ArrayBuffer]);
  batch = null;
  used = 0;
  table = [];
}

async function add(offset: number, length: number, data: Buffer): Promise<void> {
  if (batch !== null && used + data.length > batch.length) flush();
  batch ??= await takeBuffer(data.length);
  // The member's data is a view of the inflater's buffer: copied now, before the walk goes on.
  used += data.copy(batch, used);
  table.push(offset, length, used);
}

async function walk(): Promise<void> {
  const handle = await open(request.options.path, 'r');
  try {
    const window = new FileWindow(handle, request.options.rangeStart, request.size, request.options.readChunkBytes);
    const options: MemberWalkOptions = request.options;
    for await (const event of walkGzipMembers(window, options)) {
      if (event.type === 'member') {
        await add(event.offset, event.length, event.data);
        continue;
      }
      flush();
      if (event.type === 'stream') {
        // A member too large for one call is streamed: the main thread walks from here itself.
        post({ type: 'handoff', offset: event.offset });
        return;
      }
      post({ type: 'event', event: event as Exclude<MemberEvent, { type: 'member' | 'stream' }> });
    }
    flush();
    post({ type: 'end' });
  } finally {
    await handle.close();
  }
}

walk().catch((error: unknown) => {
  post({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
});
