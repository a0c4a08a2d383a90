// Seeded random expressions for the kernel's property tests.
//
// Expressions are sums, products, integer and half powers, sin, cos and exp
// over the symbols x, y, z and small rationals, built only through the smart
// constructors. A seed always gives the same expression, so a failing case
// is reproduced by its seed alone.
import { add, cos, fn, mul, num, pow, sin, sym, type Expr } from '../../src/core/expr.js';
import { evaluate, type Env } from '../../src/core/evaluate.js';
import { rat } from '../../src/core/rational.js';
import { rng } from '../helpers/random.js';
export { rng };

export const SYMBOLS = ['x', 'y', 'z'] as const;

export type Random = () => number;

const pick = <T>(r: Random, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const int = (r: Random, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));

/** A small nonzero rational: ±1…±3 over 1, 2 or 3. */
export function randomRational(r: Random): Expr {
  const n = int(r, 1, 3) * (r() < 0.3 ? -1 : 1);
  return num(rat(n, pick(r, [1, 1, 2, 3])));
}

export interface ExprOptions {
  /** Nesting depth of operations (0 gives a leaf). */
  readonly depth: number;
  /** Allow exp (off where an oracle or a structural property would drown in it). */
  readonly exp?: boolean;
  /** Allow half powers (√, 1/√, x^(3/2)). */
  readonly halfPowers?: boolean;
  /** Allow negative integer powers (quotients). */
  readonly quotients?: boolean;
}

const INTEGER_POWERS = [2, 2, 3, -1, -2];
const HALF_POWERS = [rat(1, 2), rat(-1, 2), rat(3, 2)];

/** A random expression over x, y, z. */
export function randomExpr(r: Random, opts: ExprOptions): Expr {
  const { depth } = opts;
  if (depth <= 0 || r() < 0.15) return r() < 0.75 ? sym(pick(r, SYMBOLS)) : randomRational(r);
  const sub = (): Expr => randomExpr(r, { ...opts, depth: depth - 1 });
  const ops: string[] = ['add', 'add', 'mul', 'mul', 'pow', 'sin', 'cos'];
  if (opts.exp !== false) ops.push('exp');
  switch (pick(r, ops)) {
    case 'add':
      return add(...Array.from({ length: int(r, 2, 3) }, sub));
    case 'mul':
      return mul(...Array.from({ length: int(r, 2, 3) }, sub));
    case 'pow': {
      const powers = INTEGER_POWERS.filter((k) => k > 0 || opts.quotients !== false);
      const half = opts.halfPowers !== false && r() < 0.3;
      return half ? pow(sub(), num(pick(r, HALF_POWERS))) : pow(sub(), pick(r, powers));
    }
    case 'sin':
      return sin(sub());
    case 'cos':
      return cos(sub());
    default:
      // exp of a shallow argument keeps values in a range where relative
      // tolerances mean something (exp(exp(exp(x))) overflows quickly).
      return fn('exp', randomExpr(r, { ...opts, depth: Math.min(depth - 1, 1) }));
  }
}

/** `count` expressions from consecutive seeds starting at `seed`. */
export function randomExprs(seed: number, count: number, opts: ExprOptions): Expr[] {
  return Array.from({ length: count }, (_, i) => randomExpr(rng(seed + i), opts));
}

/** A random trig polynomial in x and y: 2–5 terms, each a product of powers of sines and cosines of n·x + m·y, |n|, |m| ≤ 2. */
export function randomTrigPolynomial(seed: number): Expr {
  const r = rng(seed);
  const int = (lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
  const angle = (): Expr => {
    const [n, m] = [int(-2, 2), int(-2, 2)];
    return n === 0 && m === 0 ? sym('x') : add(mul(num(n), sym('x')), mul(num(m), sym('y')));
  };
  const factor = (): Expr => pow((r() < 0.5 ? sin : cos)(angle()), int(1, 2));
  const term = (): Expr => mul(num(int(-3, 3) || 1), ...Array.from({ length: int(1, 3) }, factor));
  return add(...Array.from({ length: int(2, 5) }, term));
}

/** A random point with x, y, z in [lo, hi]. */
export function randomPoint(r: Random, lo = -1.5, hi = 1.5): Env {
  const env: Record<string, number> = {};
  for (const s of SYMBOLS) env[s] = lo + (hi - lo) * r();
  return env;
}

/**
 * Values at which comparing two evaluations is meaningful: finite and not
 * huge (a value of 1e8 built from cancelling terms carries absolute rounding
 * errors far above 1e-9).
 */
export function usable(v: number): boolean {
  return Number.isFinite(v) && Math.abs(v) < 1e6;
}

/** |a − b| ≤ tol·max(1, |a|, |b|): relative, absolute near zero. */
export function close(a: number, b: number, tol = 1e-9): boolean {
  return Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b));
}

/**
 * Numerical agreement of two expressions at `points` random points where
 * the reference `e` is usable. Returns the first disagreement, or undefined,
 * and how many points were actually compared.
 */
export function agreeNumerically(
  e: Expr,
  f: Expr,
  seed: number,
  points = 4,
  tol = 1e-9,
): { mismatch?: { env: Env; expected: number; actual: number }; compared: number } {
  const r = rng(seed);
  let compared = 0;
  for (let i = 0; i < points; i++) {
    const env = randomPoint(r);
    const expected = evaluate(e, env);
    if (!usable(expected)) continue;
    const actual = evaluate(f, env);
    compared++;
    if (!close(expected, actual, tol)) return { mismatch: { env, expected, actual }, compared };
  }
  return { compared };
}
