// A proof that f > 0 on a box of open intervals, by interval arithmetic
// (interval.ts) with branch and bound:
//  - a box whose enclosure of f lies in (0, ∞) is done;
//  - a box with a point where f < 0 refutes the claim (stop: not provable);
//  - a box touching an open end a of a variable x is done if on that face
//    f(a, ·) ≥ 0 (≡ 0 symbolically, enclosed in [0, ∞), or > 0 proved the
//    same way), and ∂f/∂x > 0 on the box (proved the same way; these recursions
//    go MAX_ORDER deep): then f(x, ·) = f(a, ·) + ∫ₐˣ ∂f/∂x > 0 for x in
//    (a, hi] — this is how sin α > 0 on (0, π/2) is proved although
//    sin 0 = 0, and l + sin α > 0 at the corner l = α = 0. At an upper open
//    end b: f(b, ·) ≥ 0 likewise and ∂f/∂x < 0. f must be continuous up to
//    the face: its enclosure over the box is finite, and sign() is absent;
//  - otherwise the box is halved, one variable after another.
// The search is bounded (BUDGET boxes, MIN_WIDTH): running out is "not
// proved", never "proved".
import { dependsOn, neg, ZERO, type Expr } from '../../core/expr.js';
import { cancel } from '../../core/cancel.js';
import { diff } from '../../core/diff.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import { enclose, splitBox, type Interval } from './interval.js';

/** One variable of a domain: an open interval (lower, upper). */
export interface Variable {
  /** An enclosure of the closed interval [lower, upper] (±∞ where unbounded). */
  readonly bounds: Interval;
  /** The exact open ends, where finite: the endpoint rule substitutes them. */
  readonly lower?: Expr;
  readonly upper?: Expr;
}

/** Where the symbols of an expression range; a symbol not listed ranges over the whole line. */
export interface Domain {
  readonly variables: ReadonlyMap<string, Variable>;
}

/** Boxes examined per proof (across derivative orders) before giving up. */
const BUDGET = 3000;
/** Derivatives tried by the endpoint rule (sin²α-like zeros need the second). */
const MAX_ORDER = 3;
/** Relative width below which a box is not split further. */
const MIN_WIDTH = 1e-12;

interface Search {
  budget: number;
  readonly domain: Domain;
  /** Faces f(end, ·) and derivatives ±∂f/∂x of the endpoint rule, by expression, variable and end. */
  readonly cache: Map<string, Expr>;
}

/** Whether f > 0 throughout the domain is proved. */
export function provePositive(f: Expr, domain: Domain): boolean {
  const box = initialBox(f, domain);
  if (negativeSample(f, box)) return false;
  return positiveOnBox(f, box, { budget: BUDGET, domain, cache: new Map() }, 0);
}

/** Points of a box spread by a Kronecker sequence (fractional parts of k·√p): cheap refutations before the search. */
const SAMPLES = 64;
const SPREAD = [Math.SQRT2, Math.sqrt(3), Math.sqrt(5), Math.sqrt(7), Math.sqrt(11), Math.sqrt(13)];

function negativeSample(f: Expr, box: ReadonlyMap<string, Interval>): boolean {
  const names = [...box.keys()];
  for (let k = 1; k <= SAMPLES; k++) {
    const at = new Map(
      names.map((name, j) => {
        const t = (k * SPREAD[j % SPREAD.length]! + j / names.length) % 1;
        return [name, pointIn(box.get(name)!, t)] as const;
      }),
    );
    if (enclose(f, at).hi < 0) return true;
  }
  return false;
}

/** The point at fraction t ∈ (0, 1) of an interval (t/(1 − t) past a finite end of an unbounded one). */
function pointIn({ lo, hi }: Interval, t: number): Interval {
  const x =
    Number.isFinite(lo) && Number.isFinite(hi)
      ? lo + t * (hi - lo)
      : Number.isFinite(lo)
        ? lo + t / (1 - t)
        : Number.isFinite(hi)
          ? hi - t / (1 - t)
          : Math.tan(Math.PI * (t - 0.5));
  return { lo: x, hi: x };
}

function initialBox(f: Expr, domain: Domain): Map<string, Interval> {
  const box = new Map<string, Interval>();
  for (const [name, v] of domain.variables) if (dependsOn(f, name)) box.set(name, v.bounds);
  return box;
}

