import { describe, expect, it } from 'vitest';
import { add, cos, fn, HALF, mul, num, pow, sin, sym, TWO } from '../../src/core/expr.js';
import { opCount } from '../../src/core/cost.js';

const x = sym('x');
const y = sym('y');
const z = sym('z');

describe('operation count', () => {
  it('atoms cost nothing', () => {
    expect(opCount(x)).toBe(0);
    expect(opCount(num(3))).toBe(0);
  });
  it('a sum of n terms costs n − 1 additions, plus one per coefficient ≠ ±1', () => {
    expect(opCount(add(x, y, z))).toBe(2);
    expect(opCount(add(x, y, num(1)))).toBe(2);
    expect(opCount(add(mul(TWO, x), y))).toBe(2);
    expect(opCount(add(x, mul(num(-1), y)))).toBe(1);
  });
  it('a product of n factors costs n − 1 multiplications, plus one for its coefficient', () => {
    expect(opCount(mul(x, y, z))).toBe(2);
    expect(opCount(mul(TWO, x, y))).toBe(2);
  });
  it('powers cost by exponent: x² one, x³ and higher two, x^(1/2) one, 1/x one', () => {
    expect(opCount(pow(x, 2))).toBe(1);
    expect(opCount(pow(x, 3))).toBe(2);
    expect(opCount(pow(x, 7))).toBe(2);
    expect(opCount(pow(x, HALF))).toBe(1);
    expect(opCount(pow(x, -1))).toBe(1);
    expect(opCount(pow(x, y))).toBe(1);
  });
  it('a function call costs one plus its argument', () => {
    expect(opCount(sin(x))).toBe(1);
    expect(opCount(cos(add(x, y)))).toBe(2);
    expect(opCount(fn('exp', mul(x, y)))).toBe(2);
  });
  it('counts a tree, not a DAG: shared subexpressions count each time', () => {
    const s = sin(add(x, y));
    expect(opCount(mul(s, cos(add(x, y))))).toBe(1 + 2 + 2);
  });
});
