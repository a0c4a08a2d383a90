// Coulomb friction at unilateral contacts: a contact with a slip
// s(q, t) (the contact point's position along the surface) slides with
// velocity ṡ, and while it is closed and sliding its normal reaction σ̇ ≥ 0
// comes with the friction force −μ_k σ̇ sgn(ṡ) along the slip's gradient, the
// generalized force
//   Q_fr = −μ_k σ̇ sgn(ṡ) ∂s/∂q        (spatial: −μ_k σ̇ (∂s/∂q)ᵀ ṡ/|ṡ|),
// Smirnov's (1.3) for a one-sided contact (smirnov1981 §1). Sliding alone, the
// contact's reaction solves the 1×1 system (1.1)
//   N M⁻¹ (N − μ_k sgn(ṡ) S)ᵀ σ̇ = −(N M⁻¹ f + bias),
// whose coefficient is Painlevé's determinant: positive without friction,
// and where it is ≤ 0 the sliding contact is self-locking or inconsistent.
// sgn ṡ is a symbol (slipSignSymbol(name)): the closed form holds for either
// direction of sliding. Sticking: τ ∈ [−μ_s σ̇, μ_s σ̇] along S. Where Δ can
// vanish, the least μ_k at which it does: painleve.ts.
import { add, mul, neg } from '../../core/expr.js';
import { simplify } from '../../core/trig.js';
import type { Model } from '../../model/model.js';
import { slipSignSymbol } from '../../model/names.js';
import type { Lagrange2 } from '../lagrange/lagrange2.js';
import { solveSmall } from '../matrix.js';
import { painleveThresholds } from './painleve.js';
import type { ContactKinematics, CoulombContact } from '../unilateral/unilateral-types.js';

/** Closed-form determinants for mass matrices up to this size. */
const CLOSED_FORM_SIZE = 3;

export function deriveCoulomb(model: Model, l2: Lagrange2, contacts: readonly ContactKinematics[]): CoulombContact[] {
  return contacts.flatMap((c, j): CoulombContact[] => {
    if (!c.friction || !c.slip) return [];
    const base = { contact: j, slip: c.slip, kinetic: c.friction.kinetic, static: c.friction.static };
    if (c.slip.length !== 1) return [base];
    const direction = slipSignSymbol(model.unilateral[j]!.name);
    const S = c.slip[0]!.row;
    const force = S.map((g) => simplify(neg(mul(c.friction!.kinetic, direction, g))));
    const n = model.coordinates.length;
    const Minv = n <= CLOSED_FORM_SIZE ? solveSmall(l2.massMatrix, c.normal.row) : undefined;
    const slidingDeterminant = Minv ? simplify(add(...Minv.x.map((v, i) => mul(v, add(c.normal.row[i]!, force[i]!))))) : undefined;
    const painleve = slidingDeterminant ? painleveThresholds(model, slidingDeterminant, c.friction.kinetic, direction) : undefined;
    return [{ ...base, direction, force, ...(slidingDeterminant ? { slidingDeterminant } : {}), ...(painleve?.length ? { painleve } : {}) }];
  });
}
