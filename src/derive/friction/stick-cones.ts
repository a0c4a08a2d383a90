// The sticking cones of the sticking contacts of a contact phase or an
// impact mode, |ν_j| ≤ μ_s σ_j, as pairs of conditions ≥ 0. Where two
// sticking contacts hold parallel slip rows (a lying rod on both ends), the
// slip rows are dependent: the velocities (accelerations) and normal
// multipliers stay determined, but only T = ν_j + w ν_k is (the dropped
// row is w times the kept one, unilateral.ts constrainedSolve), and a split
// into the two cones exists iff |T| ≤ μ_j σ_j + |w| μ_k σ_k.
// Tests: test/derive/friction/impact-modes.test.ts, test/derive/friction/phases.test.ts (the lying rod).
import { add, mul, neg, ONE, type Expr, type Num } from '../../core/expr.js';
import { simplify } from '../../core/trig.js';
import { together } from '../../core/together.js';
import * as Q from '../../core/rational.js';
import type { Model } from '../../model/model.js';
import type { ContactKinematics, ContactRow, ImpactCondition, Indeterminate } from '../unilateral/unilateral-types.js';

/** A dependent row of a constrained solve: row = Σ wᵢ·(row dependsOn[i]). */
export interface DroppedRow {
  readonly row: number;
  readonly dependsOn: readonly number[];
  readonly weights: readonly Expr[];
}

export interface StickCones {
  /** The two conditions of each sticking contact whose slip row is kept (joint with the contacts dropped onto it). */
  readonly conditions: ReadonlyMap<number, readonly ImpactCondition[]>;
  readonly indeterminate: readonly Indeterminate[];
}

/**
 * The cone conditions of the sticking contacts, with `values` the
 * multiplier of each of `rows` (0 on dropped rows); undefined where a
 * dependent row is not a sticking slip row parallel to one other with a
 * constant factor (then no closed form is given).
 */
export function stickCones(
  model: Model,
  contacts: readonly ContactKinematics[],
  sticking: readonly number[],
  rows: readonly ContactRow[],
  values: readonly Expr[],
  dropped: readonly DroppedRow[],
  what: 'reaction' | 'impulse',
  at: (e: Expr) => Expr = (e) => e,
): StickCones | undefined {
  const slipOf = (r: number): number | undefined => sticking.find((j) => contacts[j]!.slip?.[0]?.label === rows[r]?.label);
  const partner = new Map<number, { contact: number; weight: Num }[]>();
  for (const d of dropped) {
    const k = slipOf(d.row);
    const kept = d.dependsOn.length === 1 ? slipOf(d.dependsOn[0]!) : undefined;
    const w = d.weights[0];
    if (k === undefined || kept === undefined || w?.kind !== 'num') return undefined;
    partner.set(kept, [...(partner.get(kept) ?? []), { contact: k, weight: w }]);
  }
  const droppedContacts = new Set(dropped.map((d) => slipOf(d.row)));
  const multiplierOf = (row: ContactRow): Expr => values[rows.findIndex((r) => r.label === row.label)]!;
  const cone = (j: number): Expr => mul(at(contacts[j]!.friction!.static), multiplierOf(contacts[j]!.normal));
  const conditions = new Map<number, ImpactCondition[]>();
  for (const j of sticking.filter((s) => !droppedContacts.has(s))) {
    const name = model.unilateral[j]!.name;
    const others = partner.get(j) ?? [];
    const size = (w: Num): Expr => (Q.isNegative(w.value) ? neg(w) : w);
    const bound = add(cone(j), ...others.map((o) => mul(size(o.weight), cone(o.contact))));
    const tangential = multiplierOf(contacts[j]!.slip![0]!);
    const whose = others.length ? `s of ${[name, ...others.map((o) => model.unilateral[o.contact]!.name)].join(' and ')} together are` : ` of ${name} is`;
    const normalOf = (k: number) => contacts[k]!.normal.label;
    const statement = (side: 'upper' | 'lower') => ({
      kind: 'cone' as const,
      side,
      tangential: [
        { label: contacts[j]!.slip![0]!.label, weight: ONE },
        ...others.map((o) => ({ label: contacts[o.contact]!.slip![0]!.label, weight: o.weight as Expr })),
      ],
      normals: [
        { label: normalOf(j), coefficient: at(contacts[j]!.friction!.static) },
        ...others.map((o) => ({ label: normalOf(o.contact), coefficient: simplify(mul(size(o.weight), at(contacts[o.contact]!.friction!.static))) })),
      ],
    });
    conditions.set(j, [
      { expr: together(simplify(add(bound, neg(tangential)))), meaning: `the tangential ${what}${whose} inside the static cone`, states: statement('upper') },
      { expr: together(simplify(add(bound, tangential))), meaning: 'on its other side', states: statement('lower') },
    ]);
  }
  const indeterminate = dropped.map((d) => ({
    labels: [...d.dependsOn.map((k) => rows[k]!.label), rows[d.row]!.label],
    dropped: rows[d.row]!.label,
    weights: d.weights,
  }));
  return { conditions, indeterminate };
}
