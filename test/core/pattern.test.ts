// simplifyByPattern must give simplify's result node for node: each case is
// simplified both ways in fresh intern tables (no memo slot answers from
// before) and compared as printed.
import { describe, expect, it } from 'vitest';
import { add, cos, mul, neg, numberExpr, sin, sub, sym, TWO, withFreshTable, type Expr } from '../../src/core/expr.js';
import { simplifyByPattern } from '../../src/core/pattern.js';
import { toText } from '../../src/core/print.js';
import { simplify } from '../../src/core/trig.js';
import { randomExpr, rng } from './random-expr.js';

/** 2·l_i·l_j·(cos q_i cos q_j + sin q_i sin q_j): the copies' sum of a chain's mass-matrix entry. */
const entry = (i: number, j: number): Expr => {
  const [qi, qj] = [sym(`q${i}`), sym(`q${j}`)];
  return mul(TWO, sym(`l${i}`), sym(`l${j}`), add(mul(cos(qi), cos(qj)), mul(sin(qi), sin(qj))));
};

const both = (make: () => Expr): [string, string] => [withFreshTable(() => toText(simplify(make()))), withFreshTable(() => toText(simplifyByPattern(make())))];

describe('simplify by pattern', () => {
  it('gives l_i l_j cos(q_i − q_j) for every entry, the later ones from the first one’s pattern', () => {
    const texts = withFreshTable(() => [entry(1, 2), entry(3, 4), entry(2, 10), entry(9, 10)].map((e) => toText(simplifyByPattern(e))));
    const expected = withFreshTable(() =>
      [
        [1, 2],
        [3, 4],
        [2, 10],
        [9, 10],
      ].map(([i, j]) => toText(mul(TWO, sym(`l${i}`), sym(`l${j}`), cos(sub(sym(`q${i}`), sym(`q${j}`)))))),
    );
    expect(texts).toEqual(expected);
  });
  it('renames q2 and q10, whose names sort the other way as strings, and back', () => {
    const [direct, byPattern] = both(() => add(mul(sin(sym('q10')), cos(sym('q2'))), neg(mul(cos(sym('q10')), sin(sym('q2'))))));
    expect(byPattern).toBe(direct);
  });
  it('simplifies as simplify does where pi or a number atom has a value of its own', () => {
    const x = sym('x');
    for (const make of [
      () => add(mul(sin(add(x, sym('pi'))), cos(x)), mul(cos(x), sin(x))),
      () => mul(numberExpr(1e-300), add(mul(cos(x), cos(x)), mul(sin(x), sin(x)))),
    ]) {
      const [direct, byPattern] = both(make);
      expect(byPattern).toBe(direct);
    }
  });
  it('agrees with simplify on random expressions', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const [direct, byPattern] = both(() => randomExpr(rng(seed), { depth: 3 }));
      expect(byPattern, `seed ${seed}`).toBe(direct);
    }
  });
});
