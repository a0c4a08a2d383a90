// ln u between its tangent bounds, 1 − 1/u ≤ ln u ≤ u − 1 for u > 0: in a
// sum, each term c·ln u replaced by the bound on the side of c's sign is
// smaller than the term, so the sum with every replacement positive proves
// the sum positive. It turns u ln u, whose enclosure is useless where u → 0
// (0 · −∞), into u − 1: rubanovich1981 (2.9)'s dν/dk near k = 4, I* = 0,
// where ν's base (I* + cos(2π/k))/(1 + I*) vanishes.
// Tests: test/derive/proofs/claims.test.ts.
import { add, mul, neg, num, ONE, pow, sub, type Expr } from '../../core/expr.js';
import * as Q from '../../core/rational.js';
import { expand } from '../../core/expand.js';
import { proveNonnegative } from './nonnegative.js';
import { signOn, type Domain } from './sign.js';

/** A lower bound of e with its logarithms replaced (undefined: e has none, or a log's coefficient or argument has no proved sign). */
export function logMinorant(e: Expr, domain: Domain): Expr | undefined {
  if (e.kind === 'mul') {
    // One factor with logarithms, to the power 1, the others proved positive: the product with that factor
    // replaced by a smaller one is positive only if the smaller factor is, and then so is the factor itself.
    const logs = e.factors.filter((f) => hasLog(f.base));
    const others = e.factors.filter((f) => !hasLog(f.base));
    if (logs.length !== 1 || logs[0]!.exp !== ONE || Q.isNegative(e.coeff)) return undefined;
    if (others.some((f) => signOn(f.base, domain) !== 'positive')) return undefined;
    const lower = sumMinorant(logs[0]!.base, domain);
    return lower && mul(num(e.coeff), lower, ...others.map((f) => pow(f.base, f.exp)));
  }
  return hasLog(e) ? sumMinorant(e, domain) : undefined;
}

function sumMinorant(e: Expr, domain: Domain): Expr | undefined {
  const sum = expand(e);
  const terms = sum.kind === 'add' ? sum.terms.map((t) => mul(num(t.coeff), t.expr)) : [sum];
  // The terms of one logarithm collected, c₁ ln u + c₂ ln u = (c₁ + c₂) ln u: its coefficient's sign is
  // the sum's ((I* + cos 2α) ln r where cos 2α alone changes sign).
  const plain: Expr[] = [];
  const byLog = new Map<Expr, Expr[]>();
  for (const t of terms) {
    const split = logFactor(t);
    if (split === 'none') plain.push(t);
    else if (!split) return undefined;
    else byLog.set(split.log, [...(byLog.get(split.log) ?? []), split.coefficient]);
  }
  const bounded = [...byLog].map(([log, cs]) => bound(log, add(...cs), domain));
  if (bounded.some((t) => !t)) return undefined;
  return add(...(sum.kind === 'add' ? [num(sum.constant)] : []), ...plain, ...bounded.map((t) => t!));
}

/** t = c·ln u with c free of logarithms ('none': t has no logarithm; undefined: one it cannot be split at). */
function logFactor(t: Expr): { log: Expr; coefficient: Expr } | 'none' | undefined {
  const logs = t.kind === 'mul' ? t.factors.filter((f) => isLog(f.base)) : isLog(t) ? [{ base: t, exp: ONE }] : [];
  if (logs.length === 0) return hasLog(t) ? undefined : 'none';
  if (logs.length > 1 || logs[0]!.exp !== ONE) return undefined;
  const log = logs[0]!.base;
  const coefficient = mul(t, pow(log, num(-1)));
  return hasLog(coefficient) ? undefined : { log, coefficient };
}

/** c·ln u as c(1 − 1/u) for c ≥ 0, c(u − 1) for c ≤ 0. */
function bound(log: Expr, c: Expr, domain: Domain): Expr | undefined {
  const u = log.kind === 'fn' ? log.args[0]! : log;
  if (signOn(u, domain) !== 'positive') return undefined;
  // c ≥ 0 (c ≤ 0) is enough: a term whose c vanishes somewhere is 0 there, and so is its bound.
  const weak = (x: Expr): boolean => {
    const p = proveNonnegative(x, domain);
    return p.holds && p.nonzero.length === 0;
  };
  if (weak(c)) return mul(c, sub(ONE, pow(u, num(-1))));
  if (weak(neg(c))) return mul(c, sub(u, ONE));
  return undefined;
}

const isLog = (e: Expr): boolean => e.kind === 'fn' && e.name === 'log';

function hasLog(e: Expr): boolean {
  switch (e.kind) {
    case 'num':
    case 'sym':
      return false;
    case 'fn':
      return e.name === 'log' || e.args.some(hasLog);
    case 'add':
      return e.terms.some((t) => hasLog(t.expr));
    case 'mul':
      return e.factors.some((f) => hasLog(f.base) || hasLog(f.exp));
    case 'pow':
      return hasLog(e.base) || hasLog(e.exp);
  }
}
