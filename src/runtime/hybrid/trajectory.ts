// What every simulation driver shares: its options and result types, input
// validation (all problems reported at once), the uniform output grid filled
// from dense output, the throttled progress callback and the translation of
// integrator statuses into SimulationErrors, and the turns of the periodic
// coordinates a driver integrates reduced.
// Tests: test/runtime/hybrid/simulate.test.ts (input validation, sampling), test/runtime/hybrid/hybrid.test.ts.

import type { LoadedModule, ParamProblem, Params } from '../contract.js';
import { choleskyFactor } from '../../numeric/cholesky.js';
import type { DenseStep, IntegrationStatus } from '../integrators/dopri5.js';
import { MAX_ANGLE } from '../../errors.js';
import { SimulationError, throwAll, type SimulationErrorCode } from '../errors.js';
import type { ImpactLawName } from '../contact/impact-law.js';

/** Output grid: a number of points (both ends included) or a spacing. */
export type SampleSpec = number | { readonly dt: number };

export interface RunOptions {
  readonly t0?: number;
  readonly t1: number;
  readonly params?: Params;
  /** Integrator tolerances (defaults 1e-8 relative, 1e-10 absolute). */
  readonly rtol?: number;
  readonly atol?: number;
  /** Output grid (default 501 points). */
  readonly samples?: SampleSpec;
  /** Largest integrator step (default: the whole interval). */
  readonly hmax?: number;
  /** Cap on integrator step attempts per integration (default 1e5). */
  readonly maxSteps?: number;
  /** Called with the fraction of [t0, t1] done, at most every 1% and once with 1 at the end. */
  readonly onProgress?: (fraction: number) => void;
}

/**
 * Tolerances and caps of the event-driven treatment of unilateral contacts
 * (see hybrid.ts for the failure each one prevents). gapTol and
 * restVelocity are absolute, in the units of the model's gaps and normal
 * velocities; the others are dimensionless.
 */
export interface ContactOptions {
  /** A contact with g ≤ gapTol counts as closed (default 1e-9). */
  readonly gapTol?: number;
  /** Normal approach speeds below this are a touchdown, not a bounce (default 1e-6). */
  readonly restVelocity?: number;
  /**
   * A geometric impact cascade whose predicted remaining duration is below
   * this fraction of its duration so far rests from its accumulation point
   * on (default 1e-5; dimensionless, so independent of t0, t1 and units).
   */
  readonly zenoRatio?: number;
  /** Cap on the number of events (default 1e5). */
  readonly maxEvents?: number;
  /** Cap on guard crossings in a row that change no contact: chattering (default 1000). */
  readonly maxIdleCrossings?: number;
}

export interface SimulateOptions extends RunOptions {
  readonly q0: ArrayLike<number>;
  readonly qd0: ArrayLike<number>;
  /** Contact tolerances, for models with unilateral constraints. */
  readonly contact?: ContactOptions;
}

export interface HamiltonOptions extends RunOptions {
  readonly q0: ArrayLike<number>;
  /** Initial generalized momenta p = ∂L/∂q̇. */
  readonly pm0: ArrayLike<number>;
}

/**
 * 'stick' and 'slip': a frictional contact's sliding velocity reached zero
 * and the contact sticks, or its tangential reaction reached the friction
 * cone's edge and it slides. 'indeterminate': several contact modes were
 * admissible (Painlevé's indeterminacy); the run continues on the one whose
 * reaction-matrix determinant keeps its sign as friction → 0 (Smirnov).
 */
export type SimulationEventType = 'impact' | 'release' | 'contact' | 'rest' | 'stick' | 'slip' | 'indeterminate';

/**
 * An event with the state where it happened, so a consumer needs nothing
 * but the trajectory to report it (the CLI's JSON and CSV print these).
 */
