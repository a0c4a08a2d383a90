// Simulation of a generated model: Lagrange form x = [q, q̇] through
// `module.rhs`, or Hamilton form z = [q, p] through `module.hamiltonRhs`
// (the two must give the same motion, which is how the derivations of the
// two forms are checked against each other). Output is sampled on a uniform
// grid from the integrator's dense output, so the grid does not constrain
// the steps.

import type { LoadedModule } from '../contract.js';
import { integrate, type OdeFunction } from '../integrators/dopri5.js';
import { SimulationError } from '../errors.js';
import { switches } from '../contact/compliant-switching.js';
import { simulateCompliant } from './compliant.js';
import { simulateHybrid } from './hybrid.js';
import { simulateHinge } from './hinges.js';
import { simulateSupports } from './supports.js';
import {
  AngleTurns,
  DEFAULT_ATOL,
  DEFAULT_RTOL,
  GridSampler,
  Progress,
  integrationError,
  outputGrid,
  toArray,
  integratesHinge,
  validateRun,
  type HamiltonOptions,
  type HamiltonTrajectory,
  type RunOptions,
  type SimulateOptions,
  type SimulationStats,
  type Trajectory,
} from './trajectory.js';

/**
 * Integrate a model from (q0, qd0) over [t0, t1]. Models with unilateral
 * constraints go to the event-driven driver (hybrid.ts); `events` then lists
 * impacts, releases, contacts and rests. Models whose constraints are all
 * realized by forces (compliant contacts, Theorem 1 realizations) go to the
 * stiff driver with events at their switching surfaces (compliant.ts); with
 * rigid contacts too, the hybrid driver integrates the compliant forces as
 * part of rhs without locating their kinks.
 */
/** How `simulate` integrates a module: the driver, and which friction law it integrates (studies/motion.ts names the paper). */
export interface SimulationMethod {
  readonly name: string;
  readonly law?: 'supports' | 'hinge';
}

/** The drivers' dispatch below, in words for reports and the CLI. */
export function simulationMethod(module: LoadedModule): SimulationMethod {
  if (module.model.unilateral.length > 0) return { name: 'event-driven DOPRI5' };
  if (module.model.supports) return { name: 'event-driven DOPRI5 with the variants of support', law: 'supports' };
  if (integratesHinge(module)) return { name: 'event-driven DOPRI5 with the journal friction of the hinge', law: 'hinge' };
  if (module.model.compliant?.length || module.model.realized?.length) return { name: 'Radau IIA with the switching surfaces located' };
  return { name: 'DOPRI5' };
}

export function simulate(module: LoadedModule, opts: SimulateOptions): Trajectory {
  if (module.model.unilateral.length > 0) return simulateHybrid(module, opts);
  if (module.model.supports && module.supportRows) return simulateSupports(module, opts);
  if (integratesHinge(module)) return simulateHinge(module, opts);
  if (module.model.compliant?.length || module.model.realized?.length) return simulateCompliant(module, opts);
  validateRun(module, opts, [
    ['q0', opts.q0],
    ['qd0', opts.qd0],
  ]);
  const n = module.model.coordinates.length;
  const params = opts.params ?? {};
  const t = [] as number[],
    q = [] as number[][],
    qd = [] as number[][];
  const energy: number[] | undefined = module.energy ? [] : undefined;
  // Periodic coordinates reduced to (−π, π] after every step, their turns added back on output.
  const angles = new AngleTurns(module);
  const x0 = stack(opts.q0, opts.qd0);
  angles.reduce(x0);
  const stats = runSmooth(
    module,
    opts,
    (s, x, out) => void module.rhs(s, x, params, out),
    x0,
    (s, x) => {
      t.push(s);
      q.push(angles.unwrap(x));
      qd.push(toArray(x, n, 2 * n));
      energy?.push(module.energy!(s, x.subarray(0, n), x.subarray(n, 2 * n), params));
    },
    undefined,
    angles.shift,
  );
  return { model: module.model.name, t, q, qd, ...(energy ? { energy } : {}), events: [], stats };
}

