// An expanded sum collected by its monomials in the state: the terms that
// differ only in factors free of the state (`free`, as expandTerms' keep)
// become one term, their coefficient summed and its content taken out, so
// that a sum of parameters is one shared factor. The n-link pendulum's
// L₀ = g Σᵢ mᵢ Σ_{k≤i} l_k cos q_k has n²/2 terms g·l_k·mᵢ·cos q_k; collected,
// n terms g·l_k·cos q_k·(m_k + … + m_n), with the mass sums of M.
// Invariant: the result equals e as a function; terms alone in their
// monomial are left as they are.
// Tests: test/core/coefficients.test.ts.
import * as Q from './rational.js';
import { pullContent } from './content.js';
import { expandAll, type Kept } from './expand.js';
import { addAll, addFromTerms, makeMul, mul, num, ONE, pow, scale, type Expr, type Factor, type Term } from './expr.js';

/** e with its terms of one state monomial joined: Σ cᵢ·pᵢ·s = g·P·s for parameter parts pᵢ and P = Σ (cᵢ/g)·pᵢ with its common factors out. */
export function collectCoefficients(e: Expr, free: Kept): Expr {
  if (e.kind !== 'add') return e;
  const byState = new Map<Expr, Term[]>();
  for (const t of e.terms) {
    const factors: readonly Factor[] =
      t.expr.kind === 'mul' ? t.expr.factors : [{ base: t.expr.kind === 'pow' ? t.expr.base : t.expr, exp: t.expr.kind === 'pow' ? t.expr.exp : ONE }];
    const state = factors.filter((f) => !free(f.base) || !free(f.exp));
    const s = state.length === factors.length ? t.expr : product(state);
    const p = state.length === factors.length ? ONE : product(factors.filter((f) => !state.includes(f)));
    const list = byState.get(s);
    if (list) list.push({ expr: p, coeff: t.coeff });
    else byState.set(s, [{ expr: p, coeff: t.coeff }]);
  }
  if (byState.size === e.terms.length) return e;
  const parts: Expr[] = [num(e.constant)];
  for (const [s, ps] of byState) parts.push(ps.length === 1 ? mul(num(ps[0]!.coeff), ps[0]!.expr, s) : mul(...coefficient(ps), s));
  return addAll(parts);
}

/** The product of canonical factors (in order), coefficient 1. */
const product = (factors: readonly Factor[]): Expr =>
  factors.length === 0 ? ONE : factors.length === 1 ? pow(factors[0]!.base, factors[0]!.exp) : makeMul(Q.ONE, factors);

/** Σ cᵢ·pᵢ multiplied out, as its rational content and the sum with its common factors out (led by a plus sign). */
function coefficient(parts: readonly Term[]): [Expr, Expr] {
  const sum = expandAll(parts.map((p) => scale(p.expr, p.coeff)));
  if (sum.kind !== 'add') return [ONE, sum];
  const g = sum.terms.reduce((acc, t) => Q.gcdOf(acc, t.coeff), Q.isZero(sum.constant) ? Q.ZERO : Q.abs(sum.constant));
  const k = Q.isNegative(sum.terms[0]!.coeff) ? Q.neg(Q.abs(g)) : Q.abs(g);
  // Term by term: scale would keep (1/k)·sum a product.
  const divided = new Map(sum.terms.map((t) => [t.expr, Q.div(t.coeff, k)]));
  return [num(k), pullContent(addFromTerms(Q.div(sum.constant, k), divided))];
}
