// A polynomial in one base printed flat, c₀ + c₁xᵃ + c₂xᵇ + …, its common
// number and power of x taken out, not in the Horner nesting collectFactors
// makes of it: rubanovich1981's hinged compass slips with the denominator
// 1 + 15 sin²β − 9 sin⁴β, not 1 + 3(5 − 3 sin²β) sin²β. Printed, a power is
// a superscript, so the nesting saves a reader no operation; a polynomial
// in sin²x or cos²x goes into cos 2x where that prints fewer operations.
// Equal to its input; only the report's printing (report/notation.ts tidy)
// applies it. Tests: test/core/flat-polynomial.test.ts.
import * as Q from './rational.js';
import { add, cos, mul, num, pow, TWO, type Expr } from './expr.js';
import { expand } from './expand.js';
import { opCount } from './cost.js';

/** e's terms as powers of one base x (not a number, sum or product), with their numbers; undefined if e is no such sum. */
function powersOf(e: Expr): { x: Expr; constant: Q.Rational; terms: { coeff: Q.Rational; k: number }[] } | undefined {
  if (e.kind !== 'add') return undefined;
  let x: Expr | undefined;
  const terms: { coeff: Q.Rational; k: number }[] = [];
  for (const { coeff, expr } of e.terms) {
    const [base, k] = expr.kind === 'pow' && expr.exp.kind === 'num' && Q.isInteger(expr.exp.value) ? [expr.base, expr.exp.value.n] : [expr, 1];
    if (k < 1 || base.kind === 'num' || base.kind === 'add' || base.kind === 'mul' || (x !== undefined && base !== x)) return undefined;
    x = base;
    terms.push({ coeff, k });
  }
  return { x: x!, constant: e.constant, terms };
}

/** The flat polynomial with its common number and power of x taken out. */
function flat(x: Expr, constant: Q.Rational, terms: readonly { coeff: Q.Rational; k: number }[]): Expr {
  const lowest = Q.isZero(constant) ? Math.min(...terms.map((t) => t.k)) : 0;
  const g = terms.reduce((a, t) => Q.gcdOf(a, t.coeff), constant);
  const sum = add(num(Q.div(constant, g)), ...terms.map((t) => mul(num(Q.div(t.coeff, g)), pow(x, t.k - lowest))));
  return mul(num(g), pow(x, lowest), sum);
}

/** A polynomial in sin²a or cos²a written in cos 2a (sin²a = (1 − cos 2a)/2), multiplied out; undefined for another. */
function inDoubleAngle(x: Expr, constant: Q.Rational, terms: readonly { coeff: Q.Rational; k: number }[]): Expr | undefined {
  if (x.kind !== 'fn' || (x.name !== 'sin' && x.name !== 'cos') || terms.some((t) => t.k % 2 !== 0)) return undefined;
  const c = cos(mul(TWO, x.args[0]!));
  const square = mul(num(Q.HALF), add(num(1), x.name === 'sin' ? mul(num(-1), c) : c));
  return expand(add(num(constant), ...terms.map((t) => mul(num(t.coeff), pow(square, t.k / 2)))));
}

/**
 * e flat, or in the double angle where that has fewer printed operations,
 * if e is a polynomial of two powers or more of one base; undefined
 * otherwise. The caller keeps its nested form where that prints fewer.
 */
export function flatPolynomial(e: Expr): Expr | undefined {
  const p = powersOf(e);
  if (!p || p.terms.length < 2) return undefined;
  const plain = flat(p.x, p.constant, p.terms);
  const doubled = inDoubleAngle(p.x, p.constant, p.terms);
  const q = doubled && powersOf(doubled);
  const other = q && flat(q.x, q.constant, q.terms);
  return other && opCount(other, true) < opCount(plain, true) ? other : plain;
}
