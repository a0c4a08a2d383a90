import { describe, expect, it } from 'vitest';
import { add, cos, fn, mul, num, pow, sin, sqrt, sub, sym, type Expr } from '../../src/core/expr.js';
import { diff } from '../../src/core/diff.js';
import { evaluate } from '../../src/core/evaluate.js';
import { Tape } from '../../src/core/tape.js';
import { MechanicsError } from '../../src/errors.js';

const x = sym('x');
const y = sym('y');
const a = sym('a');
const env = { x: 0.3, y: 0.7, a: 1.9 };

// Values against evaluate, forward differentiation against the symbolic derivative (diff.ts) evaluated at the same point.
const cases: Record<string, Expr> = {
  'a product with a constant factor': mul(a, sin(x), pow(cos(y), 3)),
  'the root of 1 − (x sin y)²': sqrt(sub(num(1), pow(mul(x, sin(y)), 2))),
  'a power with a varying exponent': pow(add(x, num(2)), mul(x, y)),
  'a quotient': mul(add(x, y), pow(add(num(1), mul(x, x)), -1)),
  'tan, asin, acos, exp, log, abs': add(fn('tan', x), fn('asin', y), fn('acos', x), fn('exp', mul(x, y)), fn('log', y), fn('abs', sub(x, y))),
  'atan of a quotient': fn('atan', mul(y, pow(x, -1))),
};

describe('expressions compiled to a tape', () => {
  for (const [name, e] of Object.entries(cases)) {
    it(`evaluates and differentiates ${name} as evaluate and diff do`, () => {
      const tape = new Tape([e]);
      const jets = tape.jets(env, ['x', 'y']);
      expect(tape.values(env)(e)).toBeCloseTo(evaluate(e, env), 14);
      expect(jets.value(e)).toBeCloseTo(evaluate(e, env), 14);
      expect(jets.grad(e)[0]).toBeCloseTo(evaluate(diff(e, 'x'), env), 12);
      expect(jets.grad(e)[1]).toBeCloseTo(evaluate(diff(e, 'y'), env), 12);
    });
  }
  it('holds a symbol that is not a variable constant', () => {
    const e = mul(a, x, y);
    expect(Array.from(new Tape([e]).jets(env, ['y']).grad(e))).toEqual([0.3 * 1.9]);
  });
  it('names a symbol without a value and an expression not compiled', () => {
    expect(() => new Tape([x]).values({})).toThrow(MechanicsError);
    expect(() => new Tape([x]).values(env)(y)).toThrow(MechanicsError);
  });
});
