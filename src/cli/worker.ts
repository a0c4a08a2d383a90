// `mechanics worker redis://…`: take chunks of queued sweeps (any model,
// any submitter holding the key) until stopped; SIGINT or SIGTERM finishes
// the chunk in hand first. One worker computes one cell at a time: run one
// per core.
// Tests: test/runtime/sweep/queue.test.ts (worker processes), test/cli/sweep-queue.test.ts (usage errors).

import { UsageError } from '../errors.js';
import { parseQueueUrl, queueKey } from '../runtime/sweep/queue-auth.js';
import { startQueueWorker } from '../runtime/sweep/queue-worker.js';
import type { CommandSpec, ParsedArgs } from './args.js';
import { queueName } from './sweep-queue.js';

export const WORKER: CommandSpec = {
  name: 'worker',
  maxPositionals: 1,
  options: {
    '--queue-name': { kind: 'value' },
    '--lock-ms': { kind: 'value' },
    '--stall-ms': { kind: 'value' },
  },
};

export const WORKER_HELP = `usage: mechanics worker redis://[user:password@]host[:port][/db] [options]

Takes chunks of the sweeps queued with \`mechanics sweep … --queue\` on that
Redis and computes their cells, until stopped (Ctrl-C or SIGTERM finish the
chunk in hand first). MECHANICS_QUEUE_KEY must be the submitter's key: a
chunk not signed with it is refused and nothing of it runs. One worker runs
one cell at a time; start one per core. See docs/queue.md.

  --queue-name <name>    the queue to take chunks from (default mechanics-sweep)
  --lock-ms <ms>         how long a chunk's lock lasts unrenewed (default 30000): it is renewed between cells, so
                         one cell must take less; a chunk whose worker died is free again this long later
  --stall-ms <ms>        how often to look for chunks whose lock expired and queue them again (default 30000)

Each chunk taken, done or refused is a line on stderr.
Exit codes: 0 stopped, 1 a queue error, 2 a usage error.`;

export async function runWorker(args: ParsedArgs): Promise<number> {
  const text = args.positionals[0];
  if (text === undefined) throw new UsageError('worker needs the Redis URL of the queue (redis://host:port/db)');
  const url = parseQueueUrl(text);
  const key = queueKey();
  const name = queueName(args);
  const lockMs = milliseconds(args, '--lock-ms');
  const stallMs = milliseconds(args, '--stall-ms');
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  const worker = await startQueueWorker({ url, name, key, log, ...(lockMs !== undefined ? { lockMs } : {}), ...(stallMs !== undefined ? { stallMs } : {}) });
  log(`worker on ${url.shown}, queue ${name}`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await worker.close();
  return 0;
}

function milliseconds(args: ParsedArgs, option: string): number | undefined {
  const text = args.values.get(option);
  if (text === undefined) return undefined;
  const ms = Number(text);
  if (!(Number.isInteger(ms) && ms >= 100)) throw new UsageError(`${option} must be an integer number of milliseconds ≥ 100, got '${text}'`, option);
  return ms;
}