/** The sign function is discontinuous: the mean value argument of the endpoint rule does not apply to it. */
function containsSign(e: Expr): boolean {
  switch (e.kind) {
    case 'num':
    case 'sym':
      return false;
    case 'fn':
      return e.name === 'sign' || e.args.some(containsSign);
    case 'add':
      return e.terms.some((t) => containsSign(t.expr));
    case 'mul':
      return e.factors.some((f) => containsSign(f.base) || containsSign(f.exp));
    case 'pow':
      return containsSign(e.base) || containsSign(e.exp);
  }
}

/** Halves of [lo, hi]; an unbounded side is cut at a finite point 1 or 2|lo| away. */
function halves({ lo, hi }: Interval): [Interval, Interval] | undefined {
  let m: number;
  if (lo === -Infinity && hi === Infinity) m = 0;
  else if (hi === Infinity) m = lo + Math.max(1, Math.abs(lo));
  else if (lo === -Infinity) m = hi - Math.max(1, Math.abs(hi));
  else {
    if (hi - lo <= MIN_WIDTH * Math.max(1, Math.abs(lo), Math.abs(hi))) return undefined;
    m = (lo + hi) / 2;
  }
  return [
    { lo, hi: m },
    { lo: m, hi },
  ];
}

function positiveOnBox(f: Expr, start: Map<string, Interval>, search: Search, order: number): boolean {
  const names = [...start.keys()];
  // The endpoint rule needs f continuous up to the face: not with sign() (which ∂|u| brings in, too).
  const endpoints = order < MAX_ORDER && !containsSign(f);
  const stack: { box: Map<string, Interval>; depth: number }[] = [{ box: start, depth: 0 }];
  while (stack.length) {
    const { box, depth } = stack.pop()!;
    if (--search.budget < 0) return false;
    const range = enclose(f, box);
    if (range.lo > 0) continue;
    if (range.hi < 0) return false;
    // A point of the box where f < 0 (its enclosure is) refutes positivity.
    const at = new Map([...box].map(([k, v]) => [k, pointIn(v, 0.5)] as const));
    if (enclose(f, at).hi < 0) return false;
    if (endpoints && Number.isFinite(range.lo) && Number.isFinite(range.hi) && endpointRule(f, box, search, order)) continue;
    // Split the variables in turn; one that cannot be split any more is skipped.
    const parts = splitBox(box, names, depth, halves);
    if (!parts) return false;
    for (const half of parts) stack.push({ box: half, depth: depth + 1 });
  }
  return true;
}

/**
 * f > 0 on the box (minus its faces at open ends) from its value on a face
 * and the sign of ∂f/∂x (see the header): at a lower open end a,
 * f(a, ·) ≡ 0 or f(a, ·) > 0, and ∂f/∂x > 0; at an upper open end b,
 * f(b, ·) ≥ 0 likewise and ∂f/∂x < 0.
 */
function endpointRule(f: Expr, box: Map<string, Interval>, search: Search, order: number): boolean {
  for (const [name, interval] of box) {
    const v = search.domain.variables.get(name);
    // A variable f does not depend on has f itself for its face: no progress, only budget spent.
    if (!v || !dependsOn(f, name)) continue;
    const ends: [Expr | undefined, boolean, 1 | -1][] = [
      [v.lower, interval.lo === v.bounds.lo, 1],
      [v.upper, interval.hi === v.bounds.hi, -1],
    ];
    for (const [end, touches, slope] of ends) {
      if (!end || !touches) continue;
      const face = cached(search, `face:${f.id}:${name}:${end.id}`, () => exactZero(simplify(subs(f, new Map([[name, end]])))));
      // f(end, ·) ≥ 0 is all the integral needs: ≡ 0, enclosed in [0, ∞) on the box (I* at I* = 0), or proved > 0.
      const faceHolds = face === ZERO || enclose(face, box).lo >= 0 || positiveOnBox(face, new Map(box), search, order + 1);
      if (!faceHolds) continue;
      const df = cached(search, `slope:${f.id}:${name}:${slope}`, () => simplify(slope > 0 ? diff(f, name) : neg(diff(f, name))));
      if (positiveOnBox(df, new Map(box), search, order + 1)) return true;
    }
  }
  return false;
}

// ZERO where the face vanishes once its quotients cancel (ln(I*/(1 + I*) + 1/(1 + I*)) at α = 0), else the face as it is.
function exactZero(face: Expr): Expr {
  return face === ZERO || simplify(cancel(face)) === ZERO ? ZERO : face;
}

function cached(search: Search, key: string, make: () => Expr): Expr {
  let hit = search.cache.get(key);
  if (!hit) {
    hit = make();
    search.cache.set(key, hit);
  }
  return hit;
}
