// The linearization of the smooth motion: what the Jacobian of the
// first-order right-hand side x = (q, q̇) ↦ (q̇, q̈) needs. Writing the
// equations as residuals
//   R(q, q̇, q̈, λ) = M q̈ + Aᵀλ − f = 0,   C(q, q̇, q̈) = A q̈ + c = 0
// (c = Ȧq̇ + ḃ; no retaining constraints: R = M q̈ − f), the implicit
// function theorem gives
//   [M Aᵀ; A 0] [∂q̈/∂x; ∂λ/∂x] = −[∂R/∂x; ∂C/∂x],
// with q̈ and λ entering ∂R/∂x and ∂C/∂x as symbols (their values are known
// where the Jacobian is evaluated). This keeps n² expressions per block
// instead of the n³ of ∂M/∂qₖ, and the matrix on the left is the one the
// accelerations already factor. Compliant terms (compliant.ts) add their
// residual increments over the region where they act.
// Tests: test/codegen/jacobian.test.ts (the generated Jacobian against differences of rhs).
import { addAll, mul, neg, scale, symbolsIn, TermSum, ZERO, type Expr, type Term } from '../../core/expr.js';
import * as Q from '../../core/rational.js';
import { diff, diffTerms, type TermProducts } from '../../core/diff.js';
import { expandTerms, type Kept } from '../../core/expand.js';
import { simplify, simplifyTrig } from '../../core/trig.js';
import type { Model } from '../../model/model.js';
import { accelerationSymbol, multiplierSymbol } from '../../model/names.js';
import { keptSums, type Lagrange2 } from '../lagrange/lagrange2.js';
import type { CompliantDerivation } from '../compliant/compliant.js';
import type { RetainingConstraints } from '../lagrange/lagrange1.js';

export interface Linearization {
  /** ∂R/∂q (n×n), in q, q̇, q̈ and λ. */
  readonly Rq: readonly (readonly Expr[])[];
  /** ∂R/∂q̇ = −∂f/∂q̇ (n×n). */
  readonly Rqd: readonly (readonly Expr[])[];
  /** ∂C/∂q and ∂C/∂q̇ (m×n each), with retaining constraints. */
  readonly Cq?: readonly (readonly Expr[])[];
  readonly Cqd?: readonly (readonly Expr[])[];
}

export function deriveLinearization(
  model: Model,
  l2: Lagrange2,
  constraints: RetainingConstraints | undefined,
  compliant?: CompliantDerivation,
): Linearization {
  const cs = model.coordinates;
  const qdd = cs.map((c) => accelerationSymbol(c.q));
  const lambda = (constraints?.A ?? []).map((_, k) => multiplierSymbol(k + 1));
  const R = cs.map((_, i) =>
    rowTerms(
      [...l2.massMatrix[i]!.map((Mij, j) => mul(Mij, qdd[j]!)), ...(constraints ? constraints.A.map((row, k) => mul(row[i]!, lambda[k]!)) : [])],
      l2.forcing[i]!,
    ),
  );
  // Both blocks of a row from one listing of its terms by symbol.
  const qNames = cs.map((c) => c.q.name);
  const qdNames = cs.map((c) => c.qd.name);
  const keep = keptSums(
    model,
    [...qdd, ...lambda].map((s) => s.name),
  );
  const jacobians = (rows: readonly (readonly Term[])[]): { readonly q: Expr[][]; readonly qd: Expr[][] } => {
    const listed = rows.map((r) => termListsBySymbol(r, [...qNames, ...qdNames]));
    return { q: listed.map((terms) => gradientOf(terms, qNames, keep)), qd: listed.map((terms) => gradientOf(terms, qdNames, keep)) };
  };
  // Compliant terms (compliant.ts): their increments over the region where they act.
  const withCompliant = (J: Expr[][], block: 'Rq' | 'Rqd'): Expr[][] =>
    compliant ? J.map((r, i) => r.map((e, j) => simplify(addAll([e, ...compliant.terms.map((t) => t.activeJacobian[block][i]![j]!)])))) : J;
  const JR = jacobians(R);
  const base = { Rq: withCompliant(JR.q, 'Rq'), Rqd: withCompliant(JR.qd, 'Rqd') };
  if (!constraints) return base;
  const C = constraints.A.map((row, k) => termsOf(addAll([...row.map((a, j) => mul(a, qdd[j]!)), constraints.bias[k]!])));
  const JC = jacobians(C);
  return { ...base, Cq: JC.q, Cqd: JC.qd };
}

