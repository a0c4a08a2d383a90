// The impact with the closed contacts' lines turned smooth at the instant of
// the impact (rubanovich1981 §3, before (3.15)): the arriving contact
// engages by its law (sticks, for a pinned foot), each closed contact keeps
// its normal row only, [y₂] = 0, and takes no tangential impulse,
// E_{R₂ₓ} = 0, so it may slide: G₂₁[z₁] + G₂₂([x₂], 0)ᵀ = (0, E_{R₂y})ᵀ gives
// the paper's (3.15) E_{R₂y} and (3.16) ẋ₂(+0). A hypothetical mode: the
// model's own impact maps keep the contacts' laws.
// The smooth slip is the other hypothesis where the arriving foot cannot
// stick: its own line smooth at the impact (its normal row only, no
// tangential impulse), every closed contact leaving; admissible where its
// normal impulse is ≥ 0 and each closed contact separates, ḟⱼ⁺ ≥ 0.
// Tests: test/derive/unilateral/smooth-stay.test.ts.
import { add, mul, neg, type Expr } from '../../core/expr.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import type { Model } from '../../model/model.js';
import type { Lagrange2 } from '../lagrange/lagrange2.js';
import { matVec } from '../matrix.js';
import { constrainedSolve } from './constrained-solve.js';
import { rowsOf } from './unilateral.js';
import type { ContactKinematics, ContactRow, ImpactMap } from './unilateral-types.js';

export interface SmoothStay {
  readonly qdPlus: readonly Expr[];
  /** The impulse of each row kept, by its label: the arriving contact's rows and the closed contacts' normals. */
  readonly impulses: ReadonlyMap<string, Expr>;
}

/** The smooth stay of an impact map with a closed contact that has a tangent row; undefined otherwise, or where it is singular. */
export function smoothStay(model: Model, l2: Lagrange2, contacts: readonly ContactKinematics[], im: ImpactMap): SmoothStay | undefined {
  const { scenario: sc } = im;
  if (!sc.closed.some((j) => contacts[j]!.tangent)) return undefined;
  return smoothImpact(model, l2, contacts, im, [...rowsOf(contacts[sc.arriving]!), ...sc.closed.map((j) => contacts[j]!.normal)]);
}

export interface SmoothSlip extends SmoothStay {
  /** Each closed contact's normal velocity after, ḟⱼ⁺, in the order of the scenario's `closed`: it separates where ≥ 0. */
  readonly separations: readonly Expr[];
}

/** The smooth slip of an impact map whose arriving contact has a tangent row and which has closed contacts; undefined otherwise, or where it is singular. */
export function smoothSlip(model: Model, l2: Lagrange2, contacts: readonly ContactKinematics[], im: ImpactMap): SmoothSlip | undefined {
  const { scenario: sc } = im;
  if (!contacts[sc.arriving]!.tangent || sc.closed.length === 0) return undefined;
  const slip = smoothImpact(model, l2, contacts, im, [contacts[sc.arriving]!.normal]);
  if (!slip) return undefined;
  const at = (e: Expr): Expr => simplify(subs(e, sc.at));
  const separations = sc.closed.map((j) => {
    const n = contacts[j]!.normal;
    return simplify(add(at(n.rate), ...n.row.map((x, i) => mul(at(x), slip.qdPlus[i]!))));
  });
  return { ...slip, separations };
}

/** The impact with the given rows kept: normals by the contact's law (a closed contact's normal rate is 0 before), tangents pinned. */
function smoothImpact(model: Model, l2: Lagrange2, contacts: readonly ContactKinematics[], im: ImpactMap, rows: readonly ContactRow[]): SmoothStay | undefined {
  const { scenario: sc } = im;
  const at = (e: Expr): Expr => simplify(subs(e, sc.at));
  const M = l2.massMatrix.map((r) => r.map(at));
  const R = rows.map((r) => r.row.map(at));
  const rate = (k: number): Expr => simplify(add(at(rows[k]!.rate), ...R[k]!.map((x, i) => mul(x, im.qdMinus[i]!))));
  const target = rows.map((r, k) => simplify(r.kind === 'normal' ? neg(mul(at(contacts[r.contact]!.restitution), rate(k))) : neg(at(r.rate))));
  const free = model.coordinates.flatMap((c, i) => (sc.independent.includes(c.name) ? [i] : []));
  const sol = constrainedSolve(M, matVec(M, im.qdMinus), R, target, free);
  if (!sol || sol.dropped.length) return undefined;
  return { qdPlus: sol.y, impulses: new Map(rows.map((r, k) => [r.label, sol.lambda[k]!] as const)) };
}
