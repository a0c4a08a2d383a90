import { describe, expect, it } from 'vitest';
import * as Q from '../../src/core/rational.js';
import { MechanicsError } from '../../src/errors.js';

const N = 2 ** 53;

/** The MechanicsError thrown by f (fails the test if f returns). */
function errorOf(f: () => unknown): MechanicsError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(MechanicsError);
    return e as MechanicsError;
  }
  throw new Error('expected an error, got a result');
}

describe('rational normalization', () => {
  it('reduces to lowest terms with a positive denominator', () => {
    expect(Q.rat(2, 4)).toEqual({ n: 1, d: 2 });
    expect(Q.rat(1, -2)).toEqual({ n: -1, d: 2 });
    expect(Q.rat(-6, -9)).toEqual({ n: 2, d: 3 });
    expect(Q.rat(0, 5)).toEqual({ n: 0, d: 1 });
  });
  it('refuses a zero denominator', () => {
    expect(errorOf(() => Q.rat(1, 0)).code).toBe('division-by-zero');
    expect(errorOf(() => Q.div(Q.ONE, Q.ZERO)).code).toBe('division-by-zero');
  });
  it('reads decimal literals exactly', () => {
    expect(Q.ratFromNumber(9.81)).toEqual({ n: 981, d: 100 });
    expect(Q.ratFromNumber(0.1)).toEqual({ n: 1, d: 10 });
    expect(Q.ratFromNumber(-2.5)).toEqual({ n: -5, d: 2 });
    expect(Q.ratFromNumber(1e-7)).toEqual({ n: 1, d: 10_000_000 });
    expect(Q.ratFromNumber(1.5e10)).toEqual({ n: 15_000_000_000, d: 1 });
  });
  it('reads a 17-digit decimal in lowest terms: sin(1) printed, 8414709848078965/10¹⁶ = 1682941969615793/(2·10¹⁵)', () => {
    expect(Q.ratFromNumber(0.8414709848078965)).toEqual({ n: 1682941969615793, d: 2e15 });
    expect(Q.ratFromNumber(-0.8414709848078965)).toEqual({ n: -1682941969615793, d: 2e15 });
  });
  it('refuses non-finite literals', () => {
    expect(errorOf(() => Q.ratFromNumber(Infinity)).code).toBe('non-finite-literal');
    expect(errorOf(() => Q.ratFromNumber(NaN)).code).toBe('non-finite-literal');
  });
});

describe('rational arithmetic', () => {
  const a = Q.rat(1, 2);
  const b = Q.rat(-2, 3);
  it('adds, subtracts, multiplies and divides exactly', () => {
    expect(Q.add(a, b)).toEqual(Q.rat(-1, 6));
    expect(Q.sub(a, b)).toEqual(Q.rat(7, 6));
    expect(Q.mul(a, b)).toEqual(Q.rat(-1, 3));
    expect(Q.div(a, b)).toEqual(Q.rat(-3, 4));
    expect(Q.neg(b)).toEqual(Q.rat(2, 3));
    expect(Q.abs(b)).toEqual(Q.rat(2, 3));
  });
  it('compares by value', () => {
    expect(Q.cmp(a, b)).toBeGreaterThan(0);
    expect(Q.cmp(b, a)).toBeLessThan(0);
    expect(Q.cmp(Q.rat(2, 4), a)).toBe(0);
  });
  it('compares exactly when the cross products exceed 2^53', () => {
    // (N−1)/(N−2) − (N−2)/(N−3) = −1/((N−2)(N−3)): the products differ by 1 at ~2^106.
    const p = Q.rat(N - 1, N - 2);
    const q = Q.rat(N - 2, N - 3);
    expect(Math.sign(Q.cmp(p, q))).toBe(-1);
    expect(Math.sign(Q.cmp(q, p))).toBe(1);
    expect(Q.cmp(p, p)).toBe(0);
  });
  it('raises to integer powers, negative ones included', () => {
    expect(Q.powInt(Q.rat(2, 3), 3)).toEqual(Q.rat(8, 27));
    expect(Q.powInt(Q.rat(2, 3), -2)).toEqual(Q.rat(9, 4));
    expect(Q.powInt(Q.rat(5), 0)).toEqual(Q.ONE);
  });
  it('takes rational powers of perfect powers only', () => {
    expect(Q.powRational(Q.rat(4, 9), Q.rat(1, 2))).toEqual(Q.rat(2, 3));
    expect(Q.powRational(Q.rat(8), Q.rat(-2, 3))).toEqual(Q.rat(1, 4));
    expect(Q.powRational(Q.rat(2), Q.rat(1, 2))).toBeUndefined();
    expect(Q.powRational(Q.rat(-4), Q.rat(1, 2))).toBeUndefined();
    expect(Q.powRational(Q.ZERO, Q.rat(-1))).toBeUndefined();
  });
  it('prints as n or n/d', () => {
    expect(Q.toString(Q.rat(3))).toBe('3');
    expect(Q.toString(Q.rat(-3, 4))).toBe('-3/4');
    expect(Q.toNumber(Q.rat(-3, 4))).toBe(-0.75);
  });
});

