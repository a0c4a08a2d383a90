// Submitting a sweep to the queue (`mechanics sweep … --queue URL`): the
// spec is signed and stored once, the chunks go out signed in one round
// trip. Without a start function every cell's start follows from the grid:
// the spec carries the grid once and each chunk only its range of indices,
// from which the worker makes its cells as a local sweep does (gridCells),
// a few dozen bytes to sign per chunk rather than its cells' starts (which
// cost the submitter about 3 µs a cell). So too when a start function
// (the CLI's checks each cell's start) fails no cell and builds every
// start as the grid and base make it. Otherwise the cells are made here
// (cellInputs; a cell whose start fails stays here) and each chunk carries
// its cells' starts. The submitter
// waits until every chunk is in, woken by the worker that writes the last
// one, or by its poll (progress; once no chunk has come in for a poll,
// chunks given up, and chunks whose job completed without their cells,
// queued again). A chunk given up by the
// workers (it threw on every attempt, or its workers kept dying) comes back
// as its cells, each failed with sweep-chunk-failed and BullMQ's reason. The
// result is the local sweep's, cell for cell, in grid order.
// Tests: test/runtime/sweep/queue.test.ts

import { randomUUID } from 'node:crypto';
import { MechanicsError } from '../../errors.js';
import { cellInputs, gridCells, gridSize, type CellInput, type SweepCell } from './sweep-cell.js';
import { importModule } from './sweep-load.js';
import type { SerialSweepOptions, SweepResult } from './sweep.js';
import { sign, verify, type QueueUrl, type Signed } from './queue-auth.js';
import { decodeCells, encodeCells } from './queue-cells.js';
import { cellsKey, chunkJobId, connect, doneKey, encodeGrid, encodeInputs, specKey, type QueuedChunk, type QueuedSpec } from './queue-store.js';
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
  /**
   * Seconds between its polls (default FAILED_POLL_S): a chunk given up or lost is found two polls
   * after the last chunk came in, since nothing wakes the submitter for it.
   */
  readonly pollS?: number;
}

/** How often it counts the chunks in (progress) and asks whether one was given up (s): the longest it waits for a wake-up. */
const FAILED_POLL_S = 2;

export async function submitQueued(source: { readonly source: string }, opts: SerialSweepOptions, q: QueueSubmitOptions): Promise<SweepResult> {
  const module = await importModule(source);
  const model = module.model.name;
  const cellAt = gridCells(module, opts.grid, opts.base);
  const built = opts.start ? cellInputs(module, opts.grid, opts.base, opts.start) : undefined;
  // A start function that failed no cell and built every start as the grid and base make it (it only checked them) is left out too.
  const made = built && (built.failed.length > 0 || !built.inputs.every((c) => sameStart(c, cellAt(c.index)))) ? built : undefined;
  const failed = made?.failed ?? [];
  const count = made?.inputs.length ?? gridSize(opts.grid);
  const total = count + failed.length;
  const size = q.chunkCells ?? Math.min(1000, Math.max(1, Math.ceil(count / 200)));
  /** Chunk k: the cells to compute from the (k·size)th on, their positions among the cells made, or their indices in the grid. */
  const chunks = Array.from({ length: Math.ceil(count / size) }, (_, k) => ({ k, from: k * size, to: Math.min(count, (k + 1) * size) }));
  const cellsOf = ({ from, to }: Chunk): CellInput[] => made?.inputs.slice(from, to) ?? Array.from({ length: to - from }, (_, i) => cellAt(from + i));

  const { Queue } = await import('bullmq');
  const connection = await connect(q.url);
  const queue = new Queue(q.name, { connection });
  try {
    const id = q.resume ?? randomUUID();
    const spec: QueuedSpec = {
      id,
      model,
      source: source.source,
      run: opts.run,
      cells: count,
      chunk: size,
      ...(made ? {} : { grid: encodeGrid({ grid: opts.grid, base: opts.base ?? {} }) }),
    };
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
    const cellsIn = (done: readonly string[]): number => done.reduce((n, k) => n + cellCount(chunks[Number(k)]), 0);
    const written = new Set(await connection.hkeys(key));
    opts.onProgress?.(failed.length + cellsIn([...written]), total);
    const toQueue = chunks.filter(({ k }) => !written.has(String(k)));
    if (q.resume !== undefined) {
      // A chunk given up before a resume is tried afresh; a waiting or running one is left (BullMQ keeps job ids unique).
      for (const { k } of toQueue) {
        const old = await queue.getJob(chunkJobId(id, k));
        if (old && (await old.isFailed())) await old.remove();
      }
    }
    const enqueue = (list: readonly Chunk[]) =>
      queue.addBulk(
        list.map((chunk) => ({
          name: 'chunk',
          data: sign(
            q.key,
            (made
              ? { sweep: id, chunk: chunk.k, cells: encodeInputs(cellsOf(chunk)) }
              : { sweep: id, chunk: chunk.k, from: chunk.from, to: chunk.to }) satisfies QueuedChunk,
          ),
          opts: { jobId: chunkJobId(id, chunk.k), attempts: ATTEMPTS, removeOnComplete: true, removeOnFail: false },
        })),
      );
    await enqueue(toQueue);
    q.onQueued?.(id, chunks.length);

    const pollS = q.pollS ?? FAILED_POLL_S;
    let lastFailedPoll = performance.now();
    let seen = -1;
    for (;;) {
      const done = await connection.hkeys(key);
      opts.onProgress?.(failed.length + cellsIn(done), total);
      if (done.length >= chunks.length) break;
      if (performance.now() - lastFailedPoll > pollS * 1000) {
        lastFailedPoll = performance.now();
        // Only once no chunk has come in for a poll: a chunk given up or lost never comes, and the
        // look-ups (every job's, a pipeline of EXISTS) cost a sweep that goes on about 3 µs of CPU a cell.
        if (done.length === seen) {
          await recordGivenUp(connection, queue, id, chunks, cellsOf, key);
          const lost = await lostChunks(connection, queue, id, chunks, new Set(done), key);
          if (lost.length > 0) await enqueue(lost);
        }
        seen = done.length;
      }
      // BLPOP holds the connection, which nothing else uses meanwhile: a connection of its own cost 2 to 5 ms of CPU a sweep.
      await connection.blpop(doneKey(q.name, id), pollS);
    }
    const cells: SweepCell[] = [...failed, ...Object.values(await connection.hgetallBuffer(key)).flatMap(decodeCells)];
    await connection.del(key, doneKey(q.name, id), specKey(q.name, id));
    for (const { job } of await givenUp(queue, id, chunks)) await job.remove();
    return { model, axes: opts.grid, cells: cells.sort((a, b) => a.index - b.index) };
  } finally {
    await queue.close();
    await connection.quit();
  }
}

