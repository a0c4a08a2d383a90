// A polynomial split by its contents: P = c·(P/c) for c the gcd of P's
// coefficients in one of its variables, recursively, each factor written
// back with its common factors collected. No factorization beyond that,
// but it finds a factor that is a sum of several variables, which
// collectFactors (one shared monomial at a time) does not: the prism's
// frictionless determinant a₁X − a₂X, X = a₃(b₄ − b₅) + …, is
// (a₁ − a₂)X (smirnov1981 §2, the five pairs' Δ₀).
// Tests: test/core/content-factors.test.ts.
import { mulAll, type Expr } from './expr.js';
import { collectFactors } from './factor.js';
import { contentIn } from './gcd.js';
import { collectAtoms, degree, divExact, fromExpr, isConstant, ringOf, toExpr, variablesOf, type Poly } from './poly.js';

/** The factors of p by its contents, in the order of the ring's variables. */
function split(p: Poly): Poly[] {
  for (const i of variablesOf(p)) {
    const c = contentIn(p, i);
    if (isConstant(c) || degree(p, i) === 0) continue;
    return [...split(c), ...split(divExact(p, c)!)];
  }
  return [p];
}

/** e, a polynomial in its atoms, as the product of its content factors (e itself where it has none). */
export function contentFactored(e: Expr): Expr {
  const atoms = new Set<Expr>();
  collectAtoms(e, atoms);
  const ring = ringOf(atoms);
  const { poly, den } = fromExpr(e, ring);
  const factors = split(poly);
  if (factors.length < 2) return e;
  return mulAll(factors.map((f, k) => collectFactors(toExpr(f, ring, k === 0 ? den : 1n))));
}
