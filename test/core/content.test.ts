import { describe, expect, it } from 'vitest';
import { add, mul, sym, type Expr } from '../../src/core/expr.js';
import { collectFactors } from '../../src/core/factor.js';
import { pullContent } from '../../src/core/content.js';
import { parseExpr } from '../../src/core/parse.js';
import { commonPower, powerDivides } from '../../src/core/powers.js';
import { rat } from '../../src/core/rational.js';
import { agreeNumerically, randomExprs } from './random-expr.js';

const p = (s: string): Expr => parseExpr(s);
const e = sym('e');
const onePlusE = add(p('1'), e);

describe('the content of a sum', () => {
  it('pulls a sum out of every term: a(1 + e)x + a(1 + e)y = a(1 + e)(x + y)', () => {
    const s = add(mul(sym('a'), onePlusE, sym('x')), mul(sym('a'), onePlusE, sym('y')));
    expect(pullContent(s)).toBe(mul(sym('a'), onePlusE, p('x + y')));
  });
  it('takes a sum and its negative as one factor: x(1 + e)ẋ + a(−1 − e)ẏ = (1 + e)(xẋ − aẏ)', () => {
    const s = add(mul(sym('x'), onePlusE, sym('xd')), mul(sym('a'), p('-1 - e'), sym('yd')));
    expect(pullContent(s)).toBe(mul(onePlusE, p('x*xd - a*yd')));
  });
  it('pulls a sum that the loose terms add up to: 1 + e + 3(1 + e)sin²θ = (1 + e)(1 + 3 sin²θ)', () => {
    const s = add(p('1 + e'), mul(p('3'), onePlusE, p('sin(theta)^2')));
    expect(pullContent(s)).toBe(mul(onePlusE, p('1 + 3*sin(theta)^2')));
  });
  it('leaves a sum without content as it is', () => {
    const s = p('x*(1 + e) + y');
    expect(pullContent(s)).toBe(s);
  });
});

describe('collecting common factors with the content', () => {
  it('writes Newton’s impulse on the circle −(1 + e)(xẋ + yẏ)/…: (1 + e) once, not once per term', () => {
    // The circle billiard's Δμ numerator, expanded as the impact map leaves it.
    expect(collectFactors(p('x*xd + e*x*xd + y*yd + e*y*yd'))).toBe(mul(onePlusE, p('x*xd + y*yd')));
  });
  it('the parabolic billiard’s a(xẋ(1 + e) − aẏ(1 + e)) is a(1 + e)(xẋ − aẏ)', () => {
    expect(collectFactors(p('-a^2*e*yd - a^2*yd + a*e*x*xd + a*x*xd'))).toBe(mul(sym('a'), onePlusE, p('x*xd - a*yd')));
  });
  it('the falling rod’s 1 + e + 3(1 + e)sin²θ', () => {
    expect(collectFactors(p('1 + e + 3*sin(theta)^2 + 3*e*sin(theta)^2'))).toBe(mul(onePlusE, p('1 + 3*sin(theta)^2')));
  });
  it('takes no root out that would leave a root times itself: N·A + √N·B stays, N^{3/2}A + √N·B = √N(NA + B)', () => {
    expect(collectFactors(p('N*A + sqrt(N)*B'))).toBe(p('N*A + sqrt(N)*B'));
    expect(collectFactors(p('N^(3/2)*A + sqrt(N)*B'))).toBe(mul(p('sqrt(N)'), p('N*A + B')));
  });
  it('keeps the value of 300 random expressions', () => {
    for (const [i, x] of randomExprs(7100, 300, { depth: 3 }).entries()) {
      const r = agreeNumerically(x, collectFactors(x), 7100 + i);
      expect(r.mismatch, `seed ${7100 + i}`).toBeUndefined();
    }
  });
});

describe('the common power of a base', () => {
  it('is the smaller power where the quotients keep their roots: x^{1/2}, x^{3/2} → x^{1/2}; x², x³ → x²', () => {
    expect(commonPower(rat(1, 2), rat(3, 2))).toEqual(rat(1, 2));
    expect(commonPower(rat(2), rat(3))).toEqual(rat(2));
  });
  it('is cut to the whole power where one of them has a different root: x^{1/2}, x → none; x^{3/2}, x² → x', () => {
    expect(commonPower(rat(1, 2), rat(1))).toBeUndefined();
    expect(commonPower(rat(3, 2), rat(2))).toEqual(rat(1));
  });
  it('is none between powers of opposite signs', () => {
    expect(commonPower(rat(-1), rat(2))).toBeUndefined();
  });
  it('divides without a new root: x^{1/2} | x^{3/2}, not x^{1/2} | x', () => {
    expect(powerDivides(rat(1, 2), rat(3, 2))).toBe(true);
    expect(powerDivides(rat(1, 2), rat(1))).toBe(false);
    expect(powerDivides(rat(1), rat(3, 2))).toBe(true);
  });
});
