// Interval arithmetic with outward rounding (src/derive/proofs/interval.ts): an
// enclosure must contain every value the expression takes on the box —
// checked against dense sampling on random expressions — and be tight
// enough to decide the signs the admissibility proofs need.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { add, cos, fn, mul, num, pow, sin, sym, type Expr } from '../../../src/core/expr.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { enclose, nextDown, nextUp, type Interval } from '../../../src/derive/proofs/interval.js';
import { hand } from '../../helpers/hand.js';

const box = (entries: Record<string, [number, number]>): Map<string, Interval> => new Map(Object.entries(entries).map(([k, [lo, hi]]) => [k, { lo, hi }]));

describe('next doubles', () => {
  it('step one ulp either way, across zero and at the ends of the line', () => {
    expect(nextUp(1)).toBe(1 + Number.EPSILON);
    expect(nextDown(1)).toBe(1 - Number.EPSILON / 2);
    expect(nextUp(0)).toBe(Number.MIN_VALUE);
    expect(nextDown(0)).toBe(-Number.MIN_VALUE);
    expect(nextUp(-Number.MIN_VALUE)).toBe(-0);
    expect(nextUp(Infinity)).toBe(Infinity);
    expect(nextDown(-Infinity)).toBe(-Infinity);
  });
});

describe('enclosures of single operations', () => {
  it('round 1/10 outward: the double nearest to 0.1 lies strictly inside', () => {
    const r = enclose(num(0.1), new Map());
    expect(r.lo).toBeLessThan(0.1);
    expect(r.hi).toBeGreaterThan(0.1);
  });

  it('enclose π by the doubles around it', () => {
    const r = enclose(sym('pi'), new Map());
    expect(r.hi).toBe(nextUp(r.lo));
    expect(r.lo).toBe(Math.PI);
  });

  it('give sin on (0, π/2) a lower end at or just below 0, and reach 1 at the maximum inside [0, 2]', () => {
    const a = sym('a');
    expect(enclose(sin(a), box({ a: [0, Math.PI / 2] })).lo).toBeLessThanOrEqual(0);
    expect(enclose(sin(a), box({ a: [0, Math.PI / 2] })).lo).toBeGreaterThan(-1e-300);
    expect(enclose(sin(a), box({ a: [0, 2] })).hi).toBe(1);
    expect(enclose(cos(a), box({ a: [3, 3.5] })).lo).toBe(-1);
  });

  it('enclose atan, increasing, by its ends just outward, and within ±π/2 on the whole line', () => {
    const a = sym('a');
    const r = enclose(fn('atan', a), box({ a: [-1, 2] }));
    expect(r.lo).toBeLessThanOrEqual(-Math.PI / 4);
    expect(r.lo).toBeGreaterThan(-Math.PI / 4 - 1e-15);
    expect(r.hi).toBeGreaterThanOrEqual(Math.atan(2));
    expect(r.hi).toBeLessThan(Math.atan(2) + 1e-15);
    const whole = enclose(fn('atan', a), box({ a: [-Infinity, Infinity] }));
    expect([whole.lo, whole.hi].map((x) => Math.abs(x) < Math.PI / 2 + 1e-15)).toEqual([true, true]);
  });

  it('keep an even power non-negative (x² on [−1, 2] is [0, 4], not [−2, 4])', () => {
    const r = enclose(pow(sym('x'), 2), box({ x: [-1, 2] }));
    expect(r.lo).toBe(0);
    expect(r.hi).toBeGreaterThanOrEqual(4);
    expect(r.hi).toBeLessThan(4 + 1e-14);
  });

  it('are the whole line where a value is undefined or unbounded: 1/x across 0, log of a negative box, tan across π/2', () => {
    expect(enclose(pow(sym('x'), -1), box({ x: [-1, 1] }))).toEqual({ lo: -Infinity, hi: Infinity });
    expect(enclose(fn('log', sym('x')), box({ x: [-2, -1] }))).toEqual({ lo: -Infinity, hi: Infinity });
    expect(enclose(fn('tan', sym('x')), box({ x: [1, 2] }))).toEqual({ lo: -Infinity, hi: Infinity });
  });

  it('handle unbounded boxes: 1 + 2x on (0, ∞) is [1, ∞]', () => {
    expect(enclose(hand('1 + 2*x'), box({ x: [0, Infinity] }))).toEqual({ lo: 1, hi: Infinity });
  });
});

// Random expressions in a, b built from the kernel's constructors.
const leaf = fc.oneof(
  fc.constant(sym('a')),
  fc.constant(sym('b')),
  fc.integer({ min: -5, max: 5 }).map((k) => num(k)),
  fc.integer({ min: 1, max: 7 }).map((k) => num({ n: 1, d: k })),
);
const expr: fc.Arbitrary<Expr> = fc.letrec<{ e: Expr }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.tuple(tie('e'), tie('e')).map(([x, y]) => add(x, y)),
    fc.tuple(tie('e'), tie('e')).map(([x, y]) => mul(x, y)),
    fc.tuple(tie('e'), fc.integer({ min: -3, max: 4 })).map(([x, k]) => (x.kind === 'num' && x.value.n === 0 ? x : pow(x, k))),
    tie('e').map((x) => sin(x)),
    tie('e').map((x) => cos(x)),
    tie('e').map((x) => fn('exp', mul(num({ n: 1, d: 4 }), x))),
    tie('e').map((x) => fn('abs', x)),
  ),
})).e;

/** The value at a point, NaN where it is undefined (0 to a negative power). */
function valueAt(e: Expr, env: Record<string, number>): number {
  try {
    return evaluate(e, env);
  } catch {
    return NaN;
  }
}

describe('an enclosure over a random box', () => {
  it('contains the value at every sampled point of the box (600 random expressions × 40 points)', () => {
    fc.assert(
      fc.property(
        expr,
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        (e, a0, aw, b0, bw) => {
          const b = box({ a: [a0, a0 + aw], b: [b0, b0 + bw] });
          const r = enclose(e, b);
          for (let k = 0; k <= 39; k++) {
            const t = k / 39;
            const s = ((k * 7919) % 40) / 39;
            const v = valueAt(e, { a: a0 + aw * t, b: b0 + bw * s });
            if (Number.isFinite(v)) {
              expect(v).toBeGreaterThanOrEqual(r.lo);
              expect(v).toBeLessThanOrEqual(r.hi);
            }
          }
        },
      ),
      { numRuns: 600, seed: 9 },
    );
  });
});