export interface SimulationEvent {
  readonly t: number;
  readonly type: SimulationEventType;
  /** Indices of the contacts concerned: model.unilateral order, or model.compliant's for a model with only realized contacts (simulate.ts). */
  readonly contacts: number[];
  /** q at the event. */
  readonly q: number[];
  /** q̇ at the event; for an impact q̇⁻, the velocity before it. */
  readonly qd: number[];
  /** For an impact: q̇⁺, the velocity after it. */
  readonly qdPlus?: number[];
  /** For an impact: the impulse of every unilateral constraint (model.unilateral order; 0 where none acts). */
  readonly impulses?: number[];
  /** For 'rest' after an impact cascade: the extrapolated accumulation time of the cascade. */
  readonly accumulation?: number;
  /** For an impact with friction: the tangential impulse of every slip row (slipJacobian order). */
  readonly tangentImpulses?: number[];
  /**
   * Frictional contact modes after the event, per contact (frictionPhase's
   * codes: 0 open, ±1 sliding, 2 sticking); for 'indeterminate', the one chosen.
   */
  readonly modes?: number[];
  /** For an impact with friction: the law that resolved it, Newton–Coulomb or a fallback where that would raise the energy (impact-law.ts). */
  readonly law?: ImpactLawName;
  /** For 'indeterminate': the other admissible modes. */
  readonly alternatives?: number[][];
}

export interface SimulationStats {
  /** Accepted integrator steps. */
  readonly steps: number;
  readonly rejected: number;
  /** Right-hand-side evaluations by the integrator. */
  readonly evaluations: number;
  /** Complementarity solves, where the driver solves any (Moreau–Jean steps). */
  readonly lcp?: LcpStats;
}

/** A run's complementarity solves (filled from normal-contacts.ts's LcpTally). */
export interface LcpStats {
  readonly solves: number;
  /** Lemke pivots (fallbacks and frictional problems). */
  readonly pivots: number;
  /** Supports tried by the pivoting solver plus Lemke pivots. */
  readonly iterations: number;
  /** Solves whose warm start (the previous impulses' support) was the answer's. */
  readonly warmStartHits: number;
  /** Frictionless problems handed to Lemke. */
  readonly fallbacks: number;
  /** Largest natural-map residual max|min(P, ξ)| of any solve. */
  readonly worstResidual: number;
}

export interface Trajectory {
  readonly model: string;
  readonly t: number[];
  readonly q: number[][];
  readonly qd: number[][];
  /** T + V at every sample, when the model has an energy. */
  readonly energy?: number[];
  readonly events: SimulationEvent[];
  readonly stats: SimulationStats;
}

export interface HamiltonTrajectory {
  readonly model: string;
  readonly t: number[];
  readonly q: number[][];
  readonly pm: number[][];
  /** q̇ = ∂H/∂p at every sample. */
  readonly qd: number[][];
  /** H at every sample. */
  readonly energy: number[];
  readonly events: SimulationEvent[];
  readonly stats: SimulationStats;
}

export const DEFAULT_RTOL = 1e-8;
export const DEFAULT_ATOL = 1e-10;
const DEFAULT_SAMPLES = 501;

/** Check the options common to all drivers and the two initial vectors; throws all problems at once. */
/** The checks of a generated module's checkParams, for modules written by hand. */
function paramProblems(module: LoadedModule, params: Params): ParamProblem[] {
  const known = module.model.parameters.map((p) => p.name);
  return Object.entries(params).flatMap(([name, value]): ParamProblem[] => {
    if (!known.includes(name))
      return [{ name, problem: 'unknown-parameter', message: `unknown parameter '${name}'; the model has ${known.join(', ') || 'no parameters'}` }];
    if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value))) {
      return [
        {
          name,
          problem: 'non-finite-input',
          message: `parameter '${name}' is ${JSON.stringify(value) ?? String(value)} (a ${typeof value}); give a finite number`,
        },
      ];
    }
    return [];
  });
}

