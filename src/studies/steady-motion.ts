// Steady motions against a parameter (a spin rate, a speed, a model
// parameter) and the stability boundary: the steady motions found at one
// value (derive/linearization/steady.ts) are continued over a grid, each
// from its neighbour's unknowns, and where the verdict changes between two
// grid values the change is located (Brent's method, bisection where the
// branch ends): a stability boundary where
// some eigenvalue's real part turns positive (the critical spin of a
// sleeping top, the critical speed of a rolling disk), an existence
// boundary where the branch ends (two steady precessions of a top merging
// at a fold). `mechanics linearize --steady` and the report's steady-motion
// section print what this computes.
// Tests: test/studies/steady-motion.test.ts, test/cli/linearize.test.ts (--steady).
import type { Env } from '../core/evaluate.js';
import { cyclicCoordinates, SteadyDynamics, type SteadyMotion, type SteadyRequest } from '../derive/linearization/steady.js';
import type { DerivedSystem } from '../derive/system.js';
import { MechanicsError } from '../errors.js';
import { eigenvalues, type Complex } from '../numeric/eigenvalues.js';
import { nullity } from './linearization.js';

export type SteadyVerdict =
  | 'unstable'
  | 'asymptotically stable modulo the family'
  | 'linearly stable modulo the family'
  | 'linear drift along the family (zero eigenvalue with a Jordan block: the linearization does not decide)';

/** A steady motion with the spectrum of its reduced state matrix. */
export interface StudiedSteadyMotion extends SteadyMotion {
  /** The eigenvalues of J_r less the family's zeros, largest real part first. */
  readonly eigenvalues: readonly Complex[];
  /** Zero eigenvalues with eigenvectors: the dimension of the family of steady motions through this one (removed from `eigenvalues`). */
  readonly family: number;
  /** The largest real part among `eigenvalues` (0 where none is left). */
  readonly growth: number;
  readonly verdict: SteadyVerdict;
}

/**
 * The spectrum of J_r and the verdict. The family's zeros are the null
 * space of J_r (nullity: nearby steady motions are equilibria of the
 * reduced state); the smallest |λ| that many are removed. Unstable when a
 * real part exceeds 1e-6 of the largest |λ|: J_r is exact (symbolic
 * Jacobians), but a zero eigenvalue in a Jordan block of size 2 is computed
 * as ±√ε|J| ≈ 1e-8|J|, real or imaginary, and must not pass for growth; a
 * real part that grows like √(ω_c − ω) past a boundary is then placed to
 * 1e-12 of ω_c. A zero left (|λ| ≤ 1e-5 of the largest, as
 * equilibriumSpectrum) is a drift along the family: a rolling disk's
 * heading, turned by a small tilt into a wide circle. `family` holds the
 * count given instead of J_r's nullity (crossingAt).
 */
export function steadySpectrum(
  J: readonly (readonly number[])[],
  family = nullity(J),
): Pick<StudiedSteadyMotion, 'eigenvalues' | 'family' | 'growth' | 'verdict'> {
  const d = J.length;
  const all = eigenvalues(d, J.flat()).sort((a, b) => Math.hypot(a.re, a.im) - Math.hypot(b.re, b.im));
  const kept = all.slice(family).sort((a, b) => b.re - a.re || b.im - a.im);
  const scale = Math.max(1, ...all.map((z) => Math.hypot(z.re, z.im)));
  const growth = kept.length ? kept[0]!.re : 0;
  const zeros = kept.filter((z) => Math.hypot(z.re, z.im) <= 1e-5 * scale).length;
  const verdict: SteadyVerdict =
    growth > 1e-6 * scale
      ? 'unstable'
      : zeros > 0
        ? 'linear drift along the family (zero eigenvalue with a Jordan block: the linearization does not decide)'
        : kept.length > 0 && kept.every((z) => z.re < -1e-6 * scale)
          ? 'asymptotically stable modulo the family'
          : 'linearly stable modulo the family';
  return { eigenvalues: kept, family, growth, verdict };
}

