// The linearization a report prints for a small model: the linearized
// equations about rest (M δq̈ + C δq̇ + K δq = 0, symbolic: derive's
// linearForms) and the equilibria found from the declared initial
// configuration and from q = 0 at the default parameters, each with the
// eigenvalues of its state matrix on the motions its resting contacts allow
// and the verdict (equilibriumSpectrum, which `mechanics linearize` prints too).
// Tests: test/studies/linearization.test.ts, test/derive/linearization/equilibria.test.ts (equilibriumSpectrum), test/cli/linearize.test.ts (through the command).
import { findEquilibria, linearForms, type Equilibrium, type LinearForms } from '../derive/linearization/equilibria.js';
import type { DerivedSystem } from '../derive/system.js';
import { MechanicsError } from '../errors.js';
import { eigenvalues, type Complex } from '../numeric/eigenvalues.js';

/** Models up to this many coordinates get their linearization studied (and printed: a larger M, C, K is no display). */
const SMALL = 3;

export type EquilibriumVerdict = 'asymptotically stable' | 'linearly stable' | 'unstable' | 'not linearizable';

/** An equilibrium with the eigenvalues of its constrained motion and the verdict. */
export interface StudiedEquilibrium extends Equilibrium {
  readonly eigenvalues: readonly Complex[];
  readonly verdict: EquilibriumVerdict;
}

/** A small model's linearization: the symbolic forms, and the equilibria at the default parameters (none found: empty). */
export interface LinearizationStudy {
  readonly forms: LinearForms;
  readonly equilibria: readonly StudiedEquilibrium[];
}

/**
 * Eigenvalues of an equilibrium's A on the motions its resting contacts
 * allow, and the verdict. A held row keeps g̈ = 0, so its (δg, δġ) evolve
 * on their own with eigenvalues 0 (a Jordan block): the spectrum of A is
 * that of the constrained motion plus two zeros per held row, which are
 * removed (the smallest in modulus). Verdict: some Re λ > 0 unstable; all
 * < 0 asymptotically stable; else linearly stable (a conservative
 * minimum: λ = ±iω), to 1e-9 of the largest |λ|; not linearizable where
 * A is undefined (M singular at a coordinate singularity).
 */
export function equilibriumSpectrum(eq: Equilibrium): { eigenvalues: Complex[]; verdict: EquilibriumVerdict } {
  const n2 = eq.A.length;
  // A coordinate singularity (the spherical pendulum hanging at its pole: M singular) leaves A undefined.
  if (!eq.A.flat().every(Number.isFinite)) return { eigenvalues: [], verdict: 'not linearizable' };
  const all = eigenvalues(n2, eq.A.flat()).sort((a, b) => Math.hypot(a.re, a.im) - Math.hypot(b.re, b.im));
  const kept = all.slice(2 * eq.heldRank).sort((a, b) => b.re - a.re || b.im - a.im);
  const tol = 1e-9 * Math.max(1, ...kept.map((z) => Math.hypot(z.re, z.im)));
  // No eigenvalue left (contacts pin every coordinate): nothing moves, linearly stable.
  const verdict: EquilibriumVerdict = kept.some((z) => z.re > tol)
    ? 'unstable'
    : kept.length > 0 && kept.every((z) => z.re < -tol)
      ? 'asymptotically stable'
      : 'linearly stable';
  return { eigenvalues: kept, verdict };
}

/** Starts of the equilibrium search: the declared initial configuration, and q = 0. */
export function equilibriumStarts(system: DerivedSystem): number[][] {
  const q0 = [...system.model.initial.q0];
  const zero = q0.map(() => 0);
  return q0.every((v) => v === 0) ? [zero] : [q0, zero];
}

/** The linearization of a small model without retaining constraints (linearForms does not handle them); undefined for any other. */
export function linearizationStudy(system: DerivedSystem): LinearizationStudy | undefined {
  if (system.model.coordinates.length > SMALL || system.constraints) return undefined;
  const params = Object.fromEntries(system.model.parameters.map((p) => [p.name, p.default]));
  let found: Equilibrium[] = [];
  try {
    found = findEquilibria(system, params, equilibriumStarts(system));
  } catch (err) {
    // No equilibrium from either start: the report says so.
    if (!(err instanceof MechanicsError)) throw err;
  }
  return { forms: linearForms(system), equilibria: found.map((eq) => ({ ...eq, ...equilibriumSpectrum(eq) })) };
}
