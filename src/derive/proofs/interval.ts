// Interval arithmetic with outward rounding: an enclosure [lo, hi] of the
// values an expression takes when each symbol ranges over its interval.
// It is what makes a sign decision a proof (admissibility.ts): if the
// enclosure of f over a box is (0, ∞) then f > 0 everywhere in the box.
//
// Soundness: every computed bound is moved outward past the exact result.
// IEEE operations (+, −, ×, ÷) round to nearest, so one ulp outward covers
// them; Math.sin, cos, exp, log, pow, asin, acos, atan, tan are not correctly
// rounded but stay within one or two ulps in V8 (fdlibm ports), so their
// bounds are moved FN_ULPS ulps outward. π is enclosed by the two doubles
// around it. Where a value is undefined or unbounded on the box (division
// by an interval containing 0, log of a non-positive number) the enclosure
// is the whole line, which decides nothing.
import { literalValue, unreachable, type Expr, type FnName } from '../../core/expr.js';
import * as Q from '../../core/rational.js';
import type { Rational } from '../../core/rational.js';

export interface Interval {
  readonly lo: number;
  readonly hi: number;
}

/** The interval of each free symbol; a missing symbol ranges over the whole line. */
export type Box = ReadonlyMap<string, Interval>;

export const WHOLE: Interval = { lo: -Infinity, hi: Infinity };

/** The box cut in two along the first of `names` (from `depth` on, in turn) that `halves` can cut; undefined where none can. */
export function splitBox(
  box: Box,
  names: readonly string[],
  depth: number,
  halves: (i: Interval) => [Interval, Interval] | undefined,
): [Map<string, Interval>, Map<string, Interval>] | undefined {
  for (let k = 0; k < names.length; k++) {
    const name = names[(depth + k) % names.length]!;
    const cut = halves(box.get(name)!);
    if (cut) return [new Map(box).set(name, cut[0]), new Map(box).set(name, cut[1])];
  }
  return undefined;
}

/** Ulps by which the bounds of library functions are widened (their error is ≤ 1 ulp in V8; 4 leaves a margin). */
const FN_ULPS = 4;

const f64 = new Float64Array(1);
const i64 = new BigInt64Array(f64.buffer);

/** The next double above x (x itself for +∞ and NaN). */
export function nextUp(x: number): number {
  if (Number.isNaN(x) || x === Infinity) return x;
  if (x === 0) return Number.MIN_VALUE;
  f64[0] = x;
  i64[0]! += x > 0 ? 1n : -1n;
  return f64[0]!;
}

export const nextDown = (x: number): number => -nextUp(-x);

function up(x: number, ulps = 1): number {
  let r = x;
  for (let k = 0; k < ulps; k++) r = nextUp(r);
  return r;
}

function down(x: number, ulps = 1): number {
  let r = x;
  for (let k = 0; k < ulps; k++) r = nextDown(r);
  return r;
}

/** [lo, hi] with NaN bounds (∞ − ∞, 0·∞ of an undefined result) replaced by the whole line. */
function interval(lo: number, hi: number): Interval {
  return Number.isNaN(lo) || Number.isNaN(hi) || lo > hi ? WHOLE : { lo, hi };
}

const point = (x: number): Interval => ({ lo: x, hi: x });

const PI: Interval = { lo: Math.PI, hi: nextUp(Math.PI) }; // Math.PI < π < nextUp(Math.PI)
/** A number atom (numberExpr) stands for its double exactly; any other unbound symbol may be anything. */
const numberInterval = (v: number | undefined): Interval => (v === undefined ? WHOLE : point(v));

/** A rational as an interval: a point when n/d is exact (integers, 1/2, 3/4), else the doubles around it. */
function rational(r: Rational): Interval {
  if (!Number.isSafeInteger(r.n) || !Number.isSafeInteger(r.d)) return { lo: down(Q.toNumber(r)), hi: up(Q.toNumber(r)) };
  const x = r.n / r.d;
  const exact = productError(x, r.d, x * r.d) === 0 && x * r.d === r.n;
  return exact ? point(x) : { lo: nextDown(x), hi: nextUp(x) };
}

/**
 * A rounded result r of an operation with exact value r + err (err from
 * an error-free transformation, NaN when unknown), moved outward only when
 * it is inexact: exact results (0 + x, 2·0.5) keep tight enclosures.
 */
const below = (r: number, err: number): number => (err >= 0 ? r : nextDown(r));
const above = (r: number, err: number): number => (err <= 0 ? r : nextUp(r));

