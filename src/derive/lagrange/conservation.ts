// Whether the total energy T + V is a first integral of the smooth motion,
// and whether the motion can ever gain energy.
//
// A natural system: no non-potential generalized forces (Q = 0), a
// potential V was given, L does not depend on t explicitly, and no
// retaining constraint is rheonomic (a constraint A q̇ + b = 0 with b ≠ 0
// does work −λ·b on the system).
// Conservative: natural and without friction (sliding friction does the work
// −μσ̇|ṡ|, so T + V is not conserved while a contact slides); this concerns
// the smooth equations only: impacts (restitution < 1) change the energy.
// Passive: natural, and no contact surface moves (no gap or slip depends on
// t): then friction only dissipates and impacts with e ≤ 1 only lose energy,
// so T + V never rises (a belt moving under a block, a rising floor can add
// energy).
// What breaks conservation, named for the report: applied forces given as
// forces rather than in V (potential ones too: kozlov1988 §2's (0, ∓g) "is
// potential, but discontinuous"), time in L, moving constraints, friction,
// and a realization's damping or its added mass switched off at f = 0.
import { diff } from '../../core/diff.js';
import { children, contains, dependsOn, sub, ZERO, type Expr } from '../../core/expr.js';
import { simplify } from '../../core/trig.js';
import type { Model } from '../../model/model.js';
import { pinnedTangent } from '../../model/impact-laws.js';
import { TIME } from '../../model/names.js';
import type { RetainingConstraints } from './lagrange1.js';
import type { Lagrange2 } from './lagrange2.js';
import type { CompliantDerivation } from '../compliant/compliant.js';

function isNatural(model: Model, lagrange2: Lagrange2, constraints: RetainingConstraints | undefined): boolean {
  const constraintsWork = (constraints?.b ?? []).some((b) => b !== ZERO);
  // L as given free of t: its simplified form is too, and is not derived for this (deferredLagrange2).
  const autonomous = !dependsOn(model.L, TIME) || !dependsOn(lagrange2.L, TIME);
  return model.Q.every((q) => q === ZERO) && model.V !== undefined && autonomous && !constraintsWork;
}

const hasFriction = (model: Model): boolean => model.unilateral.some((u) => u.friction) || model.holonomic.some((h) => h.friction) || model.hinges.length > 0;

export function isConservative(model: Model, lagrange2: Lagrange2, constraints: RetainingConstraints | undefined): boolean {
  return isNatural(model, lagrange2, constraints) && !hasFriction(model);
}

export function isPassive(model: Model, lagrange2: Lagrange2, constraints: RetainingConstraints | undefined): boolean {
  const moving = model.unilateral.some(
    (u) => dependsOn(u.gap, TIME) || (u.slip ?? []).some((s) => dependsOn(s, TIME)) || dependsOn(pinnedTangent(u.law) ?? ZERO, TIME),
  );
  const movingSupports = model.holonomic.some((h) => h.friction && (dependsOn(h.friction.slip.positive, TIME) || dependsOn(h.friction.slip.negative, TIME)));
  return isNatural(model, lagrange2, constraints) && !moving && !movingSupports;
}

/**
 * A reason T + V is not a first integral of the smooth motion: applied forces Q
 * outside V (with a potential, one that jumps, or none), L depending on t,
 * constraints that move, friction, a realization's damping, or its added mass,
 * switched off where the contact opens; a contact patch (its viscosity).
 */
export type EnergyChange =
  | 'potential-forces'
  | 'discontinuous-potential-forces'
  | 'non-potential-forces'
  | 'time'
  | 'moving-constraints'
  | 'friction'
  | 'damping'
  | 'added-mass'
  | 'patch';

/** The reasons T + V changes in the smooth motion, in the order of EnergyChange; none for a conservative system. */
export function energyChanges(
  model: Model,
  lagrange2: Lagrange2,
  constraints: RetainingConstraints | undefined,
  compliant: CompliantDerivation | undefined,
  patches: boolean,
): EnergyChange[] {
  const out: EnergyChange[] = [];
  if (model.Q.some((q) => q !== ZERO)) out.push(forceKind(model));
  if (dependsOn(model.L, TIME) && dependsOn(lagrange2.L, TIME)) out.push('time');
  if ((constraints?.b ?? []).some((b) => b !== ZERO)) out.push('moving-constraints');
  if (hasFriction(model)) out.push('friction');
  if (compliant?.terms.some((t) => t.rayleigh !== ZERO)) out.push('damping');
  if (compliant?.terms.some((t) => t.addedMass !== ZERO && !t.everywhere)) out.push('added-mass');
  if (patches) out.push('patch');
  return out;
}

/** Q of the coordinates alone with ∂Q_i/∂q_j = ∂Q_j/∂q_i is potential (sign() differentiates to 0 away from its jump). */
function forceKind(model: Model): EnergyChange {
  const qs = model.coordinates;
  const velocityFree = model.Q.every((f) => !dependsOn(f, TIME) && qs.every((c) => !contains(f, c.qd)));
  const symmetric = qs.every((a, i) => qs.every((b, j) => j <= i || simplify(sub(diff(model.Q[i]!, b.q.name), diff(model.Q[j]!, a.q.name))) === ZERO));
  if (!velocityFree || !symmetric) return 'non-potential-forces';
  return model.Q.some(jumps) ? 'discontinuous-potential-forces' : 'potential-forces';
}

const jumps = (e: Expr): boolean => (e.kind === 'fn' && e.name === 'sign') || children(e).some(jumps);
