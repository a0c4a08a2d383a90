import { describe, expect, it } from 'vitest';
import { add, cos, div, fn, freeSymbols, HALF, mul, neg, num, numberExpr, pow, sin, sqrt, sub, sym } from '../../src/core/expr.js';
import { evaluate } from '../../src/core/evaluate.js';
import { OPEN_SCOPE, parseExpr, type ParseScope } from '../../src/core/parse.js';
import { rat } from '../../src/core/rational.js';
import { MechanicsError } from '../../src/errors.js';

const x = sym('x');
const y = sym('y');

/** The MechanicsError that parsing `source` throws. */
function parseError(source: string, scope?: ParseScope): MechanicsError {
  try {
    parseExpr(source, scope);
  } catch (e) {
    expect(e).toBeInstanceOf(MechanicsError);
    return e as MechanicsError;
  }
  throw new Error(`'${source}' parsed without error`);
}

/** Coordinates q1, q2 with velocities qd1, qd2; masses m1, m2. */
const MECHANICS_SCOPE: ParseScope = {
  symbol: (name) => (['q1', 'q2', 'm1', 'm2', 'g', 't'].includes(name) ? sym(name) : undefined),
  velocity: (name) => (name === 'q1' || name === 'q2' ? sym(name.replace('q', 'qd')) : undefined),
  known: () => ['q1', 'q2', 'm1', 'm2', 'g', 't'],
};

describe('parsing expressions', () => {
  it('builds the same nodes as the constructors', () => {
    expect(parseExpr('2*x^2 + 3')).toBe(add(mul(num(2), pow(x, 2)), num(3)));
    expect(parseExpr('x - y')).toBe(sub(x, y));
    expect(parseExpr('-x')).toBe(neg(x));
    expect(parseExpr('+x')).toBe(x);
    expect(parseExpr('x / y')).toBe(div(x, y));
    expect(parseExpr('(x + y) * (x - y)')).toBe(mul(add(x, y), sub(x, y)));
  });
  it('reads implicit multiplication', () => {
    expect(parseExpr('2x y')).toBe(mul(num(2), x, y));
  });
  it('reads decimals as exact rationals', () => {
    expect(parseExpr('9.81*x')).toBe(mul(num(rat(981, 100)), x));
    expect(parseExpr('0.5')).toBe(HALF);
  });
  it('reads functions and sqrt', () => {
    expect(parseExpr('sin(x) + cos(y)')).toBe(add(sin(x), cos(y)));
    expect(parseExpr('tan(x) * exp(y) * log(x) * abs(y) * sign(x)')).toBe(mul(fn('tan', x), fn('exp', y), fn('log', x), fn('abs', y), fn('sign', x)));
    expect(parseExpr('sqrt(x + 1)')).toBe(sqrt(add(x, num(1))));
    expect(parseExpr('asin(x) + acos(y) + atan(x*y)')).toBe(add(fn('asin', x), fn('acos', y), fn('atan', mul(x, y))));
    expect(parseExpr('x^(1/2)')).toBe(pow(x, HALF));
  });
  it('reads arcctg as kozlov1988 (4.2) writes it, the inverse of cot onto (0, π): π/2 − atan x', () => {
    expect(parseExpr('arcctg(x)')).toBe(sub(mul(HALF, sym('pi')), fn('atan', x)));
    // cot of the value is the argument, and the value lies in (0, π) on either side of 0 (mathjs's acot jumps there).
    for (const v of [-20, -1, -0.05, 0.05, 1, 20]) {
      const value = evaluate(parseExpr('arcctg(x)'), { x: v });
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThan(Math.PI);
      expect(1 / Math.tan(value)).toBeCloseTo(v, 12);
    }
  });
  it('reads pi as the symbol pi', () => {
    expect(parseExpr('2*pi')).toBe(mul(num(2), sym('pi')));
    expect(parseExpr('pi', MECHANICS_SCOPE)).toBe(sym('pi'));
  });
  it('reads powers right-associatively, as mathjs does', () => {
    expect(parseExpr('x^2^3')).toBe(pow(x, 8));
  });
});

describe('long chains (mathjs nests a + b + … to the left, one level a term)', () => {
  const names = Array.from({ length: 10_000 }, (_, k) => `a${k}`);

  it('parses a sum of 10⁴ terms, alternately added and subtracted, into one sum', () => {
    const e = parseExpr(names.map((n, k) => (k % 2 ? `- ${n}` : `+ ${n}`)).join(' '));
    expect(e).toBe(add(...names.map((n, k) => (k % 2 ? neg(sym(n)) : sym(n)))));
    expect(e.kind === 'add' && e.terms.length).toBe(10_000);
  });

  it('parses a product of 10⁴ factors, alternately multiplied and divided, into one product', () => {
    const e = parseExpr(names.map((n, k) => (k === 0 ? n : k % 2 ? `/ ${n}` : `* ${n}`)).join(' '));
    expect(e).toBe(mul(...names.map((n, k) => (k % 2 ? pow(sym(n), -1) : sym(n)))));
    expect(e.kind === 'mul' && e.factors.length).toBe(10_000);
  });

  it('keeps the order of a mixed chain: a − b + c − d, a / b * c / d', () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(sym) as [typeof x, typeof x, typeof x, typeof x];
    expect(parseExpr('a - b + c - d')).toBe(sub(add(a, c), add(b, d)));
    expect(parseExpr('a / b * c / d')).toBe(div(mul(a, c), mul(b, d)));
    expect(parseExpr('(a - b) - (c - d)')).toBe(add(a, neg(b), neg(c), d));
  });
});

