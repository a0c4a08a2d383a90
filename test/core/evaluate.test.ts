import { describe, expect, it } from 'vitest';
import { add, cos, div, fn, mul, num, pow, sin, sqrt, sub, sym, TWO } from '../../src/core/expr.js';
import { evaluate, evaluator } from '../../src/core/evaluate.js';
import { rat } from '../../src/core/rational.js';
import { MechanicsError } from '../../src/errors.js';

const x = sym('x');
const y = sym('y');

describe('numeric evaluation', () => {
  it('evaluates arithmetic with exact coefficients', () => {
    expect(evaluate(add(mul(num(rat(3, 2)), x), num(1)), { x: 2 })).toBe(4);
    expect(evaluate(div(x, y), { x: 1, y: 4 })).toBe(0.25);
    expect(evaluate(pow(x, 3), { x: -2 })).toBe(-8);
    expect(evaluate(sqrt(x), { x: 9 })).toBe(3);
  });
  it('evaluates every function', () => {
    const env = { x: 0.7 };
    expect(evaluate(sin(x), env)).toBe(Math.sin(0.7));
    expect(evaluate(cos(x), env)).toBe(Math.cos(0.7));
    expect(evaluate(fn('tan', x), env)).toBe(Math.tan(0.7));
    expect(evaluate(fn('exp', x), env)).toBe(Math.exp(0.7));
    expect(evaluate(fn('log', x), env)).toBe(Math.log(0.7));
    expect(evaluate(fn('abs', x), { x: -0.7 })).toBe(0.7);
    expect(evaluate(fn('sign', x), { x: -0.7 })).toBe(-1);
  });
  it('knows pi unless the environment gives it a value', () => {
    expect(evaluate(mul(TWO, sym('pi')), {})).toBe(2 * Math.PI);
    expect(evaluate(sym('pi'), { pi: 3 })).toBe(3);
  });
  it('a symbol without a value is an unknown-symbol error naming it', () => {
    try {
      evaluate(add(x, y), { x: 1 });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(MechanicsError);
      expect((e as MechanicsError).code).toBe('unknown-symbol');
      expect((e as MechanicsError).message).toContain("'y'");
    }
  });
  it('gives NaN, not an error, for a half power of a negative number', () => {
    expect(evaluate(sqrt(x), { x: -1 })).toBeNaN();
  });
});

describe('an evaluator for many expressions at one point', () => {
  it('gives each expression the value evaluate gives, shared subexpressions evaluated once', () => {
    const [a, b] = [sym('a'), sym('b')];
    const shared = cos(sub(a, b));
    const exprs = [mul(num(3), shared), add(shared, pow(a, 2)), shared, mul(a, b, shared)];
    const env = { a: 0.3, b: -1.2 };
    const value = evaluator(env);
    expect(exprs.map(value)).toEqual(exprs.map((e) => evaluate(e, env)));
    expect(value(exprs[1]!)).toBeCloseTo(Math.cos(1.5) + 0.09, 15);
  });
});