/** Integrate Hamilton's equations from (q0, pm0); q̇ = ∂H/∂p and H are reported at every sample. */
export function simulateHamilton(module: LoadedModule, opts: HamiltonOptions): HamiltonTrajectory {
  validateRun(module, opts, [
    ['q0', opts.q0],
    ['pm0', opts.pm0],
  ]);
  rejectUnilateral(module);
  const n = module.model.coordinates.length;
  const params = opts.params ?? {};
  const t = [] as number[],
    q = [] as number[][],
    pm = [] as number[][],
    qd = [] as number[][],
    energy = [] as number[];
  const dz = new Float64Array(2 * n);
  // H is as periodic in q as the Lagrangian (T's M(q), V(q)): reduced as in simulate.
  const angles = new AngleTurns(module);
  const z0 = stack(opts.q0, opts.pm0);
  angles.reduce(z0);
  const stats = runSmooth(
    module,
    opts,
    (s, z, out) => void module.hamiltonRhs(s, z, params, out),
    z0,
    (s, z) => {
      t.push(s);
      q.push(angles.unwrap(z));
      pm.push(toArray(z, n, 2 * n));
      module.hamiltonRhs(s, z, params, dz);
      qd.push(toArray(dz, 0, n));
      energy.push(module.hamiltonian(s, z.subarray(0, n), z.subarray(n, 2 * n), params));
    },
    (s, z) => module.hamiltonRhs(s, z, params),
    angles.shift,
  );
  return { model: module.model.name, t, q, pm, qd, energy, events: [], stats };
}

/**
 * One integration over [t0, t1] with grid sampling and progress.
 * `stopVelocity` gives q̇ at a state that is not [q, q̇] (Hamilton's [q, p])
 * for the error report of a failed run; `shift` moves the state by a period
 * of f after each step (DOPRI5's shift).
 */
function runSmooth(
  module: LoadedModule,
  opts: RunOptions,
  f: OdeFunction,
  x0: Float64Array,
  record: (t: number, x: Float64Array) => void,
  stopVelocity?: (t: number, y: Float64Array) => ArrayLike<number>,
  shift?: (y: Float64Array) => void,
): SimulationStats {
  const t0 = opts.t0 ?? 0;
  const sampler = new GridSampler(outputGrid(t0, opts.t1, opts.samples), x0.length, record);
  const progress = new Progress(t0, opts.t1, opts.onProgress);
  sampler.at(t0, x0);
  const maxSteps = opts.maxSteps ?? 100_000;
  const result = integrate(f, t0, x0, opts.t1, {
    rtol: opts.rtol ?? DEFAULT_RTOL,
    atol: opts.atol ?? DEFAULT_ATOL,
    hmax: opts.hmax,
    maxSteps,
    onStep: (step) => {
      sampler.fromStep(step);
      progress.update(step.t);
    },
    ...(shift ? { shift } : {}),
  });
  if (result.status !== 'done' && result.status !== 'stopped') {
    throw integrationError(
      result.status,
      { module, params: opts.params ?? {}, t: result.t, y: result.y, qd: stopVelocity?.(result.t, result.y) },
      t0,
      maxSteps,
    );
  }
  return { steps: result.stats.accepted, rejected: result.stats.rejected, evaluations: result.stats.evaluations };
}

function stack(a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const x = new Float64Array(a.length + b.length);
  x.set(Array.from(a), 0);
  x.set(Array.from(b), a.length);
  return x;
}

function rejectUnilateral(module: LoadedModule): void {
  // The canonical form is that of L_N: realized retaining constraints and gap potentials act
  // everywhere and are smooth terms of it; a compliant contact's force switches at f = 0, which
  // this integration does not locate (simulate does).
  const switching = (module.model.compliant ?? []).filter(switches).map((c) => c.name);
  if (switching.length) {
    throw new SimulationError(
      'unilateral-unsupported',
      'input',
      `simulateHamilton integrates smooth motion only; the forces of the compliant contacts ${switching.join(', ')} switch where their gaps vanish, which it does not locate; use simulate`,
      { model: module.model.name, field: 'compliant' },
    );
  }
  if (module.model.unilateral.length > 0) {
    throw new SimulationError(
      'unilateral-unsupported',
      'input',
      `simulateHamilton integrates smooth motion only; this model has unilateral constraints (${module.model.unilateral.map((u) => u.name).join(', ')}); use simulate`,
      { model: module.model.name, field: 'unilateral' },
    );
  }
}
