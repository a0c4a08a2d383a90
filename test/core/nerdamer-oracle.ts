// nerdamer as an independent CAS oracle for differential tests: our
// expressions are printed in nerdamer's syntax (fully parenthesized, exact
// rationals), nerdamer differentiates, expands or simplifies, and its result
// is evaluated by nerdamer itself at the same points as ours.
//
// Known nerdamer 1.1.13 bugs met by these tests (each disagreement is
// arbitrated by evaluating our expression and finite differences, never
// by trusting either side):
//  - diff: the product rule with a square-root factor corrupts that factor:
//    diff(x*sqrt(x+1), x) gives (1/2)(1+x)^(-1/2)·x + sqrt((1+x)^(1/2)),
//    i.e. (1+x)^(1/4) where (1+x)^(1/2) belongs, and diff(exp(x)*sqrt(x), x)
//    gives e^x·sqrt((1/2)x^(-1/2)). Reported upstream as jiggzson/nerdamer#675
//    (open). Only exponents ±1/2 are affected (x·(x+1)^(3/2) is right).
//  - diff: the square root of a function call is not differentiated at all:
//    diff(sqrt(cos(y)), y) returns diff(sqrt(cos(y)),y) unevaluated (which
//    evaluates to 0), diff(cos(sin(y))^(1/2), y) returns
//    cos(y)·diff(sqrt(cos(sin(y))),y), and diff(sqrt(exp(y)), y) throws
//    "Cannot read properties of undefined (reading 'clone')" (the family of
//    jiggzson/nerdamer#610). cos(y)^(3/2) is right.
//  - evaluate: a rational power of a decimal with many digits evaluates to
//    0 (z^(3/2) at z = 0.7430196914821863 gives 0; with 9 digits it is off
//    by 1e-8), a bigpow overflow like together-science/nerdamer-prime#39.
//    Oracle points therefore have two decimals (`oraclePoint`).
//  - simplify: simplify(m1 + m2 - m2*cos(q1-q2)^2) returns
//    -(-cos(q1-q2)^2·m2 + m1 + m2), the negation of its input (sign errors
//    of simplify are a known family upstream: #623, #669, #580).
import nerdamer from 'nerdamer';
import 'nerdamer/Algebra.js';
import 'nerdamer/Calculus.js';
import type { Env } from '../../src/core/evaluate.js';
import type { Expr } from '../../src/core/expr.js';
import type { Rational } from '../../src/core/rational.js';
import { SYMBOLS, type Random } from './random-expr.js';

const rat = (r: Rational): string => (r.d === 1 ? `(${r.n})` : `(${r.n}/${r.d})`);

/** e in nerdamer's syntax, every operation parenthesized. */
export function toNerdamer(e: Expr): string {
  switch (e.kind) {
    case 'num':
      return rat(e.value);
    case 'sym':
      return e.name;
    case 'add':
      return `(${[rat(e.constant), ...e.terms.map((t) => `${rat(t.coeff)}*${toNerdamer(t.expr)}`)].join('+')})`;
    case 'mul':
      return `(${[rat(e.coeff), ...e.factors.map((f) => `(${toNerdamer(f.base)})^(${toNerdamer(f.exp)})`)].join('*')})`;
    case 'pow':
      return `((${toNerdamer(e.base)})^(${toNerdamer(e.exp)}))`;
    case 'fn':
      return `${e.name}(${e.args.map(toNerdamer).join(',')})`;
  }
}

/**
 * A point with x, y, z in [0.2, 1.4] with two decimals: nerdamer evaluates
 * fractional powers of short decimals accurately, of long ones not at all.
 */
export function oraclePoint(r: Random): Env {
  const env: Record<string, number> = {};
  for (const s of SYMBOLS) env[s] = Math.round(20 + 120 * r()) / 100;
  return env;
}

/** nerdamer's own value of a nerdamer expression at env (NaN when not a real number). */
export function nerdamerValue(text: string, env: Env): number {
  const subs: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) subs[k] = String(v);
  try {
    const out = nerdamer(text, subs).evaluate().text('decimals');
    // Complex results print with an i; nothing to compare.
    return /i/.test(out) ? NaN : Number(out);
  } catch {
    return NaN;
  }
}

// Called through the parser, not as nerdamer.diff(…): the latter evaluates
// its result, turning e into 325368125/119696244 and exact forms into floats.
/** nerdamer's ∂e/∂x, or undefined when nerdamer throws. */
export function nerdamerDiff(e: Expr, x: string): string | undefined {
  try {
    return nerdamer(`diff(${toNerdamer(e)},${x})`).toString();
  } catch {
    return undefined;
  }
}
export const nerdamerExpand = (e: Expr): string => nerdamer(`expand(${toNerdamer(e)})`).toString();
export const nerdamerSimplify = (e: Expr): string => nerdamer(`simplify(${toNerdamer(e)})`).toString();

/** True when e has a power with exponent ±1/2 (the trigger of nerdamer's diff bugs above). */
export function hasSquareRoot(e: Expr): boolean {
  const half = (u: Expr): boolean => u.kind === 'num' && u.value.d === 2 && Math.abs(u.value.n) === 1;
  switch (e.kind) {
    case 'num':
    case 'sym':
      return false;
    case 'add':
      return e.terms.some((t) => hasSquareRoot(t.expr));
    case 'mul':
      return e.factors.some((f) => half(f.exp) || hasSquareRoot(f.base) || hasSquareRoot(f.exp));
    case 'pow':
      return half(e.exp) || hasSquareRoot(e.base) || hasSquareRoot(e.exp);
    case 'fn':
      return e.args.some(hasSquareRoot);
  }
}