export function validateRun(
  module: LoadedModule,
  opts: RunOptions,
  vectors: ReadonlyArray<readonly [field: string, value: ArrayLike<number> | undefined]>,
): void {
  const model = module.model.name;
  const problems: SimulationError[] = [];
  const bad = (code: SimulationErrorCode, field: string, message: string): void => {
    problems.push(new SimulationError(code, 'input', message, { model, field }));
  };
  const n = module.model.coordinates.length;
  for (const [field, v] of vectors) {
    if (v === undefined || typeof v.length !== 'number') {
      bad('missing-state', field, `${field} is required: an array of ${n} numbers (${module.model.coordinates.join(', ')})`);
      continue;
    }
    if (v.length !== n) {
      bad('state-length', field, `${field} has ${v.length} entries, the model has ${n} coordinates (${module.model.coordinates.join(', ')})`);
      continue;
    }
    for (let i = 0; i < n; i++) {
      if (!Number.isFinite(v[i])) bad('non-finite-input', field, `${field}[${i}] (${module.model.coordinates[i]}) is ${v[i]}; give a finite number`);
      else if (field === 'q0' && module.model.periodic?.[i] && Math.abs(v[i]!) > MAX_ANGLE)
        bad(
          'bad-initial',
          field,
          `${field}[${i}] (${module.model.coordinates[i]}) is ${v[i]}, an angle too large to take its turns off (|angle| ≤ ${MAX_ANGLE.toPrecision(2)}); give it modulo 2π`,
        );
    }
  }
  const t0 = opts.t0 ?? 0;
  if (!Number.isFinite(t0)) bad('invalid-time', 't0', `t0 is ${t0}; give a finite start time`);
  if (!Number.isFinite(opts.t1) || !(opts.t1 > t0)) bad('invalid-time', 't1', `t1 = ${opts.t1} must be finite and greater than t0 = ${t0}`);
  for (const field of ['rtol', 'atol', 'hmax'] as const) {
    const v = opts[field];
    if (v !== undefined && !(v > 0 && Number.isFinite(v))) bad('invalid-option', field, `${field} = ${v} must be a positive finite number`);
  }
  if (opts.maxSteps !== undefined && !(Number.isInteger(opts.maxSteps) && opts.maxSteps > 0)) {
    bad('invalid-option', 'maxSteps', `maxSteps = ${opts.maxSteps} must be a positive integer`);
  }
  const s = opts.samples;
  if (typeof s === 'number' && !(Number.isInteger(s) && s >= 2)) bad('invalid-option', 'samples', `samples = ${s} must be an integer ≥ 2`);
  if (typeof s === 'object' && !(s.dt > 0 && Number.isFinite(s.dt))) bad('invalid-option', 'samples', `samples.dt = ${s.dt} must be positive`);
  // The module's own check where it has one (every generated module does);
  // hand-written modules get the same check here.
  const params = opts.params ?? {};
  const found = module.checkParams ? module.checkParams(params) : paramProblems(module, params);
  for (const p of found) bad(p.problem, 'params', p.message);
  const nonIdeal = unintegrated(module);
  if (nonIdeal.length) {
    bad(
      'non-ideal-unsupported',
      'constraintCount',
      `constraints ${nonIdeal.join(', ')} are non-ideal (friction in a hinge, or support pairs with unilateral contacts): their equations are derived and in the report, but this runtime integrates ideal retaining constraints and Smirnov's support pairs only`,
    );
  }
  throwAll(problems, model);
}

/**
 * The non-ideal constraints `simulate` does not integrate: all but the
 * support pairs of a module with supportRows, and the pin of a hinge that
 * integratesHinge, where there is no unilateral contact.
 */
export function unintegrated(module: LoadedModule): string[] {
  const ideal = module.model.unilateral.length === 0;
  const supported = module.supportRows && ideal ? (module.model.supports ?? []) : [];
  const pinned = integratesHinge(module) ? (module.model.nonIdeal ?? []) : [];
  return (module.model.nonIdeal ?? []).filter((name) => !supported.includes(name) && !pinned.includes(name));
}

/**
 * Whether `simulate` integrates the module's hinge (hybrid/hinges.ts): one
 * hinge, exported through hingeRows, whose two pin rows are every retaining
 * constraint and every non-ideal one, with nothing unilateral, compliant,
 * realized or supported beside it.
 */