/** The rounding error of x + y (Knuth's TwoSum): x + y = s + err exactly, when finite. */
function sumError(x: number, y: number, s: number): number {
  if (!Number.isFinite(s)) return Number.isNaN(s) ? NaN : 0;
  const yy = s - x;
  return x - (s - yy) + (y - yy);
}

/** Veltkamp's splitting factor 2^27 + 1 and the range where Dekker's product is error-free. */
const SPLIT = 134217729;
const SAFE = 1e150;
const TINY = 1e-140;

/** The rounding error of x·y (Dekker's TwoProduct), NaN outside the range where it is exact. */
function productError(x: number, y: number, p: number): number {
  if (x === 0 || y === 0 || !Number.isFinite(p)) return Number.isNaN(p) ? NaN : 0;
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  if (ax > SAFE || ay > SAFE || ax < TINY || ay < TINY) return NaN;
  const cx = SPLIT * x;
  const xh = cx - (cx - x);
  const xl = x - xh;
  const cy = SPLIT * y;
  const yh = cy - (cy - y);
  const yl = y - yh;
  return xh * yh - p + xh * yl + xl * yh + xl * yl;
}

export function addI(a: Interval, b: Interval): Interval {
  const lo = a.lo + b.lo;
  const hi = a.hi + b.hi;
  return interval(below(lo, sumError(a.lo, b.lo, lo)), above(hi, sumError(a.hi, b.hi, hi)));
}

/** Enclosure of the product of two bounds, with 0·∞ = 0 (the bound of a zero endpoint times an unbounded one). */
function times(x: number, y: number): Interval {
  if (x === 0 || y === 0) return point(0);
  const p = x * y;
  const err = productError(x, y, p);
  return { lo: below(p, err), hi: above(p, err) };
}

export function mulI(a: Interval, b: Interval): Interval {
  // The four products by name, not in an array mapped twice: a proof's enclosures multiply millions of times.
  const p = times(a.lo, b.lo),
    q = times(a.lo, b.hi),
    r = times(a.hi, b.lo),
    s = times(a.hi, b.hi);
  return interval(Math.min(p.lo, q.lo, r.lo, s.lo), Math.max(p.hi, q.hi, r.hi, s.hi));
}

/** 1/x, moved outward unless exact (x·(1/x) = 1 exactly, as for powers of two). */
function inverse(x: number): Interval {
  const r = 1 / x;
  const exact = Number.isFinite(r) && r !== 0 && productError(x, r, x * r) === 0 && x * r === 1;
  return exact ? point(r) : { lo: nextDown(r), hi: nextUp(r) };
}

function reciprocal(a: Interval): Interval {
  if (a.lo > 0 || a.hi < 0) return interval(inverse(a.hi).lo, inverse(a.lo).hi);
  // 1/x where x may be 0: undefined there, unbounded near it.
  if (a.lo === 0 && a.hi > 0) return interval(inverse(a.hi).lo, Infinity);
  if (a.hi === 0 && a.lo < 0) return interval(-Infinity, inverse(a.lo).hi);
  return WHOLE;
}

function powInt(a: Interval, k: number): Interval {
  if (k === 0) return point(1);
  if (k < 0) return reciprocal(powInt(a, -k));
  // Even powers: |x|^k (the dependency of x·x on itself is not lost).
  const base = k % 2 === 0 ? absI(a) : a;
  let r = point(1);
  for (let i = 0; i < k; i++) r = mulI(r, base);
  return r;
}

/** x^e for a non-integer rational e: x ≥ 0 required (√x, x^(3/2)); monotone in x. */
function powFrac(a: Interval, e: number): Interval {
  if (a.hi < 0) return WHOLE;
  const lo = Math.max(a.lo, 0);
  const [x, y] = e > 0 ? [lo, a.hi] : [a.hi, lo];
  return interval(down(x ** e, FN_ULPS), up(y ** e, FN_ULPS));
}

function absI(a: Interval): Interval {
  if (a.lo >= 0) return a;
  if (a.hi <= 0) return interval(-a.hi, -a.lo);
  return interval(0, Math.max(-a.lo, a.hi));
}

/** A monotone library function f on [lo, hi], widened outward. */
function monotone(f: (x: number) => number, a: Interval, increasing: boolean): Interval {
  const [x, y] = increasing ? [a.lo, a.hi] : [a.hi, a.lo];
  return interval(down(f(x), FN_ULPS), up(f(y), FN_ULPS));
}

/**
 * sin over [lo, hi]: the values at the ends, and ±1 where a maximum
 * (π/2 + 2kπ) or minimum (−π/2 + 2kπ) lies inside. Extremum positions are
 * tested with a margin, since kπ is not exact in floating point: including
 * one that lies just outside only widens the enclosure.
 */
