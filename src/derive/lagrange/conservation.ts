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
import { dependsOn, ZERO } from '../../core/expr.js';
import type { Model } from '../../model/model.js';
import { pinnedTangent } from '../../model/impact-laws.js';
import { TIME } from '../../model/names.js';
import type { RetainingConstraints } from './lagrange1.js';
import type { Lagrange2 } from './lagrange2.js';

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
