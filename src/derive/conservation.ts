// Whether the total energy T + V is a first integral of the smooth motion.
//
// Energy is conserved between impacts (the energy integral of a natural
// system) when there are no non-potential generalized forces (Q = 0), a
// potential V was given, L does not depend on t explicitly, and no
// retaining constraint is rheonomic: a constraint A q̇ + b = 0 with b ≠ 0
// does work −λ·b on the system.
// Impacts (restitution < 1) and moving unilateral constraints may still
// change the energy; this fact concerns the smooth equations only.
import { dependsOn, ZERO } from '../core/expr.js';
import type { Model } from '../model/model.js';
import { TIME } from '../model/names.js';
import type { RetainingConstraints } from './lagrange1.js';
import type { Lagrange2 } from './lagrange2.js';

export function isConservative(model: Model, lagrange2: Lagrange2, constraints: RetainingConstraints | undefined): boolean {
  const constraintsWork = (constraints?.b ?? []).some((b) => b !== ZERO);
  return model.Q.every((q) => q === ZERO) && model.V !== undefined && !dependsOn(lagrange2.L, TIME) && !constraintsWork;
}