/** The same start, bit for bit (−0 is not 0). */
function sameStart(a: CellInput, b: CellInput): boolean {
  const same = (x: readonly unknown[], y: readonly unknown[]): boolean => x.length === y.length && x.every((v, i) => Object.is(v, y[i]));
  const keys = Object.keys(a.params);
  return (
    Object.is(a.t0, b.t0) &&
    same(a.q0, b.q0) &&
    same(a.qd0, b.qd0) &&
    same(keys, Object.keys(b.params)) &&
    same(
      keys.map((k) => a.params[k]),
      keys.map((k) => b.params[k]),
    )
  );
}

interface Chunk {
  readonly k: number;
  readonly from: number;
  readonly to: number;
}

const cellCount = (chunk: Chunk | undefined): number => (chunk ? chunk.to - chunk.from : 0);

/** The chunks of this sweep the workers gave up (failed jobs of other sweeps are theirs). */
async function givenUp(queue: import('bullmq').Queue, id: string, chunks: readonly Chunk[]) {
  const out: { job: import('bullmq').Job; chunk: Chunk }[] = [];
  for (const job of await queue.getFailed()) {
    const k = job.id?.startsWith(`${id}-`) ? Number(job.id.slice(id.length + 1)) : Number.NaN;
    const chunk = chunks[k];
    if (chunk) out.push({ job, chunk });
  }
  return out;
}

/**
 * The chunks neither in the hash nor on the queue: their job completed but
 * the write of their cells failed (queue-worker.ts sends it just before the
 * completion, on the same connection). The jobs are looked up before the
 * fields: a chunk whose job was gone then had its field written already,
 * unless the write failed.
 */
async function lostChunks(
  connection: import('ioredis').Redis,
  queue: import('bullmq').Queue,
  id: string,
  chunks: readonly Chunk[],
  done: ReadonlySet<string>,
  key: string,
): Promise<Chunk[]> {
  const missing = chunks.filter(({ k }) => !done.has(String(k)));
  if (missing.length === 0) return [];
  const lookups = connection.pipeline();
  for (const { k } of missing) lookups.exists(queue.toKey(chunkJobId(id, k)));
  const jobs = (await lookups.exec()) ?? [];
  const gone = missing.filter((_, i) => jobs[i]?.[1] === 0);
  if (gone.length === 0) return [];
  const written = new Set(await connection.hkeys(key));
  return gone.filter(({ k }) => !written.has(String(k)));
}

/** Each chunk given up: its cells written as failed (HSETNX: a chunk a worker wrote stays). */
async function recordGivenUp(
  connection: import('ioredis').Redis,
  queue: import('bullmq').Queue,
  id: string,
  chunks: readonly Chunk[],
  cellsOf: (chunk: Chunk) => CellInput[],
  key: string,
): Promise<void> {
  for (const { job, chunk } of await givenUp(queue, id, chunks)) {
    const error = {
      code: 'sweep-chunk-failed',
      message: `chunk ${chunk.k} of sweep ${id} was given up after ${job.attemptsMade} attempts: ${job.failedReason}`,
    };
    await connection.hsetnx(key, String(chunk.k), encodeCells(cellsOf(chunk).map((c) => ({ index: c.index, at: c.at, values: {}, error }))));
  }
}
