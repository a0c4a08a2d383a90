// A paper's inequality greater > smaller proved on a domain (positivity.ts,
// sign.ts): reduced to one expression that must be positive, then each of
// its factors proved positive, or the claim is left unproved.
//  - Both sides proved positive: their logarithms are compared instead, each
//    split over products and powers (ln(r^k) = k ln r) where every argument
//    is proved positive. Rubanovich–Formalsky (2.9)'s ν = r^k < 1 becomes
//    −(π/α)(ln(I* + cos 2α) − ln(1 + I*)) > 0, which interval arithmetic
//    proves near α = 0 although ν → 1 there.
//  - A rate in s, s = S(p) of one parameter: the claim is about
//    d(greater − smaller)/ds = (d/dp)/(dS/dp); of the logarithm when the
//    difference is positive (the same sign).
// Tests: test/derive/proofs/claims.test.ts.
import { add, fn, mul, num, pow, sub, ZERO, type Expr } from '../../core/expr.js';
import * as Q from '../../core/rational.js';
import { cancel } from '../../core/cancel.js';
import { diff } from '../../core/diff.js';
import { together } from '../../core/together.js';
import { simplify } from '../../core/trig.js';
import { reduceCondition } from '../unilateral/admissibility.js';
import { signOn, type Domain } from './sign.js';

export interface ClaimProof {
  /** What has to be positive for the claim, as proved (or left undecided). */
  readonly positive: Expr;
  readonly holds: boolean;
  /** The sides compared as they are, or by their logarithms. */
  readonly via: 'difference' | 'logarithms';
}

/** The rate of a claim: d/ds with s = S(p). */
export interface ClaimRate {
  readonly parameter: string;
  readonly of: Expr;
}

export function proveClaim(greater: Expr, smaller: Expr, domain: Domain, rate?: ClaimRate): ClaimProof {
  const positive = (e: Expr): boolean => signOn(e, domain) === 'positive' || reduceCondition(together(e), domain) === 'always';
  let via: ClaimProof['via'] = 'difference';
  let target: Expr;
  if (rate) {
    const difference = sub(greater, smaller);
    const logs = positive(difference) ? logarithm(difference, positive) : undefined;
    if (logs) via = 'logarithms';
    target = mul(diff(logs ?? difference, rate.parameter), pow(diff(rate.of, rate.parameter), num(-1)));
  } else {
    const logs = smaller !== ZERO && positive(greater) && positive(smaller) ? [logarithm(greater, positive), logarithm(smaller, positive)] : [];
    if (logs[0] && logs[1]) {
      via = 'logarithms';
      target = sub(logs[0], logs[1]);
    } else target = sub(greater, smaller);
  }
  const shown = together(simplify(target));
  return { positive: shown, holds: reduceCondition(shown, domain) === 'always', via };
}

/** ln e split over its product and powers, every argument proved positive; undefined where one is not. */
function logarithm(e: Expr, positive: (e: Expr) => boolean): Expr | undefined {
  const c = cancel(e);
  const parts: Expr[] = [];
  const split = (u: Expr, k: Expr): boolean => {
    if (u.kind === 'num') {
      const ok = !Q.isNegative(u.value) && !Q.isZero(u.value);
      if (ok && !Q.isOne(u.value)) parts.push(mul(k, fn('log', u)));
      return ok;
    }
    if (u.kind === 'pow') return split(u.base, mul(k, u.exp));
    if (u.kind === 'mul') return split(num(u.coeff), k) && u.factors.every((f) => split(f.base, mul(k, f.exp)));
    if (u.kind === 'fn' && u.name === 'exp') {
      parts.push(mul(k, u.args[0]!));
      return true;
    }
    // A sum of quotients (I*/(1 + I*) + cos 2α/(1 + I*)) is split over its common denominator.
    const over = u.kind === 'add' ? together(u) : u;
    if (over !== u && over.kind !== 'add') return split(over, k);
    parts.push(mul(k, fn('log', u)));
    return positive(u);
  };
  return split(c, num(1)) ? add(...parts) : undefined;
}
