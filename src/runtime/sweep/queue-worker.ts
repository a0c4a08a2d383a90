// A worker of queued sweeps (`mechanics worker`): takes chunks from the
// BullMQ queue, checks each payload's signature before reading it, imports
// the sweep's module once, makes the chunk's cells (from its range of the
// grid the spec carries, by gridCells as a local sweep does, or as they
// came), computes each with runCell exactly as a local sweep's thread
// would, and writes the chunk's cells, one field of the sweep's hash, in
// one command that counts the fields too, sent just before BullMQ
// completes the job on the same connection: Redis runs them in that order,
// so a job is never completed before its cells are in, and the worker
// waits for one round trip a chunk, not two. The command whose field is
// the sweep's last wakes the submitter; the others leave it asleep (a
// wake-up per chunk cost the submitter about 0.5 ms of CPU, 5 µs a cell of
// the basin). A worker killed before Redis has both leaves the job
// uncompleted, and it is run again, writing the same field. A write that
// fails (the job completed without its cells) is found by the submitter's
// poll, which queues the chunk again.
// Between cells, once a tenth of the lock has passed since the last time,
// it yields to the event loop, so that BullMQ renews the chunk's lock
// while a long chunk runs (a pause after every cell cost about 3 µs, half a
// per cent of a short cell); a worker that dies (killed, its machine
// gone) stops renewing, and after the lock expires another worker's stall
// check puts the chunk back in the queue.
// A chunk that throws something other than a toolkit error is retried
// (ATTEMPTS in all); a payload that fails its signature is refused at once.
// Tests: test/runtime/sweep/queue.test.ts

import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { MechanicsError } from '../../errors.js';
import type { LoadedModule } from '../contract.js';
import { gridCells, runCell, type CellInput, type ClassifyFunction, type SweepCell } from './sweep-cell.js';
import { importClassifier, importModule } from './sweep-load.js';
import { verify, type QueueUrl } from './queue-auth.js';
import { encodeCells } from './queue-cells.js';
import { chunkJobId, connect, decodeGrid, decodeInputs, specKey, writeCells, type QueuedChunk, type QueuedSpec } from './queue-store.js';

export interface QueueWorkerOptions {
  readonly url: QueueUrl;
  readonly name: string;
  readonly key: Buffer;
  /**
   * How long a chunk's lock lasts without renewal (ms, default 30 000): the
   * lock is renewed between cells, so one cell must take less; a killed
   * worker's chunk is free again this long after it died.
   */
  readonly lockMs?: number;
  /** How often this worker looks for chunks whose lock expired (ms, default 30 000). */
  readonly stallMs?: number;
  /** A line for each chunk taken, done or refused. */
  readonly log?: (line: string) => void;
}

export interface QueueWorker {
  /** Finish the chunk in hand, then stop. */
  close(): Promise<void>;
}

/** Chunks that fail this often (not a toolkit error: a bug, memory) are given up, their cells recorded as failed by the submitter. */
export const ATTEMPTS = 3;
/** A chunk whose worker dies this often is given up too. */
const MAX_STALLS = 3;
const DEFAULT_MS = 30_000;

/** A sweep's module, classifier and, when its spec carries the grid, the maker of its cells. */
interface Ready {
  readonly module: LoadedModule;
  readonly classify: ClassifyFunction | undefined;
  readonly cellAt?: (index: number) => CellInput;
}

