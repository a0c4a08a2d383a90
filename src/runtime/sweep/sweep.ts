// Parameter sweeps and basins of attraction: a 1-D or 2-D grid of initial
// states or parameters, each cell a simulation summarized by a classifier
// or a periodic orbit with its multipliers (sweep-cell.ts), computed in
// parallel on worker threads.
//
// The pool is tinypool (zero dependencies, the worker-thread pool vitest
// grew up on). Cells go out in contiguous chunks, several per worker so a
// slow region of the grid does not leave the other workers idle, and come
// back into their grid order; each cell is computed by the same code from
// the same numbers whichever worker takes it, so the result does not depend
// on the number of workers. A worker cannot receive the module's functions:
// it gets a ModuleRef (a path, or the compiled text) and imports it.
// The pool and node:os are imported on first use, keeping the runtime's
// index free of them for projects that never sweep.
// Tests: test/runtime/sweep/sweep.test.ts

import type { LoadedModule, Params } from '../contract.js';
import { SimulationError } from '../errors.js';
import { cellInputs, runCell, type CellInput, type SweepAxis, type SweepBase, type SweepCell, type SweepRun } from './sweep-cell.js';
import { importClassifier, importModule, type ModuleRef } from './sweep-load.js';
import type { SweepTask } from './sweep-worker.js';

export interface SerialSweepOptions {
  readonly grid: readonly SweepAxis[];
  readonly run: SweepRun;
  /** The start every cell shares before the axes set their values (default: the model's initial state and default parameters). */
  readonly base?: SweepBase;
  /** Builds a cell's q0 and q̇0 from its axis values, in the calling thread (a state that must stay consistent). */
  readonly start?: (at: Readonly<Record<string, number>>, params: Params) => { readonly q0: readonly number[]; readonly qd0: readonly number[] };
  /** Called with the cells done so far and the total, after each batch of cells and once with done = total. */
  readonly onProgress?: (done: number, total: number) => void;
}

export interface SweepOptions extends SerialSweepOptions {
  /** Worker threads (default: the cores available). */
  readonly workers?: number;
  /**
   * The worker script (default: sweep-worker.js beside this module, as the
   * package ships it). Running from TypeScript sources, give a bundle of
   * sweep-worker.ts (the CLI builds one with esbuild).
   */
  readonly worker?: string | URL;
}

export interface SweepResult {
  readonly model: string;
  readonly axes: readonly SweepAxis[];
  /** In grid order (row-major, the first axis slowest). */
  readonly cells: SweepCell[];
}

/** Batches per worker: enough that the last ones finish close together, few enough that the messages cost nothing. */
const BATCHES_PER_WORKER = 8;

/** The sweep in parallel on worker threads. */
export async function sweep(source: ModuleRef, opts: SweepOptions): Promise<SweepResult> {
  const module = await importModule(source);
  const { inputs, failed } = cellInputs(module, opts.grid, opts.base, opts.start);
  const total = inputs.length + failed.length;
  const workers = opts.workers ?? (await import('node:os')).availableParallelism();
  if (!(Number.isInteger(workers) && workers >= 1))
    throw new SimulationError('invalid-option', 'input', `workers must be a positive integer, got ${workers}`, { model: module.model.name, field: 'workers' });
  // A classifier module that does not load is one error here, not one per cell in the workers.
  await importClassifier(opts.run, module.model.name);
  const filename = await workerScript(opts.worker, module.model.name);

  const cells: SweepCell[] = [...failed];
  let done = failed.length;
  opts.onProgress?.(done, total);
  const { Tinypool } = await import('tinypool');
  const pool = new Tinypool({ filename, minThreads: Math.min(workers, Math.max(1, inputs.length)), maxThreads: workers, isolateWorkers: false });
  try {
    await Promise.all(
      batches(inputs, workers * BATCHES_PER_WORKER).map(async (batch) => {
        const task: SweepTask = { module: source, run: opts.run, cells: batch };
        const out = (await pool.run(task)) as SweepCell[];
        cells.push(...out);
        done += out.length;
        opts.onProgress?.(done, total);
      }),
    );
  } finally {
    await pool.destroy();
  }
  return { model: module.model.name, axes: opts.grid, cells: cells.sort((a, b) => a.index - b.index) };
}

/**
 * The same sweep in the calling thread, synchronously (a report's small
 * basin, which is rebuilt inside a synchronous build). Built-in classifiers
 * only: a classifier module needs the asynchronous import of `sweep`.
 */
export function sweepSerial(module: LoadedModule, opts: SerialSweepOptions): SweepResult {
  if (opts.run.kind === 'simulate' && typeof opts.run.classify !== 'string') {
    throw new SimulationError('invalid-option', 'input', 'a classifier module is imported asynchronously: use sweep, not sweepSerial', {
      model: module.model.name,
      field: 'classify',
    });
  }
  const { inputs, failed } = cellInputs(module, opts.grid, opts.base, opts.start);
  const total = inputs.length + failed.length;
  const cells: SweepCell[] = [...failed];
  opts.onProgress?.(cells.length, total);
  for (const input of inputs) {
    cells.push(runCell(module, opts.run, input));
    opts.onProgress?.(cells.length, total);
  }
  return { model: module.model.name, axes: opts.grid, cells: cells.sort((a, b) => a.index - b.index) };
}

/** Contiguous batches, about `count` of them. */
function batches(cells: readonly CellInput[], count: number): CellInput[][] {
  const size = Math.max(1, Math.ceil(cells.length / count));
  const out: CellInput[][] = [];
  for (let k = 0; k < cells.length; k += size) out.push(cells.slice(k, k + size));
  return out;
}

/** The worker script as tinypool takes it: the given one, else the shipped sweep-worker.js (which must exist). */
async function workerScript(given: string | URL | undefined, model: string): Promise<string> {
  const { fileURLToPath } = await import('node:url');
  if (given !== undefined) return typeof given === 'string' ? given : given.protocol === 'file:' ? fileURLToPath(given) : given.href;
  const shipped = fileURLToPath(new URL('./sweep-worker.js', import.meta.url));
  const { existsSync } = await import('node:fs');
  if (!existsSync(shipped)) {
    throw new SimulationError(
      'invalid-option',
      'input',
      `no worker script at ${shipped}: running from TypeScript sources, give the worker option a JavaScript bundle of sweep-worker.ts`,
      { model, field: 'worker' },
    );
  }
  return shipped;
}
