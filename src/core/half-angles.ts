// A number plus a multiple of cos 2x written through the half angle's
// square: c + k cos 2x = (c + k) − 2k sin²x, its content a factor, the
// papers' 1 + 3 sin²α rather than 5/3 − cos 2α (through cos²x, (c − k) +
// 2k cos²x, where that number is the smaller, as in-cosines.ts chooses).
// The kernel's shortest form (trig.ts trigCost) prefers the square at equal
// length, but a square costs one operation more than a cosine, so an angle
// already doubled tips it the other way: the hinged compass's phases print
// 7 + 9 sin²(a₁ − a₂) and its impact, at a₁ − a₂ = 2β, printed the same
// quantity as (23 − 9 cos 4β)/2. Here one quantity prints in one angle.
// Only a number and one cosine of an angle whose coefficients are all even;
// a cosine beside a symbol (I* + cos 2α, rubanovich1981 (2.6)) stays as the
// paper prints it. Only the report's printing (report/notation.ts tidy)
// applies it: throughout before quotients are cancelled, so that the
// content cancels, 2Y/(23 − 9 cos 4β) = Y/(7 + 9 sin²2β), and to each sum
// the cancelling collects.
// Tests: test/core/half-angles.test.ts.
import { add, cos, mul, num, pow, sin, type Expr } from './expr.js';
import * as Q from './rational.js';
import { mapChildren, memoPass } from './traverse.js';

/** The angle x of cos 2x, where u's coefficients are all even integers; else undefined. */
function halfOf(u: Expr): Expr | undefined {
  if (u.kind !== 'fn' || u.name !== 'cos') return undefined;
  const a = u.args[0]!;
  const coeffs = a.kind === 'add' ? (Q.isZero(a.constant) ? a.terms.map((t) => t.coeff) : []) : a.kind === 'mul' ? [a.coeff] : [];
  return coeffs.length > 0 && coeffs.every((c) => Q.isInteger(c) && c.n % 2 === 0) ? mul(num(Q.HALF), a) : undefined;
}

/**
 * c + k cos 2x as g·((c + k)/g − (2k/g) sin²x), g the content of c + k and 2k, or through cos²x,
 * (c − k) + 2k cos²x, where that number is the smaller (as in-cosines.ts chooses between the two,
 * so that tidying twice changes nothing); any other expression as it is.
 */
export function inHalfAngle(u: Expr): Expr {
  if (u.kind !== 'add' || u.terms.length !== 1 || Q.isZero(u.constant)) return u;
  const { coeff, expr } = u.terms[0]!;
  const x = halfOf(expr);
  if (!x) return u;
  const twice = Q.add(coeff, coeff);
  const [inSines, inCosines] = [Q.add(u.constant, coeff), Q.sub(u.constant, coeff)];
  const [c, k, f] = Q.cmp(Q.abs(inCosines), Q.abs(inSines)) < 0 ? [inCosines, twice, cos(x)] : [inSines, Q.neg(twice), sin(x)];
  if (Q.isZero(c)) return mul(num(k), pow(f, 2));
  const g = Q.gcdOf(c, k);
  return mul(num(g), add(num(Q.div(c, g)), mul(num(Q.div(k, g)), pow(f, 2))));
}

/** e with every sum c + k cos 2x, throughout, written through sin²x. */
export function halfAngleSquares(e: Expr): Expr {
  // A pass per call: its memo must not outlive the expression (a long-lived process prints model after model).
  return memoPass<Expr>((u, go) => inHalfAngle(mapChildren(u, go)))(e);
}
