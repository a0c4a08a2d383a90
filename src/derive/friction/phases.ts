// Contact phases with Coulomb friction: each planar Coulomb contact held in
// the phase either slides or sticks, and the phase's equations are those
// of that choice, not the frictionless ones.
//   Sliding (d = sgn ṡ, a symbol): the reaction acts along N − μ_k d S,
//   smirnov1981 (1.3), and only the normal row holds, N q̈ + β = 0.
//   Sticking: the slip row holds too, S q̈ + β_s = 0, with its own
//   tangential density ν̇ along S, admissible while |ν̇| ≤ μ_s σ̇.
// With D the reaction directions and C the rows held,
//   M q̈ = f + Dᵀλ,   C q̈ = −β   ⇒   C M⁻¹ Dᵀ λ = −(C M⁻¹ f + β),
// whose 1×1 coefficient for a contact sliding alone is Painlevé's
// determinant (coulomb.ts).
import { add, mul, neg, type Expr } from '../../core/expr.js';
import { simplify } from '../../core/trig.js';
import { together } from '../../core/together.js';
import { slipSignSymbol } from '../../model/names.js';
import type { Model } from '../../model/model.js';
import type { Lagrange2 } from '../lagrange/lagrange2.js';
import { solveSmall } from '../matrix.js';
import type { ContactKinematics, ContactRow, FrictionPhase } from '../unilateral/unilateral-types.js';
import { constrainedSolve } from '../unilateral/constrained-solve.js';
import { stickCones } from './stick-cones.js';

/** A contact this module derives the phases of: planar Coulomb friction, one slip row. */
export const planarCoulomb = (c: ContactKinematics): boolean => !!c.friction && c.slip?.length === 1 && !c.tangent;

/**
 * The phases of the active set for every choice of sliding or sticking of
 * its planar Coulomb contacts ([] where it has none); a choice whose
 * system is singular has no closed form here (dependentFrictionPhase).
 */
export function frictionPhases(model: Model, l2: Lagrange2, contacts: readonly ContactKinematics[], active: readonly number[]): FrictionPhase[] {
  const rough = active.filter((j) => planarCoulomb(contacts[j]!));
  if (rough.length === 0) return [];
  return Array.from({ length: 1 << rough.length }, (_, mask) => {
    const modes = new Map(rough.map((j, k) => [j, mask & (1 << k) ? ('stick' as const) : ('slide' as const)]));
    return frictionPhase(model, l2, contacts, active, modes);
  });
}

function frictionPhase(
  model: Model,
  l2: Lagrange2,
  contacts: readonly ContactKinematics[],
  active: readonly number[],
  modes: ReadonlyMap<number, 'slide' | 'stick'>,
): FrictionPhase {
  const rows: ContactRow[] = [];
  const directions: (readonly Expr[])[] = [];
  for (const j of active) {
    const c = contacts[j]!;
    const mode = modes.get(j);
    const slip = c.slip?.[0];
    if (mode === 'slide') {
      const d = slipSignSymbol(model.unilateral[j]!.name);
      rows.push(c.normal);
      directions.push(c.normal.row.map((x, i) => simplify(add(x, neg(mul(c.friction!.kinetic, d, slip!.row[i]!))))));
    } else {
      const held = mode === 'stick' ? [c.normal, slip!] : c.tangent ? [c.normal, c.tangent] : [c.normal];
      rows.push(...held);
      directions.push(...held.map((r) => r.row));
    }
  }
  const sticking = [...modes].filter(([, mode]) => mode === 'stick').map(([j]) => j);
  const explicit = solve(l2, rows, directions);
  if (explicit)
    return {
      modes,
      rows,
      explicit,
      conditions: [...stickCones(model, contacts, sticking, rows, explicit.multipliers, [], 'reaction')!.conditions.values()].flat(),
    };
  return { modes, rows, conditions: [] };
}

/**
 * A phase whose rows are dependent where the contacts hold together
 * (`here` puts the state there, velocities too): without sliding the reactions act along
 * the rows held, so q̈ and the combinations of the densities that are
 * determined follow from the dependent rows (both ends of a lying rod
 * sticking); the phase unchanged where that gives no closed form.
 */
export function dependentFrictionPhase(
  model: Model,
  l2: Lagrange2,
  contacts: readonly ContactKinematics[],
  f: FrictionPhase,
  here: (e: Expr) => Expr,
): FrictionPhase {
  if (f.explicit || [...f.modes.values()].includes('slide')) return f;
  const held = constrainedSolve(
    l2.massMatrix.map((r) => r.map(here)),
    l2.forcing.map(here),
    f.rows.map((r) => r.row.map(here)),
    f.rows.map((r) => simplify(neg(here(r.bias)))),
    [],
  );
  const sticking = [...f.modes].filter(([, mode]) => mode === 'stick').map(([j]) => j);
  const cones = held && stickCones(model, contacts, sticking, f.rows, held.lambda, held.dropped, 'reaction');
  if (!held || !cones) return f;
  return { ...f, explicit: { qdd: held.y, multipliers: held.lambda }, indeterminate: cones.indeterminate, conditions: [...cones.conditions.values()].flat() };
}

/** q̈ and λ of M q̈ = f + Dᵀλ, C q̈ = −β through the Schur complement C M⁻¹ Dᵀ; undefined where it is singular. */
function solve(l2: Lagrange2, rows: readonly ContactRow[], directions: readonly (readonly Expr[])[]): FrictionPhase['explicit'] {
  const free = solveSmall(l2.massMatrix, l2.forcing)?.x;
  const along = directions.map((d) => solveSmall(l2.massMatrix, d)?.x);
  if (!free || along.some((a) => !a)) return undefined;
  const dot = (row: readonly Expr[], v: readonly Expr[]): Expr => add(...row.map((x, i) => mul(x, v[i]!)));
  const A = rows.map((r) => along.map((a) => simplify(dot(r.row, a!))));
  const rhs = rows.map((r) => simplify(neg(add(dot(r.row, free), r.bias))));
  const lambda = solveSmall(A, rhs);
  if (!lambda) return undefined;
  const multipliers = lambda.x.map((x) => together(simplify(x)));
  const qdd = free.map((f, i) => together(simplify(add(f, ...along.map((a, k) => mul(a![i]!, multipliers[k]!))))));
  return { qdd, multipliers };
}