/** What is swept: a cyclic coordinate's rate (given, not solved for) or a parameter. */
export type SweepVariable = { readonly kind: 'rate'; readonly coordinate: number } | { readonly kind: 'parameter'; readonly name: string };

export interface SteadySweep {
  readonly variable: SweepVariable;
  readonly from: number;
  readonly to: number;
  /** Grid intervals between from and to. */
  readonly steps: number;
}

export interface SteadyPoint {
  readonly value: number;
  readonly motion: StudiedSteadyMotion;
}

/** Where a branch changes: its verdict (stability), or it ends (existence: 'none' on the side without a steady motion). */
export interface SteadyBoundary {
  readonly value: number;
  readonly kind: 'stability' | 'existence';
  readonly below: SteadyVerdict | 'none';
  readonly above: SteadyVerdict | 'none';
}

/** One steady motion continued over the sweep: its points by increasing value, the one at the start value, its boundaries. */
export interface SteadyBranch {
  readonly points: readonly SteadyPoint[];
  readonly start: SteadyPoint;
  readonly boundaries: readonly SteadyBoundary[];
}

export interface SteadySweepResult {
  readonly sweep: SteadySweep;
  /** The value the branches were found at (the request's, inside the sweep). */
  readonly start: number;
  readonly branches: readonly SteadyBranch[];
}

/**
 * A boundary's bracket is narrowed until it is below this fraction of the
 * values' size (or after TRIALS trials). A branch ends at a fold, where
 * Newton converges only linearly and stops about 1e-9 short of the double
 * root, so an existence boundary is bisected to 1e-10 only: the halvings
 * below it would each run a failing Newton's iteration to its end for
 * digits it cannot give.
 */
const BRACKET_TOLERANCE = { stability: 1e-13, existence: 1e-10 } as const;
const TRIALS = 80;

/**
 * The steady motions of `request` at fixed parameters, from the request's
 * start and, where a cyclic rate is solved for, from every free rate at 0,
 * s and −s (s the largest given rate: a top's slow and fast precessions);
 * each once. Empty when none is found.
 */
export function steadyMotionsAt(system: DerivedSystem, params: Env, request: SteadyRequest, dynamics = new SteadyDynamics(system)): StudiedSteadyMotion[] {
  const found: StudiedSteadyMotion[] = [];
  for (const s of starts(dynamics.cyclic, request)) {
    const motion = dynamics.find(params, s);
    if (motion && !found.some((f) => sameMotion(f, motion))) found.push({ ...motion, ...steadySpectrum(motion.J) });
  }
  return found;
}

/**
 * The steady motions of `request` continued over the sweep: found at the
 * request's value of the swept variable (clamped into the sweep), then
 * continued up and down the grid. Throws 'no-steady-motion' when none is
 * found at that value.
 */
export function sweepSteadyMotions(system: DerivedSystem, params: Env, request: SteadyRequest, sweep: SteadySweep): SteadySweepResult {
  const dynamics = new SteadyDynamics(system);
  const { variable } = sweep;
  if (variable.kind === 'rate' && (!dynamics.cyclic[variable.coordinate] || request.free[variable.coordinate])) {
    throw new MechanicsError('steady-unsupported', 'input', `the swept rate ${variableName(system, variable)} is not a given rate of a cyclic coordinate`, {
      model: system.model.name,
      field: 'sweep',
    });
  }
  const at = (value: number, start: SteadyRequest): { params: Env; request: SteadyRequest } =>
    variable.kind === 'rate'
      ? { params, request: { ...start, qd: start.qd.map((v, i) => (i === variable.coordinate ? value : v)) } }
      : { params: { ...params, [variable.name]: value }, request: start };
  const lo = Math.min(sweep.from, sweep.to),
    hi = Math.max(sweep.from, sweep.to);
  const own = variable.kind === 'rate' ? request.qd[variable.coordinate]! : params[variable.name]!;
  const start = Math.min(hi, Math.max(lo, own));
  const grid = Array.from({ length: sweep.steps + 1 }, (_, k) => lo + ((hi - lo) * k) / sweep.steps);
  const first = at(start, request);
  const found = steadyMotionsAt(system, first.params, first.request, dynamics);
  if (found.length === 0) {
    throw new MechanicsError(
      'no-steady-motion',
      'numeric',
      `no steady motion of ${system.model.name} was found at ${variableName(system, variable)} = ${start} from the start`,
      { model: system.model.name, field: 'at' },
    );
  }
  const solve: Solve = (value, from) => {
    const p = at(value, requestFrom(request, from));
    const motion = dynamics.find(p.params, p.request);
    return motion && { ...motion, ...steadySpectrum(motion.J) };
  };
  const branches = found.map((motion) => continueBranch(motion, start, grid, solve));
  return { sweep, start, branches };
}

