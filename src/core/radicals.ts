// Products of square roots written as one root: √2·√q = √(2q), with equal
// radicands cancelled on the way: √N·k/√(N(4c² − k²)) = k/√(4c² − k²)
// (the line contact of kozlov1988, Th. 3), and a number's square factors
// taken out: 2k/√(4(c² − k²)) = k/√(c² − k²).
//
// Invariant: combineRadicals(e, positive) equals
// e for real values of its symbols wherever e is real: √a·√b = √(ab) holds
// when a > 0, so radicands are split and joined only while every one but
// at most one of those joined is proven positive (numbers > 0, and the
// symbols `positive` vouches for: the caller's assumptions, e.g. a
// stiffness N > 0); √x·√x = x needs nothing.
// Tests: test/core/radicals.test.ts.
import * as Q from './rational.js';
import type { Rational } from './rational.js';
import { addAll, HALF, mulAll, num, ONE, pow, type Expr } from './expr.js';
import { collectFactors } from './factor.js';
import { memoPass, mapChildren } from './traverse.js';

/** Whether e > 0 for every real value of its symbols that `positive` vouches for. */
export function provenPositive(e: Expr, positive: (s: Expr) => boolean): boolean {
  switch (e.kind) {
    case 'num':
      return positiveNumber(e.value);
    case 'sym':
      return positive(e);
    case 'add':
      return (
        !Q.isNegative(e.constant) &&
        e.terms.every((t) => positiveNumber(t.coeff) && provenPositive(t.expr, positive)) &&
        (e.terms.length > 0 || positiveNumber(e.constant))
      );
    case 'mul':
      return positiveNumber(e.coeff) && e.factors.every((f) => provenPositive(f.base, positive));
    case 'pow':
      return provenPositive(e.base, positive);
    case 'fn':
      return e.name === 'exp' || positive(e);
    default:
      return false;
  }
}

const nobody = (): boolean => false;
const positiveNumber = (a: Rational): boolean => a.n > 0;

/** e with the square roots of each product joined into one above the line and one below, equal radicands cancelled (see the header for when). */
export function combineRadicals(e: Expr, positive: (s: Expr) => boolean = nobody): Expr {
  return memoPass<Expr>((u, go) => {
    const v = mapChildren(u, go);
    return v.kind === 'mul' || v.kind === 'pow' ? joinRoots(v, positive) : v;
  })(e);
}

/** A radicand's pieces: base → exponent count in halves (√x·√x is 2, 1/√x is −1). */
type Halves = Map<Expr, number>;

