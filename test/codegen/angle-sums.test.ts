// Sines and cosines of angle sums expanded for generated code: the nodes the
// addition theorems give, built through the general constructors here.
import { describe, expect, it } from 'vitest';
import { add, cos, mul, neg, num, sin, sub, sym, type Expr } from '../../src/core/expr.js';
import { expandAngleSums } from '../../src/codegen/angle-sums.js';
import { canonicalProblems } from '../core/canonical.js';

const [a, b, c] = ['q1', 'q2', 'q3'].map(sym) as [Expr, Expr, Expr];
const pi = sym('pi');

describe('expandAngleSums', () => {
  // sin(s·a + t·b) = s·sin a cos b + t·cos a sin b, cos(s·a + t·b) = cos a cos b − st·sin a sin b.
  for (const [s, t] of [
    [1, 1],
    [1, -1],
    [-1, 1],
    [-1, -1],
  ] as const) {
    it(`expands sin and cos of ${s}·q1 + ${t}·q2 by the addition theorems`, () => {
      const x = add(mul(num(s), a), mul(num(t), b));
      const sinX = expandAngleSums(sin(x));
      const cosX = expandAngleSums(cos(x));
      expect(sinX).toBe(add(mul(num(s), sin(a), cos(b)), mul(num(t), cos(a), sin(b))));
      expect(cosX).toBe(sub(mul(cos(a), cos(b)), mul(num(s * t), sin(a), sin(b))));
      expect(canonicalProblems(sinX)).toEqual([]);
      expect(canonicalProblems(cosX)).toEqual([]);
    });
  }

  it('expands a sum of three angles through a sum of two: cos(q1 − q2 + q3)', () => {
    // cos(q1 + r) = cos q1 cos r − sin q1 sin r for r = −q2 + q3, whose cosine and sine expand in turn:
    // cos r = cos q2 cos q3 + sin q2 sin q3, sin r = −sin q2 cos q3 + cos q2 sin q3.
    const cosR = add(mul(cos(b), cos(c)), mul(sin(b), sin(c)));
    const sinR = add(neg(mul(sin(b), cos(c))), mul(cos(b), sin(c)));
    const cosX = expandAngleSums(cos(add(a, neg(b), c)));
    expect(cosX).toBe(sub(mul(cos(a), cosR), mul(sin(a), sinR)));
    expect(canonicalProblems(cosX)).toEqual([]);
  });

  it('folds the calls of π where a sum holds it: sin(q1 − π) = −sin q1, cos(q1 − π) = −cos q1', () => {
    expect(expandAngleSums(sin(sub(a, pi)))).toBe(neg(sin(a)));
    expect(expandAngleSums(cos(sub(a, pi)))).toBe(neg(cos(a)));
  });

  it('rebuilds the nodes above an expanded call, leaving the others: l·cos(q1 − q2) + sin q3', () => {
    const l = sym('l');
    const e = add(mul(l, cos(sub(a, b))), sin(c));
    expect(expandAngleSums(e)).toBe(add(mul(l, add(mul(cos(a), cos(b)), mul(sin(a), sin(b)))), sin(c)));
    expect(expandAngleSums(sin(c))).toBe(sin(c));
  });
});
