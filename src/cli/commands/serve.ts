import type { Argv } from 'yargs';
import { type CommandArgs, numberIn } from '../command-args.js';

export function serveCommand(yargs: Argv) {
  return yargs
    .positional('dir', { describe: 'overlay directory', type: 'string', demandOption: true })
    .option('port', {
      alias: 'p',
      describe: 'port of the viewer (0: any free port)',
      type: 'number',
      default: 8090,
      coerce: numberIn('port', 0, 65535),
    })
    .option('host', {
      describe: 'interface to bind; archived pages are hostile, keep the loopback default unless you know why',
      type: 'string',
      default: '127.0.0.1',
    })
    .option('allow-remote', {
      describe: 'allow a --host other than loopback; other machines then need the access token printed at start',
      type: 'boolean',
      default: false,
    })
    .example('$0 serve overlay/', 'browse objects, versions and diffs at http://127.0.0.1:8090/');
}

export type ServeArgs = CommandArgs<typeof serveCommand>;

/** Runs the viewer until SIGINT / SIGTERM. */
export async function runServe(args: ServeArgs): Promise<number> {
  const { startViewer } = await import('../../viewer/index.js');
  const viewer = await startViewer({ dir: args.dir, host: args.host, port: args.port, allowRemote: args.allowRemote });
  if (viewer.token !== null) {
    process.stderr.write(
      `warc-overlay: warning: serving ${args.dir} to other machines on ${args.host}; archived content is hostile and the traffic is plain HTTP. Clients other than this machine need the access token (open ${viewer.url}).\n`,
    );
  }
  process.stderr.write(`viewer on ${viewer.url} (archived pages replayed from ${viewer.replayUrl}); Ctrl-C to stop\n`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await viewer.close();
  return 0;
}
