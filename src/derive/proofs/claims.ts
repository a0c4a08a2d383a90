// A paper's inequality greater > smaller proved on a domain (positivity.ts,
// sign.ts): reduced to one expression that must be positive, then each of
// its factors proved positive, or the claim is left unproved.
//  - Both sides proved positive: their logarithms are compared instead, each
//    split over products and powers (ln(r^k) = k ln r) where every argument
//    is proved positive. rubanovich1981 (2.9)'s ν = r^k < 1 becomes
//    −(π/α)(ln(I* + cos 2α) − ln(1 + I*)) > 0, which interval arithmetic
//    proves near α = 0 although ν → 1 there.
//  - A rate in s, s = S(p) of one parameter: the claim is about
//    d(greater − smaller)/ds = (d/dp)/(dS/dp); of the logarithm when the
//    difference is positive (the same sign).
//  - A quadratic form in two pre-impact velocities, positive for every
//    velocity but 0: Sylvester's criterion on its Hessian
//    (rubanovich1981 (3.14): ΔT > 0 because G > 0).
// Tests: test/derive/proofs/claims.test.ts.
import { add, dependsOn, fn, HALF, mul, num, pow, sub, sym, ZERO, type Expr } from '../../core/expr.js';
import * as Q from '../../core/rational.js';
import { cancel } from '../../core/cancel.js';
import { diff } from '../../core/diff.js';
import { together } from '../../core/together.js';
import { simplify } from '../../core/trig.js';
import { reduceCondition } from '../unilateral/admissibility.js';
import { signOn, type Domain } from './sign.js';

export interface ClaimProof {
  /** What has to be positive for the claim (Sylvester's two minors for a quadratic form), as proved or left undecided. */
  readonly positive: readonly Expr[];
  readonly holds: boolean;
  /** The sides compared as they are, by their logarithms, or as a quadratic form in the velocities. */
  readonly via: 'difference' | 'logarithms' | 'quadratic form';
}

/** The rate of a claim: d/ds with s = S(p). */
export interface ClaimRate {
  readonly parameter: string;
  readonly of: Expr;
}

/**
 * greater > smaller on the domain; `velocities` are symbols the claim must
 * hold for every non-zero value of (impact facts are homogeneous in the
 * pre-impact velocities): a quadratic form in two of them is positive
 * definite by Sylvester's criterion, h₁₁ > 0 and h₁₁h₂₂ − h₁₂² > 0.
 */
export function proveClaim(greater: Expr, smaller: Expr, domain: Domain, rate?: ClaimRate, velocities: readonly string[] = []): ClaimProof {
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
  const shown = tidy(target);
  const named = velocities.filter((v) => dependsOn(shown, v));
  if (named.length === 0) return { positive: [shown], holds: reduceCondition(shown, domain) === 'always', via };
  const minors = named.length === 2 ? sylvester(shown, named as [string, string]) : undefined;
  if (!minors) return { positive: [shown], holds: false, via };
  return { positive: minors, holds: minors.every((e) => reduceCondition(e, domain) === 'always'), via: 'quadratic form' };
}

const tidy = (e: Expr): Expr => together(simplify(cancel(simplify(e))));

/** h₁₁ and h₁₁h₂₂ − h₁₂² of Q = ½ vᵀHv, or undefined where Q is not a quadratic form in v (Euler: Q − ½ vᵀHv = 0). */
function sylvester(Q: Expr, [a, b]: [string, string]): Expr[] | undefined {
  const h = (x: string, y: string): Expr => tidy(diff(diff(Q, x), y));
  const [haa, hab, hbb] = [h(a, a), h(a, b), h(b, b)];
  if ([haa, hab, hbb].some((e) => dependsOn(e, a) || dependsOn(e, b))) return undefined;
  const [va, vb] = [sym(a), sym(b)];
  const form = mul(HALF, add(mul(haa, va, va), mul(num(2), hab, va, vb), mul(hbb, vb, vb)));
  if (tidy(sub(Q, form)) !== ZERO) return undefined;
  return [haa, tidy(sub(mul(haa, hbb), mul(hab, hab)))];
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