export function integratesHinge(module: LoadedModule): boolean {
  const m = module.model;
  const alone = m.unilateral.length === 0 && !m.supports && !m.compliant?.length && !m.realized?.length;
  return Boolean(module.hingeRows) && m.hinges?.length === 1 && alone && m.constraintCount === 2 && m.nonIdeal?.length === 2;
}

/**
 * Uniform output times on [t0, t1]: `count` points including both ends, or
 * t0 + k·dt for every k with t0 + k·dt ≤ t1 (t1 itself only when it lies on
 * the grid, up to roundoff in k·dt).
 */
export function outputGrid(t0: number, t1: number, samples: SampleSpec = DEFAULT_SAMPLES): Float64Array {
  if (typeof samples === 'number') {
    const grid = Float64Array.from({ length: samples }, (_, k) => t0 + ((t1 - t0) * k) / (samples - 1));
    grid[samples - 1] = t1;
    return grid;
  }
  const count = Math.floor(((t1 - t0) / samples.dt) * (1 + 1e-12)) + 1;
  return Float64Array.from({ length: count }, (_, k) => Math.min(t0 + k * samples.dt, t1));
}

/** Walks the output grid along a piecewise trajectory given by dense steps. */
export class GridSampler {
  private next = 0;
  private readonly buffer: Float64Array;

  constructor(
    readonly times: Float64Array,
    dimension: number,
    private readonly record: (t: number, x: Float64Array) => void,
  ) {
    this.buffer = new Float64Array(dimension);
  }

  get done(): boolean {
    return this.next >= this.times.length;
  }

  /** Record the grid points in [current, tEnd] from a step's interpolant. */
  fromStep(step: Pick<DenseStep, 't' | 'y' | 'eval'>, tEnd: number = step.t): void {
    while (this.next < this.times.length && this.times[this.next] <= tEnd) {
      const s = this.times[this.next++];
      this.record(s, s === step.t ? step.y : step.eval(s, this.buffer));
    }
  }

  /** Record the grid points at exactly t (or before it) from a known state, e.g. the initial one. */
  at(t: number, x: Float64Array): void {
    while (this.next < this.times.length && this.times[this.next] <= t) this.record(this.times[this.next++], x);
  }
}

/** Progress callback throttled to steps of `interval` in the fraction done. */
export class Progress {
  private last = -Infinity;

  constructor(
    private readonly t0: number,
    private readonly t1: number,
    private readonly callback: ((fraction: number) => void) | undefined,
    private readonly interval = 0.01,
  ) {}

  update(t: number): void {
    if (!this.callback) return;
    const fraction = Math.min(1, Math.max(0, (t - this.t0) / (this.t1 - this.t0)));
    if (fraction === 1 || fraction - this.last >= this.interval) {
      if (fraction === this.last) return;
      this.last = fraction;
      this.callback(fraction);
    }
  }
}

/** Where a Lagrange-form integration [q, q̇] stopped: the data a failure is reported with. */
export interface StopPoint {
  readonly module: LoadedModule;
  readonly params: Params;
  readonly t: number;
  /** The last accepted state [q, q̇] (or [q, p], with `qd` given). */
  readonly y: ArrayLike<number>;
  /** q̇ when y is not [q, q̇] (Hamilton's canonical state). */
  readonly qd?: ArrayLike<number>;
}

/**
 * Turn a failed integration into the error the user sees, with the state
 * (q, q̇) where it stopped. A non-finite right-hand side is traced to its
 * usual cause when the mass matrix there is singular (M not positive
 * definite to working precision): the error then says so.
 */
