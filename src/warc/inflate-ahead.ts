/**
 * The gzip members of a .warc.gz inflated by a worker thread while the calling thread parses the
 * members before them (issue #15): warcio.js gets the same overlap from Node's zlib stream, which
 * inflates in the libuv threadpool while its JavaScript parses. Members come in batches of about
 * `inflateAheadBatchBytes`, at most INFLATE_AHEAD_BATCHES ahead of the parser, in buffers that go
 * back to the worker once parsed, so memory stays bounded and nothing is allocated per batch. The events, their order and their offsets are those of walkGzipMembers in this thread.
 */
import { startModuleWorker } from '../core/module-worker.js';
import type { FileWindow } from './file-window.js';
import { type MemberEvent, type MemberWalkOptions, walkGzipMembers } from './gzip-members.js';

/** What inflate-worker.ts is started with. */
export interface AheadRequest {
  options: MemberWalkOptions;
  /** Bytes of the range. */
  size: number;
  batchBytes: number;
}

/** What inflate-worker.ts posts. `table` holds [offset, length, end of its data in `bytes`] per member. */
export type AheadMessage =
  | { type: 'batch'; bytes: ArrayBuffer; table: Float64Array }
  | { type: 'event'; event: Exclude<MemberEvent, { type: 'member' | 'stream' }> }
  | { type: 'handoff'; offset: number }
  | { type: 'end' }
  | { type: 'error'; message: string };

export interface AheadOptions extends MemberWalkOptions {
  /** Ranges of at least this many bytes are inflated ahead by a worker; smaller ones in this thread. */
  inflateAheadMinBytes: number;
  inflateAheadBatchBytes: number;
}

/** walkGzipMembers, with the inflation done ahead by a worker thread for ranges worth it. */
export async function* walkGzipMembersAhead(window: FileWindow, options: AheadOptions): AsyncGenerator<MemberEvent> {
  if (window.size < options.inflateAheadMinBytes || options.inflateAheadMinBytes <= 0) {
    yield* walkGzipMembers(window, options);
    return;
  }
  const { inflateAheadMinBytes: _min, inflateAheadBatchBytes, ...walk } = options;
  const request: AheadRequest = { options: walk, size: window.size, batchBytes: inflateAheadBatchBytes };
  const worker = startModuleWorker(import.meta.url, 'inflate-worker', request);
  const inbox: AheadMessage[] = [];
  let wakeUp: (() => void) | null = null;
  let failure: Error | null = null;
  const wake = (): void => {
    wakeUp?.();
    wakeUp = null;
  };
  worker.on('message', (m: AheadMessage) => {
    inbox.push(m);
    wake();
  });
  worker.on('error', (error) => {
    failure = error;
    wake();
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`inflate worker exited (code ${code}) before the end of ${options.path}`);
    wake();
  });
  try {
    for (;;) {
      const message = inbox.shift();
      if (message === undefined) {
        if (failure !== null) throw failure;
        await new Promise<void>((resolve) => (wakeUp = resolve));
        continue;
      }
      if (message.type === 'error') throw new Error(`inflate worker failed on ${options.path}: ${message.message}`);
      if (message.type === 'end') return;
      if (message.type === 'handoff') {
        yield* walkGzipMembers(window, { ...walk, startAt: message.offset });
        return;
      }
      if (message.type === 'event') {
        const event = message.event;
        yield event.type === 'truncated'
          ? { ...event, data: Buffer.from(event.data.buffer, event.data.byteOffset, event.data.length) }
          : event;
        continue;
      }
      const bytes = Buffer.from(message.bytes);
      const { table } = message;
      let start = 0;
      for (let i = 0; i < table.length; i += 3) {
        const end = table[i + 2] ?? start;
        yield { type: 'member', offset: table[i] ?? 0, length: table[i + 1] ?? 0, data: bytes.subarray(start, end) };
        start = end;
      }
      // The scan is done with this batch (a member's data is valid until the walk resumes): the buffer goes back.
      worker.postMessage(message.bytes, [message.bytes]);
    }
  } finally {
    worker.removeAllListeners('exit');
    await worker.terminate();
  }
}
