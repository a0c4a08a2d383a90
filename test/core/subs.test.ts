import { describe, expect, it } from 'vitest';
import { add, cos, div, mul, neg, num, ONE, pow, sin, sub, sym, TWO, ZERO, type Expr } from '../../src/core/expr.js';
import { evaluate } from '../../src/core/evaluate.js';
import { subs, subsRecord } from '../../src/core/subs.js';
import { MechanicsError } from '../../src/errors.js';
import { canonicalProblems, snapshot } from './canonical.js';
import { close, randomExpr, randomExprs, randomPoint, rng, usable } from './random-expr.js';

const x = sym('x');
const y = sym('y');
const z = sym('z');

describe('substitution', () => {
  it('replaces symbols by expressions', () => {
    expect(subsRecord(add(x, mul(TWO, y)), { y: sin(z) })).toBe(add(x, mul(TWO, sin(z))));
  });
  it('is simultaneous, not sequential: swapping x and y', () => {
    // Sequentially, x→y then y→x would give 3x (or 3y).
    expect(subsRecord(add(x, mul(TWO, y)), { x: y, y: x })).toBe(add(y, mul(TWO, x)));
    expect(subsRecord(div(x, y), { x: y, y: x })).toBe(div(y, x));
  });
  it('does not substitute into what it has substituted', () => {
    expect(subsRecord(x, { x: add(x, ONE) })).toBe(add(x, ONE));
    expect(subsRecord(mul(x, y), { x: y, y: z })).toBe(mul(y, z));
  });
  it('puts the result in canonical form', () => {
    expect(subsRecord(mul(x, y), { y: x })).toBe(pow(x, 2));
    expect(subsRecord(sub(x, z), { z: x })).toBe(ZERO);
    expect(subsRecord(sin(x), { x: neg(y) })).toBe(neg(sin(y)));
    expect(subsRecord(cos(sub(x, y)), { y: x })).toBe(ONE);
  });
  it('substitutes in exponents', () => {
    expect(subsRecord(pow(x, sym('k')), { k: num(3) })).toBe(pow(x, 3));
  });
  it('gives back the same node when nothing is substituted', () => {
    const e = add(mul(TWO, x, sin(y)), pow(z, 2));
    expect(subs(e, new Map())).toBe(e);
    expect(subsRecord(e, { w: x })).toBe(e);
  });
  it('substituting 0 into a denominator is a division-by-zero error', () => {
    expect(() => subsRecord(div(ONE, x), { x: ZERO })).toThrow(MechanicsError);
  });
});

describe('substitution on random expressions', () => {
  it('agrees with evaluating at the substituted values', () => {
    for (let seed = 0; seed < 100; seed++) {
      const r = rng(9000 + seed);
      const e = randomExpr(r, { depth: 3 });
      const sx = randomExpr(r, { depth: 1 });
      const sy = randomExpr(r, { depth: 1 });
      const env = randomPoint(r);
      const inner = { x: evaluate(sx, env), y: evaluate(sy, env), z: env.z! };
      const expected = evaluate(e, inner);
      if (!usable(expected) || !usable(inner.x) || !usable(inner.y)) continue;
      let s: Expr;
      try {
        s = subsRecord(e, { x: sx, y: sy });
      } catch (err) {
        // 0 to a negative power after substitution; nothing to compare.
        expect((err as MechanicsError).code).toBe('division-by-zero');
        continue;
      }
      expect(close(evaluate(s, env), expected), `seed ${9000 + seed}`).toBe(true);
      expect(canonicalProblems(s)).toEqual([]);
    }
  });
  it('never mutates its input', () => {
    for (const e of randomExprs(9500, 30, { depth: 3 })) {
      const before = snapshot(e);
      subsRecord(e, { x: y, y: add(x, z) });
      expect(snapshot(e)).toEqual(before);
    }
  });
});
