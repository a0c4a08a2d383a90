// One step of a periodic orbit that is the square of a mirror step (a
// walker's gait, goswami1998: two steps return the legs to their roles). From
// the orbit's state on its section the flow runs to the declared step section
// (the other foot's impact) and the coordinates are relabelled (a1 ↔ a2); the
// orbit is a fixed point of that map G = R∘P₁ too, up to the components
// outside the periodicity. Its period is the step's time and its multipliers
// are the eigenvalues of DG = R·DP₁ on the periodic components (the flow
// direction's zero dropped, as for the whole period): the period's
// multipliers are their squares. The report prints them (report/periodic.ts).
// Tests: test/studies/orbit.test.ts.
import type { OrbitSpec } from '../model/spec.js';
import type { LoadedModule } from '../runtime/contract.js';
import type { Complex } from '../numeric/eigenvalues.js';
import { componentNames, floquetMultipliers, returnMapEigenvalues, strideMap, type PeriodicOrbit } from '../runtime/analysis/periodic.js';

/**
 * A multiplier below this is 0: the held contacts' zeros (orbit-zeros.ts) form a nilpotent block of the step's map,
 * whose eigenvalues the derivative's error ε (1e-14) splits into ±√ε (1.4e-7 for the walker); the others are 0.13 and more.
 */
const ZERO_TOL = 1e-6;

export interface OrbitStep {
  /** The step's time: from the section to the step section's impact. */
  readonly period: number;
  /** Eigenvalues of the relabelled step map on the periodic components, the flow direction's zero dropped, by decreasing modulus. */
  readonly multipliers: Complex[];
  /** max |R(P₁(X)) − X| over the periodic components: how nearly the orbit is the square of the step. */
  readonly mismatch: number;
  /** The coordinates exchanged, in pairs. */
  readonly pairs: readonly (readonly [string, string])[];
}

/** The orbit's mirror step (OrbitSpec.step) at the parameters the orbit was found at. */
export function orbitStep(
  module: LoadedModule,
  orbit: PeriodicOrbit,
  step: NonNullable<OrbitSpec['step']>,
  params: Readonly<Record<string, number>>,
): OrbitStep {
  const names = componentNames(module);
  const n = module.model.coordinates.length,
    N = 2 * n + 1;
  const r = strideMap(module, { q0: orbit.q, qd0: orbit.qd, t0: orbit.t0, params, section: step.section });
  // R as a permutation of X = (q, q̇, t): each coordinate and its velocity to its partner's place.
  const swapped = new Map(Object.entries(step.relabel).flatMap(([a, b]) => [[a, b] as const, [`${a}'`, `${b}'`] as const]));
  const from = names.map((c) => names.indexOf(swapped.get(c) ?? c));
  const returned = names.map((_c, k) => (from[k]! < 2 * n ? r.x[from[k]!]! : r.t));
  const DG = new Float64Array(N * N);
  for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) DG[i * N + j] = r.poincare[from[i]! * N + j]!;
  const periodic = [...Array(N).keys()].filter((k) => !(names[k]! in orbit.periodicity));
  const X = [...orbit.q, ...orbit.qd];
  const pairs = Object.entries(step.relabel)
    .filter(([a, b]) => a < b)
    .map(([a, b]) => [a, b] as const);
  return {
    period: r.t - orbit.t0,
    multipliers: floquetMultipliers(returnMapEigenvalues(DG, N, periodic)).map((z) => (Math.hypot(z.re, z.im) < ZERO_TOL ? { re: 0, im: 0 } : z)),
    mismatch: Math.max(...periodic.map((k) => Math.abs(returned[k]! - X[k]!))),
    pairs,
  };
}
