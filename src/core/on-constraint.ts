// Expressions that hold on a polynomial constraint f = 0, shortened by it:
// f = L + r split into its leading form L (its terms of highest total degree
// in the coordinates) and a rest r free of them, so that L = −r there. The
// circle R² − x² − y² = 0 of a billiard gives x² + y² = R² in its contact
// phase and impact map (kozlov1988 §3). Only whole copies of L (times a
// number, inside a sum) are replaced, and only where that shortens the result.
import * as Q from './rational.js';
import { opCount } from './cost.js';
import { addAll, dependsOn, mulAll, num, type Add, type Expr } from './expr.js';
import type { Rational } from './rational.js';
import { expandAll } from './expand.js';
import { mapChildren, memoPass } from './traverse.js';

/** Σ coeff·monomial = value wherever the constraint holds. */
export interface LeadingForm {
  readonly terms: ReadonlyMap<Expr, Rational>;
  readonly value: Expr;
}

/**
 * The leading form of f in `variables` and its value on f = 0; undefined
 * unless f is a polynomial in them whose leading form has two terms or more
 * (a single monomial is no sum to replace) and whose rest is free of them.
 */
export function leadingForm(f: Expr, variables: readonly string[]): LeadingForm | undefined {
  const e = expandAll([f]);
  if (e.kind !== 'add') return undefined;
  const degrees = e.terms.map((t) => degreeIn(t.expr, variables));
  if (degrees.some((d) => d === undefined)) return undefined;
  const top = Math.max(...(degrees as number[]));
  const lead = e.terms.filter((_, i) => degrees[i] === top);
  const rest = e.terms.filter((_, i) => degrees[i] !== top);
  if (top < 1 || lead.length < 2 || rest.some((t) => variables.some((v) => dependsOn(t.expr, v)))) return undefined;
  const value = addAll([num(Q.neg(e.constant)), ...rest.map((t) => mulAll([num(Q.neg(t.coeff)), t.expr]))]);
  return { terms: new Map(lead.map((t) => [t.expr, t.coeff])), value };
}

/** e with every sum that holds k·L (k a number) holding k·value instead, where that takes fewer operations; else e. */
export function reduceOn(e: Expr, form: LeadingForm): Expr {
  const pass = memoPass<Expr>((u, go) => {
    const v = mapChildren(u, go);
    return v.kind === 'add' ? replaced(v, form) : v;
  });
  const r = pass(e);
  return r !== e && opCount(r) < opCount(e) ? r : e;
}

/** u with its copy k·L replaced by k·value, or u where it holds none. */
function replaced(u: Add, form: LeadingForm): Expr {
  const coeff = (m: Expr): Rational | undefined => u.terms.find((t) => t.expr === m)?.coeff;
  const [first, c0] = form.terms.entries().next().value as [Expr, Rational];
  const c = coeff(first);
  if (!c) return u;
  const k = Q.div(c, c0);
  for (const [m, cm] of form.terms) {
    const have = coeff(m);
    if (!have || !Q.eq(have, Q.mul(k, cm))) return u;
  }
  const kept = u.terms.filter((t) => !form.terms.has(t.expr));
  return addAll([num(u.constant), ...kept.map((t) => mulAll([num(t.coeff), t.expr])), mulAll([num(k), form.value])]);
}

/** The total degree of a monomial in `variables` (0 if free of them); undefined if it is not a monomial in them. */
function degreeIn(e: Expr, variables: readonly string[]): number | undefined {
  const power = (base: Expr, exp: Expr): number | undefined => {
    if (!variables.some((v) => dependsOn(base, v))) return variables.some((v) => dependsOn(exp, v)) ? undefined : 0;
    if (base.kind !== 'sym' || exp.kind !== 'num' || !Q.isInteger(exp.value) || Q.isNegative(exp.value)) return undefined;
    return exp.value.n;
  };
  if (e.kind === 'sym') return variables.includes(e.name) ? 1 : 0;
  if (e.kind === 'pow') return power(e.base, e.exp);
  if (e.kind === 'mul') {
    let d = 0;
    for (const f of e.factors) {
      const k = power(f.base, f.exp);
      if (k === undefined) return undefined;
      d += k;
    }
    return d;
  }
  return variables.some((v) => dependsOn(e, v)) ? undefined : 0;
}
