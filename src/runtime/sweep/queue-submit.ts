// Submitting a sweep to the queue (`mechanics sweep … --queue URL`): the
// cells are made here exactly as a local sweep makes them (cellInputs; a
// cell whose start fails stays here), the spec is signed and stored once,
// the cells go out as signed chunks in one round trip, and the submitter
// waits until every chunk is in, woken by the worker that writes the last
// one, or by its poll (progress, chunks given up). A chunk given up by the
// workers (it threw on every attempt, or its workers kept dying) comes back
// as its cells, each failed with sweep-chunk-failed and BullMQ's reason. The
// result is the local sweep's, cell for cell, in grid order.
// Tests: test/runtime/sweep/queue.test.ts

import { randomUUID } from 'node:crypto';
import { MechanicsError } from '../../errors.js';
import { cellInputs, type CellInput, type SweepCell } from './sweep-cell.js';
import { importModule } from './sweep-load.js';
import type { SerialSweepOptions, SweepResult } from './sweep.js';
import { sign, verify, type QueueUrl, type Signed } from './queue-auth.js';
import { cellsKey, chunkJobId, connect, decodeCells, doneKey, encodeCells, encodeInputs, specKey, type QueuedChunk, type QueuedSpec } from './queue-store.js';
import { ATTEMPTS } from './queue-worker.js';

export interface QueueSubmitOptions {
  readonly url: QueueUrl;
  readonly name: string;
  readonly key: Buffer;
  /** Cells per chunk (default: about 200 chunks, at most 1000 cells each). */
  readonly chunkCells?: number;
  /** Resume this sweep: enqueue again only the chunks with cells missing. */
  readonly resume?: string;
  /** Called once the chunks are queued, with the sweep's id (for --resume). */
  readonly onQueued?: (id: string, chunks: number) => void;
}

/** How often it counts the chunks in (progress) and asks whether one was given up (s): the longest it waits for a wake-up. */
const FAILED_POLL_S = 2;

export async function submitQueued(source: { readonly source: string }, opts: SerialSweepOptions, q: QueueSubmitOptions): Promise<SweepResult> {
  const module = await importModule(source);
  const model = module.model.name;
  const { inputs, failed } = cellInputs(module, opts.grid, opts.base, opts.start);
  const total = inputs.length + failed.length;
  const size = q.chunkCells ?? Math.min(1000, Math.max(1, Math.ceil(inputs.length / 200)));
  const chunks: CellInput[][] = [];
  for (let k = 0; k < inputs.length; k += size) chunks.push(inputs.slice(k, k + size));

  const { Queue } = await import('bullmq');
  const connection = await connect(q.url);
  const queue = new Queue(q.name, { connection });
  let waiter: import('ioredis').Redis | undefined;
  try {
    const id = q.resume ?? randomUUID();
    const spec: QueuedSpec = { id, model, source: source.source, run: opts.run, cells: inputs.length, chunk: size };
    const signed = sign(q.key, spec);
    if (q.resume !== undefined) {
      const stored = await connection.get(specKey(q.name, id));
      if (stored === null)
        throw new MechanicsError('unknown-sweep', 'input', `no sweep ${id} in ${q.url.shown} (finished and collected, or another queue name)`, {
          model,
          field: 'resume',
        });
      const storedSigned = JSON.parse(stored) as Signed;
      verify<QueuedSpec>(q.key, storedSigned, `the spec of sweep ${id}`);
      if (storedSigned.body !== signed.body)
        throw new MechanicsError(
          'unknown-sweep',
          'input',
          `sweep ${id} was submitted with another model, grid, run or --chunk: resume it with the same command line`,
          {
            model,
            field: 'resume',
          },
        );
    } else await connection.set(specKey(q.name, id), JSON.stringify(signed));

    const key = cellsKey(q.name, id);
    /** The cells of the chunks written so far (by a worker, or given up). */
    const cellsIn = (done: readonly string[]): number => done.reduce((n, k) => n + (chunks[Number(k)]?.length ?? 0), 0);
    const written = new Set(await connection.hkeys(key));
    opts.onProgress?.(failed.length + cellsIn([...written]), total);
    const toQueue = [...chunks.entries()].filter(([k]) => !written.has(String(k)));
    if (q.resume !== undefined) {
      // A chunk given up before a resume is tried afresh; a waiting or running one is left (BullMQ keeps job ids unique).
      for (const [k] of toQueue) {
        const old = await queue.getJob(chunkJobId(id, k));
        if (old && (await old.isFailed())) await old.remove();
      }
    }
    await queue.addBulk(
      toQueue.map(([k, chunk]) => ({
        name: 'chunk',
        data: sign(q.key, { sweep: id, chunk: k, cells: encodeInputs(chunk) } satisfies QueuedChunk),
        opts: { jobId: chunkJobId(id, k), attempts: ATTEMPTS, removeOnComplete: true, removeOnFail: false },
      })),
    );
    q.onQueued?.(id, chunks.length);

    let lastFailedPoll = performance.now();
    for (;;) {
      const done = await connection.hkeys(key);
      opts.onProgress?.(failed.length + cellsIn(done), total);
      if (done.length >= chunks.length) break;
      if (performance.now() - lastFailedPoll > FAILED_POLL_S * 1000) {
        lastFailedPoll = performance.now();
        await recordGivenUp(connection, queue, id, chunks, key);
      }
      // BLPOP holds its connection: the waiter has one of its own (its errors are the main connection's too).
      if (!waiter) (waiter = connection.duplicate()).on('error', () => {});
      await waiter.blpop(doneKey(q.name, id), FAILED_POLL_S);
    }
    const cells: SweepCell[] = [...failed, ...Object.values(await connection.hgetallBuffer(key)).flatMap(decodeCells)];
    await connection.del(key, doneKey(q.name, id), specKey(q.name, id));
    for (const { job } of await givenUp(queue, id, chunks)) await job.remove();
    return { model, axes: opts.grid, cells: cells.sort((a, b) => a.index - b.index) };
  } finally {
    waiter?.disconnect();
    await queue.close();
    await connection.quit();
  }
}

/** The chunks of this sweep the workers gave up (failed jobs of other sweeps are theirs). */
async function givenUp(queue: import('bullmq').Queue, id: string, chunks: readonly CellInput[][]) {
  const out: { job: import('bullmq').Job; k: number; chunk: CellInput[] }[] = [];
  for (const job of await queue.getFailed()) {
    const k = job.id?.startsWith(`${id}-`) ? Number(job.id.slice(id.length + 1)) : Number.NaN;
    const chunk = chunks[k];
    if (chunk) out.push({ job, k, chunk });
  }
  return out;
}

/** Each chunk given up: its cells written as failed (HSETNX: a chunk a worker wrote stays). */
async function recordGivenUp(
  connection: import('ioredis').Redis,
  queue: import('bullmq').Queue,
  id: string,
  chunks: readonly CellInput[][],
  key: string,
): Promise<void> {
  for (const { job, k, chunk } of await givenUp(queue, id, chunks)) {
    const error = { code: 'sweep-chunk-failed', message: `chunk ${k} of sweep ${id} was given up after ${job.attemptsMade} attempts: ${job.failedReason}` };
    await connection.hsetnx(key, String(k), encodeCells(chunk.map((c) => ({ index: c.index, at: c.at, values: {}, error }))));
  }
}
