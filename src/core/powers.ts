// How far a power of a base may be taken out of a sum's terms.
//
// Taking √N out of N·A + √N·B leaves √N·(√N·A + B), a root times itself
// inside; a common power stops at the whole powers instead (N·A + √N·B
// stays, N^{3/2}·A + √N·B is √N·(N·A + B)). collectFactors and pullContent
// both take powers out by these rules.
//
// Invariant: commonPower(e, f) divides both powers and leaves each
// quotient's fractional part as it was (no new root inside).
// Tests: test/core/content.test.ts, test/core/factor.test.ts.
import * as Q from './rational.js';
import type { Rational } from './rational.js';

/** The power of one base common to x^e and x^f: same sign, the smaller, cut to a whole power where the other keeps a different root. */
export function commonPower(e: Rational, f: Rational): Rational | undefined {
  if (Q.isNegative(e) !== Q.isNegative(f)) return undefined;
  const [small, large] = Q.cmp(Q.abs(e), Q.abs(f)) <= 0 ? [e, f] : [f, e];
  const p = small.d === 1 || Q.sub(large, small).d === 1 ? small : Q.rat(Math.trunc(small.n / small.d));
  return Q.isZero(p) ? undefined : p;
}

/** Whether x^e divides x^f without leaving a root of x that x^f does not have. */
export function powerDivides(e: Rational, f: Rational): boolean {
  if (Q.isNegative(e) !== Q.isNegative(f) || Q.cmp(Q.abs(e), Q.abs(f)) > 0) return false;
  return e.d === 1 || Q.sub(f, e).d === 1;
}