/** The request with its unknowns started at a found motion's values. */
const requestFrom = (request: SteadyRequest, motion: SteadyMotion): SteadyRequest => ({ ...request, q: [...motion.q], qd: [...motion.qd] });

/** The request's start and, where a cyclic rate is free, every free rate at 0, s and −s (s the largest given rate, at least 1). */
function starts(cyclic: readonly boolean[], request: SteadyRequest): SteadyRequest[] {
  const freeRates = request.free.map((f, i) => f && cyclic[i]!);
  if (!freeRates.some(Boolean)) return [request];
  const s = Math.max(1, ...request.qd.map((v, i) => (cyclic[i] && !request.free[i] ? Math.abs(v) : 0)));
  return [request, ...[0, s, -s].map((v) => ({ ...request, qd: request.qd.map((r, i) => (freeRates[i] ? v : r)) }))];
}

function sameMotion(a: SteadyMotion, b: SteadyMotion): boolean {
  const size = 1 + Math.max(...[...a.q, ...a.qd].map(Math.abs));
  const close = (x: readonly number[], y: readonly number[]): boolean => x.every((v, i) => Math.abs(v - y[i]!) <= 1e-6 * size);
  return close(a.q, b.q) && close(a.qd, b.qd);
}

type Solve = (value: number, from: SteadyMotion) => StudiedSteadyMotion | undefined;

/** The branch through `motion` at `start`, continued along the grid both ways until it ends, with its boundaries located. */
function continueBranch(motion: StudiedSteadyMotion, start: number, grid: readonly number[], solve: Solve): SteadyBranch {
  const first: SteadyPoint = { value: start, motion };
  const points: SteadyPoint[] = [first];
  const boundaries: SteadyBoundary[] = [];
  for (const direction of [1, -1] as const) {
    let last = first;
    const ahead = grid.filter((v) => (direction > 0 ? v > start : v < start));
    if (direction < 0) ahead.reverse();
    for (const value of ahead) {
      const next = solve(value, last.motion);
      const nextPoint = next && { value, motion: next };
      const boundary = boundaryBetween(last, value, nextPoint, solve);
      if (boundary) boundaries.push(boundary);
      if (!nextPoint) break;
      points.push(nextPoint);
      last = nextPoint;
    }
  }
  points.sort((a, b) => a.value - b.value);
  boundaries.sort((a, b) => a.value - b.value);
  return { points, start: first, boundaries };
}

const classOf = (motion: StudiedSteadyMotion | undefined): SteadyVerdict | 'none' => (motion ? motion.verdict : 'none');
/** Stable and unstable apart; the kinds of stability are not boundaries. */
const side = (c: SteadyVerdict | 'none'): string => (c === 'none' || c === 'unstable' ? c : 'stable');

/**
 * The boundary between a point of the branch and the next grid value, where
 * the branch ends there (existence) or its verdict changes sides
 * (stability): the bracket narrowed (`narrow`) to BRACKET_TOLERANCE of the
 * values' size, a stability change on the verdict's margin (instability).
 */
