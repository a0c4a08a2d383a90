// Which coordinates the equations are 2π-periodic in: a coordinate q_i that
// occurs in the model's physics only inside sin or cos of an argument
// k·q_i + (terms free of q_i) with an integer k (θ in sin θ, cos 2θ,
// cos(θ₁ − θ₂); not θ in kθ²/2, nor θ/2 in sin(θ/2)). Every function of a
// generated module is built from these expressions by differentiation and
// algebra, so it is 2π-periodic in such a coordinate too, and the runtime
// may integrate it reduced to (−π, π] (hybrid/hybrid.ts): at θ = 10⁴ a
// double carries θ to 1.8e-12 and an error scale atol + rtol·|θ| lets the
// integrator err by 1e-4 rad, which a reduced angle does not. The generated
// module's `model.periodic`.
// Tests: test/derive/periodicity.test.ts
import { childAt } from '../core/cse.js';
import { contains, splitCoeff, type Expr, type Sym } from '../core/expr.js';
import * as Q from '../core/rational.js';
import type { Model, ModelPhysics } from '../model/model.js';

/**
 * Per field of the physics, whether its expressions enter the equations: a
 * new field does not compile until it is classified here. The coordinates,
 * parameters and time are symbols, not equations; impact scenarios are the
 * report's configurations; the rolling contacts name constraints already
 * among holonomic and nonholonomic.
 */
const ENTERS_EQUATIONS: Record<keyof ModelPhysics, boolean> = {
  coordinates: false,
  parameters: false,
  time: false,
  T: true,
  V: true,
  L: true,
  Q: true,
  // The same bodies and joints as T and V, read again (its coordinates are indices).
  tree: false,
  holonomic: true,
  nonholonomic: true,
  rolling: false,
  hinges: true,
  unilateral: true,
  compliant: true,
  realizations: true,
  patches: true,
  impactScenarios: false,
};

const isExpr = (v: object): v is Expr => 'kind' in v && 'id' in v;

/** Every expression under a value of the model (arrays, maps and records walked). */
function collect(value: unknown, out: Expr[]): void {
  if (typeof value !== 'object' || value === null) return;
  if (isExpr(value)) out.push(value);
  else if (value instanceof Map) for (const v of value.values()) collect(v, out);
  else for (const v of Object.values(value)) collect(v, out);
}

/** Whether a is k·q + (terms free of q) with an integer k. */
function integerAffine(a: Expr, q: Sym): boolean {
  const terms = a.kind === 'add' ? a.terms.map((t) => ({ expr: t.expr, coeff: t.coeff })) : [{ expr: splitCoeff(a)[1], coeff: splitCoeff(a)[0] }];
  return terms.every((t) => (t.expr === q ? Q.isInteger(t.coeff) : !contains(t.expr, q)));
}

/** Whether e is 2π-periodic in q by its form: q occurs only in integer-affine arguments of sin and cos. */
export function periodicIn(e: Expr, q: Sym): boolean {
  return !notPeriodicIn([e], [q]).has(q);
}

const NONE: readonly Sym[] = [];

/**
 * The symbols among `qs` that some expression of `exprs` is not
 * 2π-periodic in by its form, in one walk of them all: per node, the
 * symbols it is not periodic in (a symbol in itself; sin and cos of a
 * non-integer-affine argument in those of the argument; any other node in
 * its children's). Walking the expressions once per coordinate was a
 * twentieth of the 10-link pendulum's derivation, its lists mostly empty.
 */
function notPeriodicIn(exprs: readonly Expr[], qs: readonly Sym[]): Set<Sym> {
  const wanted = new Set<Expr>(qs);
  const memo = new Map<Expr, readonly Sym[]>();
  const visit = (u: Expr): readonly Sym[] => {
    if (u.kind === 'num') return NONE;
    if (u.kind === 'sym') return wanted.has(u) ? [u] : NONE;
    let bad = memo.get(u);
    if (bad === undefined) {
      if (u.kind === 'fn' && (u.name === 'sin' || u.name === 'cos')) bad = visit(u.args[0]!).filter((q) => !integerAffine(u.args[0]!, q));
      else {
        bad = NONE;
        for (let p = 0, c = childAt(u, 0); c !== undefined; c = childAt(u, ++p)) if (c) bad = union(bad, visit(c));
      }
      memo.set(u, bad);
    }
    return bad;
  };
  const out = new Set<Sym>();
  for (const e of exprs) for (const q of visit(e)) out.add(q);
  return out;
}

/** a ∪ b, either list itself where the other adds nothing (the common case: most are empty). */
function union(a: readonly Sym[], b: readonly Sym[]): readonly Sym[] {
  if (b.length === 0 || a === b) return a;
  if (a.length === 0) return b;
  const extra = b.filter((q) => !a.includes(q));
  return extra.length === 0 ? a : [...a, ...extra];
}

/**
 * Per coordinate, whether it occurs in the model's equations and every one
 * of them is 2π-periodic in it. A cyclic coordinate that occurs nowhere (a
 * cart's position, a knife edge's y) is a translation, not an angle, and is
 * not marked.
 */
export function periodicCoordinates(model: Model): boolean[] {
  const exprs: Expr[] = [];
  for (const key of Object.keys(ENTERS_EQUATIONS) as (keyof ModelPhysics)[]) if (ENTERS_EQUATIONS[key]) collect(model[key], exprs);
  const qs = model.coordinates.map((c) => c.q);
  const bad = notPeriodicIn(exprs, qs);
  return qs.map((q) => !bad.has(q) && exprs.some((e) => contains(e, q)));
}