function sinI(a: Interval): Interval {
  if (!(a.hi - a.lo < 2 * Math.PI)) return interval(-1, 1);
  const contains = (phase: number): boolean => {
    // Is phase + 2kπ in [lo, hi] for some integer k (with a margin)?
    const margin = 1e-9 * Math.max(1, Math.abs(a.lo), Math.abs(a.hi));
    const k = Math.ceil((a.lo - margin - phase) / (2 * Math.PI));
    return phase + 2 * k * Math.PI <= a.hi + margin;
  };
  const s1 = Math.sin(a.lo);
  const s2 = Math.sin(a.hi);
  const lo = contains(-Math.PI / 2) ? -1 : down(Math.min(s1, s2), FN_ULPS);
  const hi = contains(Math.PI / 2) ? 1 : up(Math.max(s1, s2), FN_ULPS);
  return interval(Math.max(lo, -1), Math.min(hi, 1));
}

/** cos x = sin(x + π/2), with the shift itself enclosed. */
const cosI = (a: Interval): Interval => sinI(addI(a, mulI(PI, point(0.5))));

function tanI(a: Interval): Interval {
  // Increasing between poles at π/2 + kπ; a pole inside (with a margin) gives the whole line.
  const margin = 1e-9 * Math.max(1, Math.abs(a.lo), Math.abs(a.hi));
  const k = Math.ceil((a.lo - margin - Math.PI / 2) / Math.PI);
  if (Math.PI / 2 + k * Math.PI <= a.hi + margin) return WHOLE;
  return monotone(Math.tan, a, true);
}

/** Clip to [−1, 1] for asin/acos: the expression is undefined outside, so only the inside matters. */
function clipUnit(a: Interval): Interval | undefined {
  if (a.hi < -1 || a.lo > 1) return undefined;
  return interval(Math.max(a.lo, -1), Math.min(a.hi, 1));
}

function fnI(name: FnName, a: Interval): Interval {
  switch (name) {
    case 'sin':
      return sinI(a);
    case 'cos':
      return cosI(a);
    case 'tan':
      return tanI(a);
    case 'asin': {
      const c = clipUnit(a);
      return c ? monotone(Math.asin, c, true) : WHOLE;
    }
    case 'acos': {
      const c = clipUnit(a);
      return c ? monotone(Math.acos, c, false) : WHOLE;
    }
    case 'atan':
      return monotone(Math.atan, a, true);
    case 'exp':
      return interval(Math.max(0, down(Math.exp(a.lo), FN_ULPS)), up(Math.exp(a.hi), FN_ULPS));
    case 'log':
      if (a.hi <= 0) return WHOLE;
      return interval(a.lo <= 0 ? -Infinity : down(Math.log(a.lo), FN_ULPS), up(Math.log(a.hi), FN_ULPS));
    case 'abs':
      return absI(a);
    case 'sign':
      return interval(Math.sign(a.lo), Math.sign(a.hi));
    default:
      return unreachable(name);
  }
}

function powI(base: Interval, exp: Expr, box: Box, memo: Map<Expr, Interval>): Interval {
  if (exp.kind === 'num') {
    const e = exp.value;
    if (e.d === 1) return powInt(base, e.n);
    return powFrac(base, Q.toNumber(e));
  }
  // x^y = exp(y log x), x > 0.
  return fnI('exp', mulI(enclose(exp, box, memo), fnI('log', base)));
}

/** An enclosure of e's values over the box (symbols not in the box range over the whole line; pi is π). */
export function enclose(e: Expr, box: Box, memo = new Map<Expr, Interval>()): Interval {
  const hit = memo.get(e);
  if (hit) return hit;
  let r: Interval;
  switch (e.kind) {
    case 'num':
      r = rational(e.value);
      break;
    case 'sym':
      r = box.get(e.name) ?? (e.name === 'pi' ? PI : numberInterval(literalValue(e)));
      break;
    case 'add':
      r = rational(e.constant);
      for (const t of e.terms) r = addI(r, mulI(rational(t.coeff), enclose(t.expr, box, memo)));
      break;
    case 'mul':
      r = rational(e.coeff);
      for (const f of e.factors) r = mulI(r, powI(enclose(f.base, box, memo), f.exp, box, memo));
      break;
    case 'pow':
      r = powI(enclose(e.base, box, memo), e.exp, box, memo);
      break;
    case 'fn':
      r = fnI(e.name, enclose(e.args[0]!, box, memo));
      break;
    default:
      return unreachable(e);
  }
  memo.set(e, r);
  return r;
}