describe('velocities', () => {
  it("reads x' and dot(x) as the velocity of a coordinate", () => {
    expect(parseExpr("m1*q1'^2/2", MECHANICS_SCOPE)).toBe(mul(HALF, sym('m1'), pow(sym('qd1'), 2)));
    expect(parseExpr('dot(q2)', MECHANICS_SCOPE)).toBe(sym('qd2'));
    expect(parseExpr("q1' - dot(q1)", MECHANICS_SCOPE)).toBe(num(0));
  });
  it('refuses the velocity of something that is not a coordinate', () => {
    const e = parseError("m1'", MECHANICS_SCOPE);
    expect(e.code).toBe('unknown-symbol');
    expect(e.where.source).toBe("m1'");
  });
  it('refuses the velocity of an expression, and velocities without a scope that has them', () => {
    expect(parseError("(q1 + q2)'", MECHANICS_SCOPE).code).toBe('bad-velocity');
    expect(parseError("q1''", MECHANICS_SCOPE).code).toBe('bad-velocity');
    expect(parseError("x'").code).toBe('bad-velocity');
  });
});

describe('parse errors', () => {
  it.each(['x +', '(x', 'sin(', '2 * * x', 'x y)'])("malformed '%s' is a parse-error carrying its source", (source) => {
    const e = parseError(source);
    expect(e.code).toBe('parse-error');
    expect(e.kind).toBe('input');
    expect(e.where.source).toBe(source);
    expect(e.message).toContain(source);
  });
  it('points at the offending character', () => {
    const e = parseError('x + * y');
    // The source line, then a caret under the character mathjs stopped at.
    const lines = e.message.split('\n');
    expect(lines[1]!.trim()).toBe('x + * y');
    expect(lines[2]).toMatch(/^\s*\^$/);
  });
  it('an unknown symbol under a scope is unknown-symbol, listing the known names', () => {
    const e = parseError('m1*g*l', MECHANICS_SCOPE);
    expect(e.code).toBe('unknown-symbol');
    expect(e.where.source).toBe('m1*g*l');
    expect(e.message).toContain("'l'");
    expect(e.message).toContain('q1, q2, m1, m2, g, t');
  });
  it("names of Object's prototype are unknown symbols too, not Object's members", () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(parseError(`${name} + 1`, MECHANICS_SCOPE).code).toBe('unknown-symbol');
    }
  });
  it('the open scope makes every name a symbol', () => {
    expect(parseExpr('constructor', OPEN_SCOPE)).toBe(sym('constructor'));
  });
  it('unknown functions and wrong arities are unknown-function', () => {
    expect(parseError('f(x)').code).toBe('unknown-function');
    expect(parseError('sin(x, y)').code).toBe('unknown-function');
    expect(parseError('acot(x)').message).toContain('arcctg');
  });
  it('unsupported operators and syntax are named', () => {
    expect(parseError('x == y').code).toBe('unsupported-operator');
    expect(parseError('x!').code).toBe('unsupported-operator');
    expect(parseError('x mod y').code).toBe('unsupported-operator');
    expect(parseError('x = 3').code).toBe('unsupported-syntax');
    expect(parseError('[1, 2]').code).toBe('unsupported-syntax');
    expect(parseError('x ? y : 1').code).toBe('unsupported-syntax');
  });
  it('non-numeric and non-finite literals are refused', () => {
    expect(parseError('"abc"').code).toBe('bad-literal');
    expect(parseError('true').code).toBe('bad-literal');
    expect(parseError('1e400').code).toBe('non-finite-literal');
  });
  it('errors from building the expression carry the source too', () => {
    const e = parseError('x + 1/0');
    expect(e.code).toBe('division-by-zero');
    expect(e.where.source).toBe('x + 1/0');
    expect(parseError('1e400 * x').where.source).toBe('1e400 * x');
  });
});

describe('literals without an exact coefficient within 2^53', () => {
  // 1e-300 is 10^-300 exactly, 300 digits of denominator: such a literal is a
  // number atom standing for the double, not a free symbol of the expression.
  const EXTREMES = [1e-300, 1e300, 5e-324, 1.7976931348623157e308];

  it.each(EXTREMES)('%d parses, evaluates to itself, and names no free symbol', (x) => {
    const e = parseExpr(`${x}`, OPEN_SCOPE);
    expect(evaluate(e, {})).toBe(x);
    expect(freeSymbols(e).size).toBe(0);
    expect(evaluate(parseExpr(`${x}*y/2`, OPEN_SCOPE), { y: 0.5 })).toBe(x / 4);
    expect(evaluate(numberExpr(-x), {})).toBe(-x);
  });

  it('2*1e-300 is twice the atom; small literals stay exact rationals', () => {
    expect(parseExpr('2*1e-300', OPEN_SCOPE)).toBe(mul(num(2), numberExpr(1e-300)));
    expect(parseExpr('0.25', OPEN_SCOPE)).toBe(num(rat(1, 4)));
    expect(numberExpr(9.81)).toBe(num(rat(981, 100)));
  });
});