/**
 * ∂e/∂x for each name x, simplified: of the terms that contain x only (the
 * others give 0), so the n entries of a Jacobian row differentiate the terms
 * each depends on, not the whole row n times: a row of the 40-link
 * pendulum's residual has O(n) terms of which O(1) depend on a given
 * coordinate. ∂/∂x of the sum of those terms is the sum of their
 * derivatives, built here without building that sum first (diff's rule for
 * a sum, term by term) and multiplied out as simplify would (expandTerms):
 * the same result.
 */
export function gradient(e: Expr, names: readonly string[]): Expr[] {
  return gradientOf(termListsBySymbol(termsOf(e), names), names);
}

/** The terms of e (expression and coefficient); a lone term with coefficient 1 (a number has no symbols to list). */
const termsOf = (e: Expr): readonly Term[] => (e.kind === 'add' ? e.terms : [{ expr: e, coeff: Q.ONE }]);

/**
 * The terms of the residual row addAll([...parts, −f]) (M_ij·q̈_j, A_ki·λ_k
 * and the forcing's), collected as addAll collects them, without making
 * −f and the row: two sums of the forcing's O(n²) terms per row, sorted and
 * interned only to be listed by symbol (a tenth of the linearization at
 * n = 10). A term's order does not matter: gradientOf collects and sorts.
 */
function rowTerms(parts: readonly Expr[], f: Expr): readonly Term[] {
  // The constant is left out: it has no derivative.
  const sum = new TermSum();
  for (const a of parts) sum.spread(a);
  sum.spread(f, Q.MINUS_ONE);
  const terms: Term[] = [];
  for (const [expr, coeff] of sum.terms) {
    if (Q.isZero(coeff)) continue;
    // A sum whose coefficient became ±1 is flattened into the row by addAll (addFromTerms): the row's terms from addAll then.
    if (expr.kind === 'add' && coeff.d === 1 && (coeff.n === 1 || coeff.n === -1)) return termsOf(addAll([...parts, neg(f)]));
    terms.push({ expr, coeff });
  }
  return terms;
}

/** gradient from the terms listed by symbol; with `keep`, the sums it keeps stay factors (the mass sums of M). */
function gradientOf(terms: ReadonlyMap<string, Term[]>, names: readonly string[], keep?: Kept): Expr[] {
  // A term's derivative by a name is often its derivative by another up to a coefficient: the product made once (TermProducts).
  const products: TermProducts = new Map();
  return names.map((x) => {
    const ts = terms.get(x);
    if (ts === undefined) return ZERO;
    if (keep !== undefined)
      return simplifyTrig(expandTerms(ts.length === 1 ? [{ expr: diff(ts[0]!.expr, x), coeff: ts[0]!.coeff }] : diffTerms(ts, x, products), keep));
    if (ts.length === 1) return simplify(diff(scale(ts[0]!.expr, ts[0]!.coeff), x));
    return simplify(expandTerms(diffTerms(ts, x, products)));
  });
}

/** The terms (expression and coefficient) listed under each of `names` they contain. */
function termListsBySymbol(terms: readonly Term[], names: readonly string[]): Map<string, Term[]> {
  const wanted = new Set(names);
  const out = new Map<string, Term[]>();
  for (const t of terms) {
    for (const s of symbolsIn(t.expr)) {
      if (!wanted.has(s.name)) continue;
      const list = out.get(s.name);
      if (list) list.push(t);
      else out.set(s.name, [t]);
    }
  }
  return out;
}
