import { describe, expect, it } from 'vitest';
import { add, cos, fn, mul, num, pow, sin, sqrt, sub, sym, type Expr } from '../../src/core/expr.js';
import { diff } from '../../src/core/diff.js';
import { evaluate } from '../../src/core/evaluate.js';
import { jetEvaluator } from '../../src/core/jet.js';
import { MechanicsError } from '../../src/errors.js';

const x = sym('x');
const y = sym('y');
const a = sym('a');
const env = { x: 0.3, y: 0.7, a: 1.9 };

// Forward differentiation against the symbolic derivative (diff.ts) evaluated at the same point.
const cases: Record<string, Expr> = {
  'a product with a constant factor': mul(a, sin(x), pow(cos(y), 3)),
  'the root of 1 − (x sin y)²': sqrt(sub(num(1), pow(mul(x, sin(y)), 2))),
  'a power with a varying exponent': pow(add(x, num(2)), mul(x, y)),
  'a quotient': mul(add(x, y), pow(add(num(1), mul(x, x)), -1)),
  'tan, asin, acos, exp, log, abs': add(fn('tan', x), fn('asin', y), fn('acos', x), fn('exp', mul(x, y)), fn('log', y), fn('abs', sub(x, y))),
};

describe('values with their first derivatives', () => {
  for (const [name, e] of Object.entries(cases)) {
    it(`differentiates ${name} as diff does`, () => {
      const jet = jetEvaluator(env, ['x', 'y'])(e);
      expect(jet.value).toBeCloseTo(evaluate(e, env), 14);
      expect(jet.grad[0]).toBeCloseTo(evaluate(diff(e, 'x'), env), 12);
      expect(jet.grad[1]).toBeCloseTo(evaluate(diff(e, 'y'), env), 12);
    });
  }
  it('holds a symbol that is not a variable constant', () => {
    const jet = jetEvaluator(env, ['y'])(mul(a, x, y));
    expect(Array.from(jet.grad)).toEqual([0.3 * 1.9]);
  });
  it('names a symbol without a value', () => {
    expect(() => jetEvaluator({}, ['x'])(x)).toThrow(MechanicsError);
  });
});
