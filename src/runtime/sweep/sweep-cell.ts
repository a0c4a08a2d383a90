// One cell of a sweep: the grid of initial states or parameters (1-D or
// 2-D), the start of each cell, and what a cell computes — a simulation
// summarized by a classifier, or the periodic orbit through a section
// (periodic.ts) with its multipliers. Everything here is plain data in and
// out, so a worker thread (sweep-worker.ts) computes a cell exactly as the
// main thread would: the results cannot depend on how many workers ran.
// Tests: test/runtime/sweep/sweep-cell.test.ts

import { MechanicsError } from '../../errors.js';
import type { LoadedModule, Params } from '../contract.js';
import { SimulationError } from '../errors.js';
import { periodicOrbit, type PeriodicOrbit, type PeriodicOrbitOptions, type ShiftSpec } from '../analysis/periodic.js';
import { simulate } from '../hybrid/simulate.js';
import type { ContactOptions, Trajectory } from '../hybrid/trajectory.js';
import type { Section } from '../analysis/variational.js';

/** One axis of the grid: a coordinate (`x`), a velocity (`x'`) or a parameter, at `count` evenly spaced values from `from` to `to`. */
export interface SweepAxis {
  readonly name: string;
  readonly from: number;
  readonly to: number;
  readonly count: number;
}

/** What a cell reports: named scalars, so that JSON and CSV carry the same values. */
export type SweepValue = number | boolean | string | null;
export type SweepValues = Record<string, SweepValue>;

/**
 * How a simulated cell is summarized:
 *  - 'final': the state at t1 (`t`, each coordinate `x(t)`, each velocity `x'(t)`;
 *    named apart from the axes, which may be the same coordinates at the start);
 *  - 'impacts': impacts before t1 (in all and per contact), whether the
 *    motion came to rest and when, the time of the last impact;
 *  - a module (an ES module file or URL) whose export (default `classify`)
 *    maps (trajectory, cell) to SweepValues: a worker cannot receive a
 *    function, so it imports the user's classifier itself.
 */
export type SweepClassifier = 'final' | 'impacts' | { readonly module: string; readonly export?: string };

/** A user's classifier, as its module exports it. */
export type ClassifyFunction = (trajectory: Trajectory, cell: CellInput) => SweepValues;

export interface SimulationRun {
  readonly kind: 'simulate';
  readonly t1: number;
  readonly classify: SweepClassifier;
  readonly rtol?: number;
  readonly atol?: number;
  readonly hmax?: number;
  readonly maxSteps?: number;
  readonly contact?: ContactOptions;
}

/** periodicOrbit from each cell's start (PeriodicOrbitOptions less the functions, which cannot reach a worker). */
export interface OrbitRun {
  readonly kind: 'orbit';
  readonly section: Section;
  readonly fix?: readonly string[];
  readonly shift?: Readonly<Record<string, ShiftSpec>>;
  readonly period?: number;
  readonly crossings?: number;
  readonly maxTime?: number;
  readonly tol?: number;
  readonly maxIterations?: number;
}

export type SweepRun = SimulationRun | OrbitRun;

/** A cell ready to run: its place in the grid, the axis values, and the full start they make. */
export interface CellInput {
  /** Row-major: the first axis varies slowest. */
  readonly index: number;
  readonly at: Readonly<Record<string, number>>;
  readonly q0: readonly number[];
  readonly qd0: readonly number[];
  readonly t0: number;
  readonly params: Params;
}

export interface SweepCell {
  readonly index: number;
  readonly at: Readonly<Record<string, number>>;
  /** Empty when the cell failed. */
  readonly values: SweepValues;
  /** Why the cell failed (a SimulationError's code and message); a run that merely finds no orbit is not a failure. */
  readonly error?: { readonly code: string; readonly message: string };
}

/** The base every cell starts from; the axes override parts of it. */
export interface SweepBase {
  readonly q0?: readonly number[];
  readonly qd0?: readonly number[];
  readonly t0?: number;
  readonly params?: Params;
}

/** The axis values: `count` points from `from` to `to`, both ends included (a single point is `from`). */
export function axisValues(axis: SweepAxis): number[] {
  if (axis.count === 1) return [axis.from];
  return Array.from({ length: axis.count }, (_, i) => (i === axis.count - 1 ? axis.to : axis.from + ((axis.to - axis.from) * i) / (axis.count - 1)));
}

type Target = { readonly kind: 'q' | 'qd'; readonly i: number } | { readonly kind: 'param' };