describe('rational overflow', () => {
  it('is an error, not a rounding, when a product leaves the safe range', () => {
    const e = errorOf(() => Q.mul(Q.rat(2 ** 30), Q.rat(2 ** 30)));
    expect(e.code).toBe('coefficient-overflow');
    expect(e.kind).toBe('numeric');
  });
  it('is an error when a power leaves the safe range', () => {
    expect(errorOf(() => Q.powInt(Q.rat(10), 20)).code).toBe('coefficient-overflow');
  });
  it('is an error when a sum leaves the safe range', () => {
    expect(errorOf(() => Q.add(Q.rat(N - 1), Q.rat(N - 1))).code).toBe('coefficient-overflow');
  });
  it('never rounds a sum whose cross products overflow but whose value is small', () => {
    // a = n1/3, b = −n2/5 with 5·n1 − 3·n2 = 1, so a + b = 1/15 exactly, while
    // 5·n1 ≈ 1.25·2^53 is rounded to an even number in floating point.
    const n1 = 2 ** 51 + 2; // ≡ 2 (mod 3), so 5·n1 − 1 is divisible by 3
    const n2 = (5 * n1 - 1) / 3;
    expect(Number.isSafeInteger(n2)).toBe(true);
    let sum: Q.Rational | undefined;
    try {
      sum = Q.add(Q.rat(n1, 3), Q.rat(-n2, 5));
    } catch (e) {
      expect((e as MechanicsError).code).toBe('coefficient-overflow');
    }
    if (sum) expect(sum).toEqual(Q.rat(1, 15));
  });
  it('cancels crosswise before multiplying, so a representable product is not an error', () => {
    // (2^40/3)·(3^20/2^40) = 3^19, though 2^40·3^20 ≈ 4e21 is far beyond 2^53.
    expect(Q.mul(Q.rat(2 ** 40, 3), Q.rat(3 ** 20, 2 ** 40))).toEqual(Q.rat(3 ** 19));
    expect(Q.div(Q.rat(2 ** 40, 3 ** 20), Q.rat(2 ** 40, 3 ** 19))).toEqual(Q.rat(1, 3));
  });
  it('refuses a decimal literal with more digits than an exact rational can hold', () => {
    expect(errorOf(() => Q.ratFromNumber(1 / 3)).code).toBe('coefficient-overflow');
    expect(errorOf(() => Q.ratFromNumber(1e300)).code).toBe('coefficient-overflow');
  });
});

describe('shared small rationals', () => {
  const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));

  it('gives every value n/d with |n| ≤ 32 and d = 1 or 2 one object, whichever operation made it', () => {
    expect(Q.rat(2, 4)).toBe(Q.HALF);
    expect(Q.rat(-7, -7)).toBe(Q.ONE);
    expect(Q.neg(Q.ONE)).toBe(Q.MINUS_ONE);
    expect(Q.add(Q.HALF, Q.HALF)).toBe(Q.ONE);
    expect(Q.sub(Q.HALF, Q.HALF)).toBe(Q.ZERO);
    expect(Q.mul(Q.rat(-4), Q.rat(8))).toBe(Q.rat(-32));
    expect(Q.div(Q.rat(3), Q.rat(-2))).toBe(Q.rat(-6, 4));
    expect(Q.ratFromNumber(2.5)).toBe(Q.rat(5, 2));
  });

  it('keeps every value right at and past the shared range', () => {
    for (let num = -70; num <= 70; num++) {
      for (const den of [1, 2, 3, -2]) {
        const g = gcd(num, den) || 1;
        const sign = den < 0 ? -1 : 1;
        const r = Q.rat(num, den);
        expect([r.n, r.d]).toEqual([(sign * num) / g + 0, Math.abs(den) / g]);
        expect(Q.toNumber(r)).toBe(num / den + 0); // + 0: 0/−2 is −0
      }
    }
    expect(Q.mul(Q.rat(33), Q.rat(1))).toEqual({ n: 33, d: 1 });
    expect(Q.neg(Q.rat(65, 2))).toEqual({ n: -65, d: 2 });
  });
});