export function integrationError(status: Exclude<IntegrationStatus, 'done' | 'stopped'>, at: StopPoint, t0: number, maxSteps: number): SimulationError {
  const { module, params, t, y } = at;
  const model = module.model.name;
  const n = module.model.coordinates.length;
  const state = { q: toArray(y, 0, n), qd: at.qd ? toArray(at.qd, 0, n) : toArray(y, n, 2 * n) };
  const fail = (code: SimulationErrorCode, message: string, field: string): SimulationError =>
    new SimulationError(code, 'numeric', message, { model, field }, t, [], state);
  switch (status) {
    case 'non-finite':
      if (massMatrixSingular(module, params, t, state.q))
        return fail(
          'singular-mass-matrix',
          'singular mass matrix: M is not positive definite at this state, so q̈ is undefined (a massless link, or a coordinate singularity such as a pole of spherical angles)',
          'massMatrix',
        );
      return t === t0
        ? fail('non-finite-state', 'the right-hand side is not finite at the initial state; check q0, qd0 and the parameters', 'q0')
        : fail('non-finite-state', 'the state or its derivative became non-finite (an escaping solution?)', 'state');
    case 'step-underflow':
      return fail(
        'step-underflow',
        'the step size fell below the resolution of t (stiff, singular or discontinuous dynamics); try looser tolerances or a smaller interval',
        'state',
      );
    case 'max-steps':
      return fail('max-steps', `no progress to t1 within ${maxSteps} steps (cap maxSteps); raise maxSteps or loosen rtol/atol`, 'maxSteps');
    default: {
      const never: never = status;
      throw new Error(`unknown integration status ${String(never)}`);
    }
  }
}

/** Whether M(t, q) fails a Cholesky factorization (not positive definite to working precision). */
export function massMatrixSingular(module: LoadedModule, params: Params, t: number, q: ArrayLike<number>): boolean {
  const n = q.length;
  const M = module.massMatrix(t, q, params, new Float64Array(n * n));
  return choleskyFactor(n, M) >= 0;
}

/**
 * The coordinates every function is 2π-periodic in (the module's
 * model.periodic, derived), integrated reduced: at the start, each phase
 * start and after each step (DOPRI5's shift; a time-stepper's step) the
 * driver moves such an angle into (−π, π] and counts the whole turns taken
 * off, which go back on every q it reports, so trajectories stay
 * continuous. A double carries θ = 10⁴ to 1.8e-12 and the error scale
 * atol + rtol·|θ| lets the integrator err there by 1e-4 rad; reduced, the
 * scale stays that of an angle in (−π, π]. Every driver reduces here: the
 * smooth and event-driven runs, Moreau–Jean, the compliant (stiff) driver at
 * its restarts, the variational flow and the Hamilton form (whose q comes
 * first too, and whose H is as periodic in q).
 */
export class AngleTurns {
  private readonly periodic: number[];
  private readonly turns: Float64Array;
  /** For an integrator's `shift` option: the reduction, or undefined without a periodic coordinate. */
  readonly shift: ((y: Float64Array) => void) | undefined;

  constructor(module: LoadedModule) {
    const flags = module.model.periodic ?? [];
    this.periodic = flags.flatMap((p, i) => (p ? [i] : []));
    this.turns = new Float64Array(module.model.coordinates.length);
    this.shift = this.periodic.length > 0 ? (y) => this.reduce(y) : undefined;
  }

  /** Move the periodic coordinates of x (q first) into (−π, π], counting the turns taken off. */
  reduce(x: Float64Array): void {
    for (const i of this.periodic) {
      let k = Math.round(x[i]! / TWO_PI);
      if (x[i]! - k * TWO_PI <= -Math.PI) k -= 1;
      x[i] = x[i]! - k * TWO_PI;
      this.turns[i] = this.turns[i]! + k;
    }
  }

  /** The first `to` entries of a reduced state x (q first; default q alone) with the turns added back. */
  unwrap(x: ArrayLike<number>, to = this.turns.length): number[] {
    const q = toArray(x, 0, to);
    for (const i of this.periodic) q[i] = q[i]! + this.turns[i]! * TWO_PI;
    return q;
  }

  /** Coordinate i of a reduced state x with its turns added back. */
  coordinate(x: ArrayLike<number>, i: number): number {
    return x[i]! + this.turns[i]! * TWO_PI;
  }
}

const TWO_PI = 2 * Math.PI;

/** Plain number arrays for the result (JSON-friendly). */
export function toArray(x: ArrayLike<number>, from: number, to: number): number[] {
  const a = new Array<number>(to - from);
  for (let i = from; i < to; i++) a[i - from] = x[i];
  return a;
}