/** Check the grid against the model (all problems at once) and say what each axis sets. */
export function axisTargets(module: LoadedModule, grid: readonly SweepAxis[]): Target[] {
  const model = module.model;
  const problems: string[] = [];
  if (grid.length < 1 || grid.length > 2) problems.push(`grid: give one or two axes, got ${grid.length}`);
  const targets = grid.map((a): Target => {
    const i = model.coordinates.indexOf(a.name.replace(/'$/, ''));
    const target: Target = i >= 0 ? { kind: a.name.endsWith("'") ? 'qd' : 'q', i } : { kind: 'param' };
    if (i < 0 && !model.parameters.some((p) => p.name === a.name)) {
      problems.push(
        `axis '${a.name}' is neither a coordinate, a velocity (name') nor a parameter (coordinates: ${model.coordinates.join(', ')}; parameters: ${model.parameters.map((p) => p.name).join(', ') || 'none'})`,
      );
    }
    if (!(Number.isInteger(a.count) && a.count >= 1)) problems.push(`axis '${a.name}': count must be a positive integer, got ${a.count}`);
    if (!(Number.isFinite(a.from) && Number.isFinite(a.to))) problems.push(`axis '${a.name}': from and to must be finite, got ${a.from} and ${a.to}`);
    return target;
  });
  if (grid.length === 2 && grid[0]!.name === grid[1]!.name) problems.push(`axis '${grid[0]!.name}' given twice`);
  if (problems.length) {
    throw new SimulationError(
      'invalid-option',
      'input',
      problems.length === 1 ? problems[0]! : `${problems.length} problems:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
      { model: model.name, field: 'grid' },
    );
  }
  return targets;
}

/** The number of cells of the grid. */
export const gridSize = (grid: readonly SweepAxis[]): number => grid.reduce((n, a) => n * a.count, 1);

/**
 * The cells of the grid by index (row-major, the first axis slowest), each
 * started from the base (default: the model's declared initial state and
 * default parameters) with the axes' values set. The one owner of the
 * mapping from the grid to the cells' starts: the local sweep makes every
 * cell with it, a queued chunk's worker the cells of its range.
 */
export function gridCells(module: LoadedModule, grid: readonly SweepAxis[], base: SweepBase = {}): (index: number) => CellInput {
  const targets = axisTargets(module, grid);
  const values = grid.map(axisValues);
  // Cells between two steps of an axis: the product of the later axes' counts.
  const strides = grid.map((_, k) => gridSize(grid.slice(k + 1)));
  const { initial } = module.model;
  return (index) => {
    const at: Record<string, number> = {};
    grid.forEach((axis, k) => (at[axis.name] = values[k]![Math.floor(index / strides[k]!) % axis.count]!));
    const q0 = [...(base.q0 ?? initial.q0)],
      qd0 = [...(base.qd0 ?? initial.qd0)];
    const params: Record<string, number | undefined> = { ...base.params };
    grid.forEach((axis, k) => {
      const t = targets[k]!;
      if (t.kind === 'param') params[axis.name] = at[axis.name];
      else (t.kind === 'q' ? q0 : qd0)[t.i] = at[axis.name]!;
    });
    return { index, at, q0, qd0, t0: base.t0 ?? 0, params };
  };
}

/**
 * Every cell's start (gridCells). `start`, when given, builds q0 and q̇0
 * from the cell's values instead (a state that must stay consistent, e.g. a
 * wheel standing on a spoke at a given speed); a start that throws a
 * toolkit error makes that cell fail, not the sweep.
 */
export function cellInputs(
  module: LoadedModule,
  grid: readonly SweepAxis[],
  base: SweepBase = {},
  start?: (at: Readonly<Record<string, number>>, params: Params) => { readonly q0: readonly number[]; readonly qd0: readonly number[] },
): { readonly inputs: CellInput[]; readonly failed: SweepCell[] } {
  const cellAt = gridCells(module, grid, base);
  const inputs: CellInput[] = [];
  const failed: SweepCell[] = [];
  for (let index = 0, n = gridSize(grid); index < n; index++) {
    const cell = cellAt(index);
    try {
      const s = start ? start(cell.at, cell.params) : cell;
      inputs.push({ ...cell, q0: [...s.q0], qd0: [...s.qd0] });
    } catch (err) {
      failed.push(failedCell(index, cell.at, err));
    }
  }
  return { inputs, failed };
}

/** Run one cell; a toolkit error (SimulationError) makes a failed cell (its code and message), anything else is a bug and propagates. */
export function runCell(module: LoadedModule, run: SweepRun, cell: CellInput, classify?: ClassifyFunction): SweepCell {
  try {
    return { index: cell.index, at: cell.at, values: run.kind === 'orbit' ? orbitValues(module, run, cell) : simulationValues(module, run, cell, classify) };
  } catch (err) {
    return failedCell(cell.index, cell.at, err);
  }
}

function failedCell(index: number, at: Readonly<Record<string, number>>, err: unknown): SweepCell {
  if (!(err instanceof MechanicsError)) throw err;
  return { index, at, values: {}, error: { code: err.code, message: err.message } };
}

function simulationValues(module: LoadedModule, run: SimulationRun, cell: CellInput, classify?: ClassifyFunction): SweepValues {
  const tr = simulate(module, {
    q0: cell.q0,
    qd0: cell.qd0,
    t0: cell.t0,
    t1: run.t1,
    params: cell.params,
    samples: 2,
    ...(run.rtol !== undefined ? { rtol: run.rtol } : {}),
    ...(run.atol !== undefined ? { atol: run.atol } : {}),
    ...(run.hmax !== undefined ? { hmax: run.hmax } : {}),
    ...(run.maxSteps !== undefined ? { maxSteps: run.maxSteps } : {}),
    ...(run.contact ? { contact: run.contact } : {}),
  });
  if (run.classify === 'final') return finalState(module, tr);
  if (run.classify === 'impacts') return impactCount(module, tr);
  if (!classify)
    throw new SimulationError('invalid-option', 'input', `classifier module ${run.classify.module} was not loaded`, {
      model: module.model.name,
      field: 'classify',
    });
  return classify(tr, cell);
}

/** 'final': t1 and the state there. */
function finalState(module: LoadedModule, tr: Trajectory): SweepValues {
  const last = tr.t.length - 1;
  const cs = module.model.coordinates;
  return {
    t: tr.t[last]!,
    ...Object.fromEntries(cs.map((c, i) => [`${c}(t)`, tr.q[last]![i]!])),
    ...Object.fromEntries(cs.map((c, i) => [`${c}'(t)`, tr.qd[last]![i]!])),
  };
}

/** 'impacts': how many before t1, per contact, the rest (an accumulation of impacts or a touchdown) and the last impact's time. */
function impactCount(module: LoadedModule, tr: Trajectory): SweepValues {
  const impacts = tr.events.filter((e) => e.type === 'impact');
  // At rest: the last impact, contact or release event closes a contact for good — a cascade's
  // accumulation ('rest') or a touchdown without bounce ('contact', e = 0).
  const last = tr.events.filter((e) => e.type === 'impact' || e.type === 'rest' || e.type === 'contact' || e.type === 'release').at(-1);
  const rest = last?.type === 'rest' || last?.type === 'contact' ? last : undefined;
  return {
    impacts: impacts.length,
    ...Object.fromEntries(module.model.unilateral.map((u, j) => [`impacts ${u.name}`, impacts.filter((e) => e.contacts.includes(j)).length])),
    rest: rest !== undefined,
    'rest t': rest?.t ?? null,
    'last impact t': impacts.at(-1)?.t ?? null,
  };
}

/**
 * The orbit through the section from the cell's start: found or not
 * (Newton did not converge, or the section was never reached), and if found
 * its stability, period, largest multiplier modulus, the state on the
 * section (`x*`, `x'*`) and every multiplier (`mu1 re`, `mu1 im`, … by decreasing modulus).
 */
function orbitValues(module: LoadedModule, run: OrbitRun, cell: CellInput): SweepValues {
  const opts: PeriodicOrbitOptions = { ...run, q0: cell.q0, qd0: cell.qd0, t0: cell.t0, params: cell.params };
  let o: PeriodicOrbit;
  try {
    o = periodicOrbit(module, opts);
  } catch (err) {
    if (err instanceof SimulationError && (err.code === 'orbit-not-converged' || err.code === 'no-return')) {
      return { found: false, stable: null, asymptotic: null, period: null, 'max |mu|': null, reason: err.code };
    }
    throw err;
  }
  const cs = module.model.coordinates;
  return {
    found: true,
    stable: o.stable,
    asymptotic: o.asymptotic,
    period: o.period,
    'max |mu|': Math.max(0, ...o.multipliers.map((z) => Math.hypot(z.re, z.im))),
    reason: null,
    ...Object.fromEntries(cs.map((c, i) => [`${c}*`, o.q[i]!])),
    ...Object.fromEntries(cs.map((c, i) => [`${c}'*`, o.qd[i]!])),
    ...Object.fromEntries(
      o.multipliers.flatMap((z, k) => [
        [`mu${k + 1} re`, z.re],
        [`mu${k + 1} im`, z.im],
      ]),
    ),
  };
}