function boundaryBetween(known: SteadyPoint, value: number, next: SteadyPoint | undefined, solve: Solve): SteadyBoundary | undefined {
  const from = classOf(known.motion),
    to = classOf(next?.motion);
  if (side(from) === side(to)) return undefined;
  const size = Math.max(1, Math.abs(known.value), Math.abs(value));
  const tolerance = BRACKET_TOLERANCE[to === 'none' ? 'existence' : 'stability'] * size;
  const { inside, outside } = narrow(known, { value, motion: next?.motion }, tolerance, solve, (m) => side(classOf(m)) === side(from), instability);
  const outsideClass = classOf(outside.motion);
  const [below, above] = inside.value < outside.value ? [from, outsideClass] : [outsideClass, from];
  const kind = to === 'none' || outsideClass === 'none' ? 'existence' : 'stability';
  const at = (inside.value + outside.value) / 2;
  const stable = from === ASYMPTOTIC ? known : to === ASYMPTOTIC ? next! : undefined;
  return { value: kind === 'stability' && stable ? crossingAt(stable, at, solve, tolerance) : at, below, above, kind };
}

const ASYMPTOTIC: SteadyVerdict = 'asymptotically stable modulo the family';

/** A motion's growth past the verdict's threshold (steadySpectrum): positive where it is unstable. */
const instability = (m: StudiedSteadyMotion): number => m.growth - 1e-6 * Math.max(1, ...m.eigenvalues.map((z) => Math.hypot(z.re, z.im)));

/** A value of the swept variable and the motion solved there, if any. */
interface Trial {
  readonly value: number;
  readonly motion: StudiedSteadyMotion | undefined;
}

/**
 * Narrows the bracket [inside, outside] of a change to `tolerance` (and
 * TRIALS trials) by Brent's method (Algorithms for Minimization without
 * Derivatives, 1973, ch. 4: zeroin) on `test`, signed by the side each
 * trial is on (`isInside`: negative inside), each trial solved from the
 * inside end's motion. Its trials go to the secant's or the inverse
 * quadratic's zero where that falls well inside the bracket, at least
 * tolerance/2 from the best end so that the last one brackets the change
 * from across, and to the midpoint otherwise and where an end has no
 * motion (no test value): the bicycle's weave and capsize speeds take
 * about ten trials each, not the forty of bisection.
 */
function narrow(
  inside: SteadyPoint,
  outside: Trial,
  tolerance: number,
  solve: Solve,
  isInside: (m: StudiedSteadyMotion | undefined) => boolean,
  test: (m: StudiedSteadyMotion) => number,
): { inside: SteadyPoint; outside: Trial } {
  // f is NaN without a motion; side says which side the trial is on all the same.
  type End = Trial & { readonly side: -1 | 1; readonly f: number };
  const signed = (t: Trial): End => {
    const side = isInside(t.motion) ? -1 : 1;
    return { ...t, side, f: t.motion ? side * Math.abs(test(t.motion)) : Number.NaN };
  };
  // zeroin's b (the best estimate), c (across the change from b) and a (the previous b).
  let b: End = signed(outside),
    a: End = signed(inside),
    c = a;
  let step = b.value - a.value,
    previous = step;
  const half = tolerance / 2;
  for (let k = 0; k < TRIALS; k++) {
    if (b.side === c.side) {
      c = a;
      step = previous = b.value - a.value;
    }
    if (Math.abs(c.f) < Math.abs(b.f)) [a, b, c] = [b, c, b];
    const mid = (c.value - b.value) / 2;
    if (Math.abs(mid) <= half) break;
    if (Math.abs(previous) >= half && Math.abs(a.f) > Math.abs(b.f)) {
      // Secant through a and b, or the inverse quadratic through a, b, c: the step p/q from b.
      const s = b.f / a.f;
      let p: number, q: number;
      if (a === c) {
        p = 2 * mid * s;
        q = 1 - s;
      } else {
        const qa = a.f / c.f,
          r = b.f / c.f;
        p = s * (2 * mid * qa * (qa - r) - (b.value - a.value) * (r - 1));
        q = (qa - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * mid * q - Math.abs(half * q), Math.abs(previous * q))) {
        previous = step;
        step = p / q;
      } else step = previous = mid;
    } else step = previous = mid;
    a = b;
    const value = b.value + (Math.abs(step) > half ? step : Math.sign(mid) * half);
    b = signed({ value, motion: solve(value, (b.side < 0 ? b : c).motion!) });
  }
  const [inner, outer] = b.side < 0 ? [b, c] : [c, b];
  return { inside: { value: inner.value, motion: inner.motion! }, outside: { value: outer.value, motion: outer.motion } };
}

