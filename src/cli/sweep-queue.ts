// `mechanics sweep … --queue URL`: the options a queued sweep adds, read
// and checked before anything runs (the URL, the key, the chunk size), and
// its progress line — cells done, the rate, the time left — since the cells
// arrive from other machines at a rate nobody here controls.
// Tests: test/cli/sweep-queue.test.ts

import { UsageError } from '../errors.js';
import { parseQueueUrl, queueKey, type QueueUrl } from '../runtime/sweep/queue-auth.js';
import { DEFAULT_QUEUE_NAME } from '../runtime/sweep/queue-store.js';
import type { ParsedArgs } from './args.js';

export const QUEUE_OPTIONS = {
  '--queue': { kind: 'value' },
  '--queue-name': { kind: 'value' },
  '--chunk': { kind: 'value' },
  '--resume': { kind: 'value' },
} as const;

export const QUEUE_HELP = `  --queue redis://[user:password@]host[:port][/db]
                         run the cells on \`mechanics worker\` processes of any machine through this Redis
                         (payloads signed with MECHANICS_QUEUE_KEY, which must be set; docs/queue.md)
  --queue-name <name>    the queue in that Redis (default ${DEFAULT_QUEUE_NAME}; workers take the same)
  --chunk <cells>        cells per queued chunk (default: about 200 chunks)
  --resume <id>          collect the queued sweep of that id (printed when it was submitted), enqueueing again
                         what is missing; give the same command line`;

export interface QueueTarget {
  readonly url: QueueUrl;
  readonly name: string;
  readonly key: Buffer;
  readonly chunkCells?: number;
  readonly resume?: string;
}

/** The queue the sweep goes to, or undefined for a local sweep; the queue-only options without --queue are usage errors. */
export function queueTarget(args: ParsedArgs): QueueTarget | undefined {
  const text = args.values.get('--queue');
  if (text === undefined) {
    for (const o of ['--queue-name', '--chunk', '--resume']) if (args.values.has(o)) throw new UsageError(`${o} applies to a queued sweep (--queue) only`, o);
    return undefined;
  }
  const url = parseQueueUrl(text);
  const key = queueKey();
  const name = queueName(args);
  const chunkText = args.values.get('--chunk');
  const chunkCells = chunkText === undefined ? undefined : Number(chunkText);
  if (chunkCells !== undefined && !(Number.isInteger(chunkCells) && chunkCells >= 1))
    throw new UsageError(`--chunk must be a positive integer, got '${chunkText}'`, '--chunk');
  const resume = args.values.get('--resume');
  if (resume !== undefined && !/^[0-9a-f-]{36}$/.test(resume)) throw new UsageError(`--resume needs the id a submission printed, got '${resume}'`, '--resume');
  return { url, name, key, ...(chunkCells !== undefined ? { chunkCells } : {}), ...(resume !== undefined ? { resume } : {}) };
}

/** --queue-name: letters, digits, '-', '_' (it is part of Redis keys). */
export function queueName(args: ParsedArgs): string {
  const name = args.values.get('--queue-name') ?? DEFAULT_QUEUE_NAME;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(name)) throw new UsageError(`--queue-name must be letters, digits, - and _ (at most 64), got '${name}'`, '--queue-name');
  return name;
}

/** "37/120 cells, 4.2 cells/s, 20 s left": the rate over the run so far (the cells a resumed sweep found done are not counted in it). */
export function queueProgressText(done: number, total: number, startDone: number, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? ((done - startDone) * 1000) / elapsedMs : 0;
  const left = rate > 0 ? `${Math.ceil((total - done) / rate)} s left` : 'time left unknown';
  return `${done}/${total} cells, ${rate.toFixed(1)} cells/s, ${left}`;
}
