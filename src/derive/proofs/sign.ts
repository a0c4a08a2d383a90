// The sign of an expression where its symbols range over open intervals
// (the parameter assumptions of assumptions.ts): positive, negative, or
// unknown. Two kinds of evidence, both proofs:
//  - exact sign rules: a positive symbol, a sum of positive terms with a
//    non-negative constant, an even power of a non-zero base, exp, … ;
//  - interval arithmetic over the range box with branch and bound
//    (positivity.ts), for factors such as sin α on (0, π/2).
// "Unknown" means neither proof succeeded: the factor may change sign (as
// 1 − 3 sin²α does at Rubanovich–Formalsky's α₀) or the proof gave up.
import { collectFactors } from '../../core/factor.js';
import * as Q from '../../core/rational.js';
import { literalValue, mul, neg, num, ONE, unreachable, type Expr, type Factor } from '../../core/expr.js';
import { provePositive, type Domain } from './positivity.js';

export type { Domain, Variable } from './positivity.js';

export type Sign = 'positive' | 'negative' | 'unknown';

/** What the exact rules know of e's sign when every symbol in `positive` is > 0. */
type RuleSign = 'positive' | 'nonnegative' | 'unknown';

function ruleSign(e: Expr, positive: ReadonlySet<string>): RuleSign {
  switch (e.kind) {
    case 'num':
      return Q.isNegative(e.value) ? 'unknown' : Q.isZero(e.value) ? 'nonnegative' : 'positive';
    case 'sym':
      return positive.has(e.name) || e.name === 'pi' || (literalValue(e) ?? 0) > 0 ? 'positive' : 'unknown';
    case 'pow':
      return factorRuleSign({ base: e.base, exp: e.exp }, positive);
    case 'mul': {
      if (Q.isNegative(e.coeff)) return 'unknown';
      let all: RuleSign = 'positive';
      for (const f of e.factors) {
        const s = factorRuleSign(f, positive);
        if (s === 'unknown') return 'unknown';
        if (s === 'nonnegative') all = 'nonnegative';
      }
      return all;
    }
    case 'add': {
      if (Q.isNegative(e.constant)) return 'unknown';
      let strict = !Q.isZero(e.constant);
      for (const t of e.terms) {
        if (Q.isNegative(t.coeff)) return 'unknown';
        const s = ruleSign(t.expr, positive);
        if (s === 'unknown') return 'unknown';
        if (s === 'positive') strict = true;
      }
      return strict ? 'positive' : 'nonnegative';
    }
    case 'fn':
      if (e.name === 'exp') return 'positive';
      if (e.name === 'abs') return 'nonnegative';
      return 'unknown';
    default:
      return unreachable(e);
  }
}

function factorRuleSign(f: Factor, positive: ReadonlySet<string>): RuleSign {
  const base = ruleSign(f.base, positive);
  if (f.exp.kind === 'num' && f.exp.value.d === 1 && f.exp.value.n % 2 === 0) {
    // An even power is non-negative, positive when its base is.
    return base === 'positive' ? 'positive' : f.exp.value.n > 0 ? 'nonnegative' : 'unknown';
  }
  if (base === 'positive') return 'positive';
  if (base === 'nonnegative' && f.exp.kind === 'num' && !Q.isNegative(f.exp.value)) return 'nonnegative';
  return 'unknown';
}

/** Symbols that are > 0 throughout the domain (open intervals with a non-negative lower end). */
function positiveSymbols(domain: Domain): Set<string> {
  return new Set([...domain.variables].filter(([, v]) => v.bounds.lo >= 0).map(([name]) => name));
}

/**
 * A power of a base proved positive is positive whatever its exponent, and so
 * is a product of such: proved factor by factor where the enclosure of the
 * whole is not finite (rubanovich1981 (2.9)'s [(I* + cos 2α)/(1 + I*)]^{π/α}
 * near α = π/4, I* = 0, where the base tends to 0).
 */
function positiveFactors(e: Expr, domain: Domain): boolean {
  if (e.kind === 'pow') return signOn(e.base, domain) === 'positive';
  return e.kind === 'mul' && !Q.isNegative(e.coeff) && e.factors.every((f) => signOn(f.base, domain) === 'positive');
}

/** The sign of e throughout the domain, proved by the exact rules, factor by factor, or by interval branch and bound. */
export function signOn(e: Expr, domain: Domain): Sign {
  const positive = positiveSymbols(domain);
  if (ruleSign(e, positive) === 'positive' || positiveFactors(e, domain) || provePositive(e, domain)) return 'positive';
  const minus = neg(e);
  if (ruleSign(minus, positive) === 'positive' || provePositive(minus, domain)) return 'negative';
  return 'unknown';
}

/** e = coeff · Π baseᵢ^expᵢ with common factors pulled out of every sum, products flattened. */
export interface Factored {
  readonly coeff: Q.Rational;
  readonly factors: readonly Factor[];
}

export function factorize(e: Expr): Factored {
  const c = collectFactors(e);
  let coeff = Q.ONE;
  const factors: Factor[] = [];
  const push = (base: Expr, exp: Expr): void => {
    // (a·b)^k = a^k b^k for an integer k; a sum whose content was pulled out is split the same way.
    const inner = base.kind === 'add' ? collectFactors(base) : base;
    if (exp.kind === 'num' && exp.value.d === 1 && (inner.kind === 'mul' || inner.kind === 'num')) {
      const k = exp.value.n;
      if (inner.kind === 'num') {
        coeff = Q.mul(coeff, Q.powInt(inner.value, k));
        return;
      }
      coeff = Q.mul(coeff, Q.powInt(inner.coeff, k));
      for (const f of inner.factors) push(f.base, mul(f.exp, num(k)));
      return;
    }
    factors.push({ base: inner, exp });
  };
  if (c.kind === 'mul') {
    coeff = c.coeff;
    for (const f of c.factors) push(f.base, f.exp);
  } else if (c.kind === 'pow') push(c.base, c.exp);
  else push(c, ONE);
  return { coeff, factors };
}