export async function startQueueWorker(opts: QueueWorkerOptions): Promise<QueueWorker> {
  const { Worker, UnrecoverableError } = await import('bullmq');
  const connection = await connect(opts.url);
  const log = opts.log ?? (() => {});
  const lockMs = opts.lockMs ?? DEFAULT_MS;
  const yieldMs = lockMs / 10;
  const specs = new Map<string, Promise<QueuedSpec>>();
  const specOf = (id: string): Promise<QueuedSpec> => {
    let p = specs.get(id);
    if (!p) {
      p = connection.get(specKey(opts.name, id)).then((text) => {
        if (text === null) throw new UnrecoverableError(`sweep ${id} has no spec in ${opts.url.shown} (deleted, or another queue name)`);
        const spec = verify<QueuedSpec>(opts.key, JSON.parse(text), `the spec of sweep ${id}`);
        if (spec.id !== id) throw new UnrecoverableError(`the spec stored for sweep ${id} is sweep ${spec.id}'s`);
        return spec;
      });
      p.catch(() => specs.delete(id));
      specs.set(id, p);
    }
    return p;
  };

  /**
   * What every chunk of a sweep needs besides its cells, made once per sweep
   * and worker: the module (looked up by its text), the classifier and the
   * grid's cell maker (per chunk, the lookup and the grid's decoding cost
   * about 40 µs).
   */
  const ready = new Map<string, Promise<Ready>>();
  const readyOf = (spec: QueuedSpec): Promise<Ready> => {
    let p = ready.get(spec.id);
    if (!p) {
      p = (async () => {
        const module = await importModule({ source: spec.source });
        const classify = await importClassifier(spec.run, spec.model);
        if (spec.grid === undefined) return { module, classify };
        const { grid, base } = decodeGrid(spec.grid);
        return { module, classify, cellAt: gridCells(module, grid, base) };
      })();
      p.catch(() => ready.delete(spec.id));
      ready.set(spec.id, p);
    }
    return p;
  };

  const process = async (job: { readonly id?: string | undefined; readonly data: unknown }): Promise<void> => {
    let chunk: QueuedChunk, spec: QueuedSpec;
    try {
      chunk = verify<QueuedChunk>(opts.key, job.data, `job ${job.id}`);
      if (job.id !== chunkJobId(chunk.sweep, chunk.chunk)) throw new UnrecoverableError(`job ${job.id} carries chunk ${chunk.chunk} of sweep ${chunk.sweep}`);
      spec = await specOf(chunk.sweep);
    } catch (err) {
      if (err instanceof MechanicsError) {
        log(`error [${err.code}]: ${err.message}`);
        throw new UnrecoverableError(`${err.code}: ${err.message}`);
      }
      throw err;
    }
    const { module, classify, cellAt } = await readyOf(spec);
    const inputs = chunkInputs(cellAt, chunk);
    log(`took chunk ${chunk.chunk} of sweep ${chunk.sweep} (${inputs.length} cells)`);
    const cells: SweepCell[] = [];
    let paused = performance.now();
    for (const input of inputs) {
      cells.push(runCell(module, spec.run, input, classify));
      if (performance.now() - paused >= yieldMs) {
        await yieldToLoop();
        paused = performance.now();
      }
    }
    // Not awaited: BullMQ's completion of the job follows on the same connection, so that Redis runs the
    // write first and both replies come back in one round trip (two cost the worker about 1 ms of CPU a chunk).
    void writeCells(connection, opts.name, chunk.sweep, chunk.chunk, encodeCells(cells), Math.ceil(spec.cells / spec.chunk)).then(
      () => log(`done chunk ${chunk.chunk} of sweep ${chunk.sweep}`),
      (err: Error) => log(`error: the cells of chunk ${chunk.chunk} of sweep ${chunk.sweep} were not written (the submitter queues it again): ${err.message}`),
    );
  };

  /** The chunk's cells: made from its range of the spec's grid, or as they came. */
  const chunkInputs = (cellAt: Ready['cellAt'], chunk: QueuedChunk): CellInput[] => {
    if ('cells' in chunk) return decodeInputs(chunk.cells);
    if (cellAt === undefined) throw new UnrecoverableError(`chunk ${chunk.chunk} of sweep ${chunk.sweep} is a range, and the sweep's spec has no grid`);
    return Array.from({ length: chunk.to - chunk.from }, (_, i) => cellAt(chunk.from + i));
  };

  const worker = new Worker(opts.name, process, {
    connection,
    concurrency: 1,
    lockDuration: lockMs,
    stalledInterval: opts.stallMs ?? DEFAULT_MS,
    maxStalledCount: MAX_STALLS,
  });
  worker.on('error', (err) => log(`error: ${err.message}`));
  await worker.waitUntilReady();
  return {
    async close() {
      await worker.close();
      await connection.quit();
    },
  };
}
