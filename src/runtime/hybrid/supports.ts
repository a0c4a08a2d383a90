// The event-driven run of a model with Smirnov's support pairs (smirnov1981
// §1–§3): the pairs always hold (vanishing clearance); the friction of the
// side that bears acts against its sliding, and the variant that bears is
// chosen at every evaluation by §3 (contact/supports.ts) — it changes with
// the load while the forces stay continuous (§3), so it needs no event.
// Two modes:
//  - slide, with the direction σ of every side's sliding fixed at the phase's
//    start; the guard 'stop' is a sliding velocity σṡ falling through 0;
//  - stick, pair 0's slip held at rest (ṡ = 0), valid where every bearing
//    point slides with it (the prism's every point slides at ẋ); the guard
//    'cone' falls through 0 when sliding in some direction σ becomes
//    consistent, σ s̈ > 0 under the variant realized with that σ — from
//    rest the direction is that of the load and rest persists while the
//    load is within the friction bound (smirnov1981 §2, after the planar
//    formulas: |Pₓ| ≤ Φ).
// Events: 'stick' when sliding ends in rest, 'slip' when it starts.
// Tests: test/runtime/hybrid/supports.test.ts
import type { LoadedModule } from '../contract.js';
import { heldSlipAcceleration, slipRate, supportMotion, type SupportMode, type SupportOutcome, type SupportState } from '../contact/supports.js';
import { SimulationError } from '../errors.js';
import { simulateRestOrMove } from './rest-or-move.js';
import type { SimulateOptions, Trajectory } from './trajectory.js';

export function simulateSupports(module: LoadedModule, opts: SimulateOptions): Trajectory {
  const name = module.model.name;
  const n = module.model.coordinates.length;
  const k = module.model.supports!.length;
  const params = opts.params ?? {};
  const mass = new Float64Array(n * n),
    forcing = new Float64Array(n),
    rows = new Float64Array(3 * k * n + 7 * k);
  const at = (s: number, y: Float64Array): SupportState => {
    const q = y.subarray(0, n),
      qd = y.subarray(n, 2 * n);
    module.massMatrix(s, q, params, mass);
    module.forcing(s, q, qd, params, forcing);
    module.supportRows!(s, q, qd, params, rows);
    return { n, k, mass, forcing, rows };
  };
  const fail = (outcome: Exclude<SupportOutcome['kind'], 'realized'>, s: number): never => {
    const what = {
      'self-locking': 'self-locking: a determinant of (1.1) vanishes or changes sign as friction → 0 for every admissible variant',
      inconsistent: 'no variant of support has every reaction ≥ 0',
      undecided: 'several variants of support are admissible and keep their determinant’s sign (smirnov1981 §3 does not decide)',
    }[outcome];
    throw new SimulationError('contact-inconsistent', 'numeric', `support pairs at t = ${s}: ${what}`, { model: name, field: 'supports' }, s);
  };
  const solve = (s: number, y: Float64Array, mode: SupportMode) => {
    const outcome = supportMotion(at(s, y), mode);
    return outcome.kind === 'realized' ? outcome.solution : fail(outcome.kind, s);
  };
  /** σ s̈ of the variant realized when sliding in direction σ from rest: > 0 where that sliding is consistent. */
  const departure = (s: number, y: Float64Array, sigma: 1 | -1): number => {
    const outcome = supportMotion(at(s, y), { kind: 'slide', sigma: Array.from({ length: 2 * k }, (_, j) => sigma * slipSign(j)) });
    return outcome.kind === 'realized' ? sigma * heldSlipAcceleration(at(s, y), outcome.solution.qdd) : -Infinity;
  };
  // The sign of each side's slip relative to pair 0's + side at rest (all ±1: they slide together), measured once.
  const together = new Float64Array(2 * k).fill(1);
  const slipSign = (j: number): number => together[j]!;

  /** The mode at a state: sliding where some side slides (σ its direction), else (or just stopped) rest or departure by the rule above. */
  const decide = (s: number, y: Float64Array, stopped: boolean): SupportMode => {
    const state = at(s, y);
    const rates = Array.from({ length: 2 * k }, (_, j) => slipRate(state, j >> 1, j % 2 === 0 ? 1 : -1));
    const scale = 1e-9 * (1 + Math.max(...Array.from(y.subarray(n, 2 * n), Math.abs)));
    if (!stopped && rates.some((v) => Math.abs(v) > scale)) return { kind: 'slide', sigma: rates.map((v) => (Math.abs(v) > scale ? Math.sign(v) : 0)) };
    const velocity = at(s, y);
    // At rest: which sides slide with pair 0's + side (their rows agree along the free motion), from the rows themselves.
    const reference = rowOf(velocity, 0, 1);
    for (let j = 0; j < 2 * k; j++) together[j] = Math.sign(dot(rowOf(velocity, j >> 1, j % 2 === 0 ? 1 : -1), reference)) || 1;
    const plus = departure(s, y, 1),
      minus = departure(s, y, -1);
    if (plus <= 0 && minus <= 0) return { kind: 'rest' };
    const sigma = plus >= minus ? 1 : -1;
    return { kind: 'slide', sigma: Array.from({ length: 2 * k }, (_, j) => sigma * slipSign(j)) };
  };

  return simulateRestOrMove<SupportMode>(module, opts, {
    field: 'supports',
    changes: 'changes of sliding',
    decide,
    accelerations: (s, y, mode) => solve(s, y, mode).qdd,
    guards: (s, y, mode) => {
      if (mode.kind === 'rest') return [-Math.max(departure(s, y, 1), departure(s, y, -1))];
      const state = at(s, y);
      return mode.sigma.map((d, j) => (d === 0 ? 1 : d * slipRate(state, j >> 1, j % 2 === 0 ? 1 : -1)));
    },
  });
}

/** The slip row of a pair's side. */
function rowOf(s: SupportState, i: number, side: 1 | -1): Float64Array {
  const start = (side === 1 ? s.k * s.n : 2 * s.k * s.n) + i * s.n;
  return s.rows.slice(start, start + s.n);
}

const dot = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
};