/**
 * A boundary from an asymptotically stable side: there the slowest mode's
 * real part is negative, and it crosses zero at the boundary (a Hopf pair,
 * a real root). The verdict's threshold, 1e-6 of the largest |λ|, places a
 * crossing with slope s off by that threshold over s (1e-5 on the Whipple
 * bicycle's weave speed), so the boundary is refined to the zero of the
 * real part, narrowed on its sign between the stable point and the
 * verdict's boundary `at`, the family held at the stable point's count: a
 * real root passing through zero is otherwise taken for the family's near
 * it (nullity's 1e-7). `at` is kept where the signs do not bracket a zero
 * or a trial finds no motion.
 */
function crossingAt(stable: SteadyPoint, at: number, solve: Solve, tolerance: number): number {
  const { family } = stable.motion;
  const growth = (m: StudiedSteadyMotion): number => steadySpectrum(m.J, family).growth;
  const beyond = solve(at, stable.motion);
  if (!(growth(stable.motion) < 0 && beyond && growth(beyond) > 0)) return at;
  let lost = false;
  const stableAt = (m: StudiedSteadyMotion | undefined): boolean => {
    lost ||= m === undefined;
    return m !== undefined && growth(m) < 0;
  };
  const { inside, outside } = narrow(stable, { value: at, motion: beyond }, tolerance, solve, stableAt, growth);
  return lost ? at : (inside.value + outside.value) / 2;
}

/** "phi'" for a rate, the name for a parameter. */
export function variableName(system: DerivedSystem, variable: SweepVariable): string {
  return variable.kind === 'rate' ? system.model.coordinates[variable.coordinate]!.qd.name : variable.name;
}

/** What the report prints: the cyclic coordinates, what was sought, and the sweep. */
export interface SteadyMotionStudy {
  readonly cyclic: readonly boolean[];
  readonly request: SteadyRequest;
  readonly result: SteadySweepResult;
}

/** Models up to this many coordinates get their steady motions studied for the report (the Whipple bicycle has 8: its report, this sweep included, took 16 s of CPU beyond the 17 s of its derivation and code). */
const SMALL = 8;
/** Grid intervals of the report's sweep. */
const REPORT_STEPS = 40;

/**
 * The report's steady motions: for a small model without contacts whose
 * declared initial motion turns a cyclic coordinate, the one turning
 * fastest (the top's spin) is swept from 0 to twice its initial rate, the
 * resting coordinates kept at their initial values (the top's nutation) and
 * the other cyclic rates solved for (its precession). Undefined for any
 * other model, and where no steady motion is found at the initial rate.
 */
export function steadyMotionStudy(system: DerivedSystem): SteadyMotionStudy | undefined {
  const { model } = system;
  if (model.coordinates.length > SMALL || model.unilateral.length > 0 || system.compliant || system.patches) return undefined;
  const cyclic = cyclicCoordinates(system);
  const { q0, qd0 } = model.initial;
  const swept = qd0.reduce((best, v, i) => (cyclic[i] && Math.abs(v) > Math.abs(qd0[best] ?? 0) ? i : best), -1);
  if (swept < 0 || qd0[swept] === 0) return undefined;
  const request: SteadyRequest = { q: [...q0], qd: [...qd0], free: cyclic.map((c, i) => c && i !== swept) };
  const end = 2 * qd0[swept]!;
  const params = Object.fromEntries(model.parameters.map((p) => [p.name, p.default]));
  try {
    const result = sweepSteadyMotions(system, params, request, {
      variable: { kind: 'rate', coordinate: swept },
      from: Math.min(0, end),
      to: Math.max(0, end),
      steps: REPORT_STEPS,
    });
    return { cyclic, request, result };
  } catch (err) {
    // No steady motion at the initial rate (a particle falling while it drifts), or a time-dependent model: no section.
    if (err instanceof MechanicsError && (err.code === 'no-steady-motion' || err.code === 'steady-unsupported')) return undefined;
    throw err;
  }
}
