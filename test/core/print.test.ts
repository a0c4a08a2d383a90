import { describe, expect, it } from 'vitest';
import { add, fn, HALF, mul, neg, num, pow, sin, sqrt, sub, sym, TWO } from '../../src/core/expr.js';
import { parseExpr } from '../../src/core/parse.js';
import { toText } from '../../src/core/print.js';
import { rat } from '../../src/core/rational.js';
import { randomExprs } from './random-expr.js';

const x = sym('x');
const y = sym('y');

describe('plain-text printing', () => {
  it('prints sums with their constant first and minus signs for negative terms', () => {
    expect(toText(add(x, mul(TWO, y), num(3)))).toBe('3 + x + 2*y');
    expect(toText(sub(x, y))).toBe('x - y');
    expect(toText(sub(num(1), mul(TWO, y)))).toBe('1 - 2*y');
  });
  it('prints negation and negative numbers', () => {
    expect(toText(neg(x))).toBe('-x');
    expect(toText(num(-3))).toBe('-3');
    expect(toText(neg(add(x, y)))).toBe('-x - y');
    expect(toText(mul(num(-2), add(x, y)))).toBe('-2*(x + y)');
  });
  it('parenthesizes fractions, sums under products and bases of powers', () => {
    expect(toText(mul(HALF, x))).toBe('(1/2)*x');
    expect(toText(mul(TWO, add(x, y)))).toBe('2*(x + y)');
    expect(toText(pow(add(x, y), 2))).toBe('(x + y)^2');
    expect(toText(pow(x, -1))).toBe('x^(-1)');
    expect(toText(sqrt(x))).toBe('x^(1/2)');
    expect(toText(pow(pow(x, 2), HALF))).toBe('(x^2)^(1/2)');
    expect(toText(pow(mul(num(-2), x), HALF))).toBe('(-2*x)^(1/2)');
  });
  it('prints functions with their arguments', () => {
    expect(toText(pow(sin(x), 2))).toBe('sin(x)^2');
    expect(toText(fn('exp', sub(x, y)))).toBe('exp(x - y)');
    expect(toText(num(rat(-3, 4)))).toBe('-3/4');
  });
  it('is deterministic: the same node prints the same text', () => {
    const a = add(mul(sym('q10'), sym('q2')), sin(sym('q1')));
    expect(toText(a)).toBe('sin(q1) + q2*q10');
  });
});

describe('printing random expressions', () => {
  it('parsing the printed text gives back the same node', () => {
    for (const e of randomExprs(300, 300, { depth: 4 })) expect(parseExpr(toText(e)), toText(e)).toBe(e);
  });
});
