// The worker side of a parallel sweep (sweep.ts): a task is a contiguous
// run of cells; the worker imports the generated module (and a classifier
// module) once, computes each cell with runCell exactly as the main thread
// would, and returns the cells in their order.
// Tests: test/runtime/sweep/sweep.test.ts

import { runCell, type CellInput, type SweepCell, type SweepRun } from './sweep-cell.js';
import { importClassifier, importModule, type ModuleRef } from './sweep-load.js';

export interface SweepTask {
  readonly module: ModuleRef;
  readonly run: SweepRun;
  readonly cells: readonly CellInput[];
}

export default async function runSweepTask(task: SweepTask): Promise<SweepCell[]> {
  const module = await importModule(task.module);
  const classify = await importClassifier(task.run, module.model.name);
  return task.cells.map((cell) => runCell(module, task.run, cell, classify));
}