function joinRoots(u: Expr & { kind: 'mul' | 'pow' }, positive: (s: Expr) => boolean): Expr {
  const factors = u.kind === 'mul' ? u.factors : [{ base: u.base, exp: u.exp }];
  const rest: Expr[] = [num(u.kind === 'mul' ? u.coeff : Q.ONE)];
  const halves: Halves = new Map();
  let roots = 0;
  for (const f of factors) {
    // Only √x and 1/√x: x^{3/2} is kept as written ((q + νq̇/k)^{3/2}, kuleshov2011 (5.4)).
    if (f.exp.kind !== 'num' || f.exp.value.d !== 2 || Math.abs(f.exp.value.n) !== 1) {
      rest.push(pow(f.base, f.exp));
      continue;
    }
    roots++;
    const sign = f.exp.value.n;
    for (const [b, h] of pieces(f.base, positive)) halves.set(b, (halves.get(b) ?? 0) + sign * h);
  }
  if (roots === 0) return u;
  // A sum whose every term has √b, in a product with 1/√b: (√N·k + N·ν)/√(N·X) = (k + √N·ν)/√X.
  for (let i = 1; i < rest.length; i++) {
    const sum = rest[i]!;
    if (sum.kind !== 'add' || !Q.isZero(sum.constant)) continue;
    for (const [b, h] of halves) {
      if (h >= 0 || !sum.terms.every((t) => hasRoot(t.expr, b))) continue;
      rest[i] = addAll(sum.terms.map((t) => mulAll([num(t.coeff), t.expr, pow(b, num(Q.rat(-1, 2)))])));
      halves.set(b, h + 1);
      break;
    }
  }
  // A whole power of a radicand piece left by itself joins its root: N·ν/√(N·X) = √N·ν/√X.
  for (let i = 1; i < rest.length; i++) {
    const f = rest[i]!;
    const [b, n] = f.kind === 'pow' && f.exp.kind === 'num' && f.exp.value.d === 1 ? [f.base, f.exp.value.n] : [f, 1];
    const h = halves.get(b);
    if (h === undefined || h % 2 === 0) continue;
    halves.set(b, h + 2 * n);
    rest[i] = ONE;
  }
  // Whole powers out (√x·√x = x), then the halves left over above and below the line.
  const above: Expr[] = [];
  const below: Expr[] = [];
  let numbers = Q.ONE;
  for (const [b, h] of halves) {
    rest.push(pow(b, num(Q.rat(Math.trunc(h / 2)))));
    if (h % 2 === 0) continue;
    if (b.kind === 'num' && b.value.n > 0) numbers = h > 0 ? Q.mul(numbers, b.value) : Q.div(numbers, b.value);
    else (h > 0 ? above : below).push(b);
  }
  // The numbers' square factors leave their roots: √(4X) = 2√X, √2/√(8X) = 1/(2√X).
  const [outside, n, d] = squareOut(numbers);
  rest.push(num(outside));
  if (n > 1) above.unshift(num(Q.rat(n)));
  if (d > 1) below.unshift(num(Q.rat(d)));
  // One root above the line and one below, as fractions print them (a root of a quotient would nest one fraction in another).
  const unproven = (bs: readonly Expr[]): number => bs.filter((b) => !provenPositive(b, positive)).length;
  if (unproven(above) > 1 || unproven(below) > 1) return u;
  if (above.length) rest.push(pow(mulAll(above), HALF));
  if (below.length) rest.push(pow(mulAll(below), num(Q.rat(-1, 2))));
  return mulAll(rest);
}

/** A positive rational r as s²·n/d with n and d square-free: [s, n, d]. */
function squareOut(r: Rational): [Rational, number, number] {
  const split = (x: number): [number, number] => {
    let s = 1;
    if (x > 1e12) return [s, x]; // trial division to √x: a mechanics coefficient is small
    for (let k = 2; k * k <= x; k++) {
      while (x % (k * k) === 0) {
        x /= k * k;
        s *= k;
      }
    }
    return [s, x];
  };
  const [sn, n] = split(r.n);
  const [sd, d] = split(r.d);
  return [Q.rat(sn, sd), n, d];
}

/** Whether the product t has b to a power ≥ 1/2 (so that t/√b has no 1/√b). */
function hasRoot(t: Expr, b: Expr): boolean {
  const fs = t.kind === 'mul' ? t.factors : t.kind === 'pow' ? [{ base: t.base, exp: t.exp }] : [{ base: t, exp: ONE }];
  return fs.some((f) => f.base === b && f.exp.kind === 'num' && Q.cmp(f.exp.value, Q.HALF) >= 0);
}

/**
 * The radicand x as pieces to take the root of one by one: its factors
 * (numbers and common factors of a sum first pulled out) while all but one
 * are proven positive, else x whole.
 */
function pieces(x: Expr, positive: (s: Expr) => boolean): [Expr, number][] {
  const c = x.kind === 'add' ? collectFactors(x) : x;
  if (c.kind !== 'mul' || Q.isNegative(c.coeff)) return [[c, 1]];
  const ps: [Expr, number][] = c.factors.map((f) => (f.exp.kind === 'num' && f.exp.value.d === 1 ? [f.base, f.exp.value.n] : [pow(f.base, f.exp), 1]));
  if (!Q.isOne(c.coeff)) ps.unshift([num(c.coeff), 1]);
  // √(b²x) = b√x only for b ≥ 0: a piece not proven positive goes alone and to the first power.
  const unproven = ps.filter(([b]) => !provenPositive(b, positive));
  if (unproven.length === 0 || (unproven.length === 1 && unproven[0]![1] === 1)) return ps;
  // The positive number still splits off: √(4NX) = √4·√(NX) whatever the signs of N and X.
  return Q.isOne(c.coeff)
    ? [[c, 1]]
    : [
        [num(c.coeff), 1],
        [mulAll(c.factors.map((f) => pow(f.base, f.exp))), 1],
      ];
}
