import { describe, expect, it } from 'vitest';
import { add, cos, HALF, mul, num, pow, sin, sym, TWO, type Expr } from '../../src/core/expr.js';
import { expand } from '../../src/core/expand.js';
import { collectFactors } from '../../src/core/factor.js';
import { parseExpr } from '../../src/core/parse.js';
import { rat } from '../../src/core/rational.js';
import { toText } from '../../src/core/print.js';
import { canonicalProblems, snapshot } from './canonical.js';
import { agreeNumerically, randomExprs } from './random-expr.js';

const a = sym('a');
const b = sym('b');
const c = sym('c');
const p = (s: string): Expr => parseExpr(s);
const cf = (s: string): Expr => collectFactors(p(s));

describe('collecting common factors', () => {
  it('pulls out the common monomial and coefficient: 2ab + 2ac = 2a(b + c)', () => {
    expect(cf('2*a*b + 2*a*c')).toBe(mul(TWO, a, add(b, c)));
  });
  it('pulls out a negative sign when every term is negative', () => {
    expect(cf('-2*a*b - 2*a*c')).toBe(mul(num(-2), a, add(b, c)));
  });
  it('pulls out rational coefficients: a/2 + b/3 = (3a + 2b)/6', () => {
    expect(cf('a/2 + b/3')).toBe(mul(num(rat(1, 6)), p('3*a + 2*b')));
  });
  it('pulls out common negative powers: a/x + b/x = (a + b)/x', () => {
    expect(cf('a/x + b/x')).toBe(mul(pow(sym('x'), -1), add(a, b)));
  });
  it('pulls out the smaller power: a²b + a³c = a²(b + ac)', () => {
    expect(cf('a^2*b + a^3*c')).toBe(mul(pow(a, 2), p('b + a*c')));
  });
  it('does not combine powers of opposite signs: x + 1/x stays', () => {
    expect(cf('x + 1/x')).toBe(p('x + 1/x'));
  });
  it('collects the factor shared by most terms: l1 l2 cos(q)(m2 + m3) + m1', () => {
    const e = cf('l1*l2*m2*cos(q) + l1*l2*m3*cos(q) + m1');
    expect(e).toBe(add(mul(sym('l1'), sym('l2'), cos(sym('q')), add(sym('m2'), sym('m3'))), sym('m1')));
  });
  it('collects inside bases of powers', () => {
    expect(collectFactors(pow(add(mul(TWO, a), mul(TWO, b)), HALF))).toBe(pow(mul(TWO, add(a, b)), HALF));
  });
  it('keeps both powers of x^y: x^y·(x^y)^(1/2)·z + 2x^y·(x^y)^(1/2) = (x^y)^(3/2)(z + 2) (the monomial once held one of them only)', () => {
    const xy = pow(sym('x'), sym('y'));
    const t = mul(xy, pow(xy, HALF));
    const e = add(mul(t, sym('z')), mul(t, TWO));
    expect(collectFactors(e)).toBe(mul(pow(xy, num(rat(3, 2))), add(sym('z'), TWO)));
    const { mismatch, compared } = agreeNumerically(e, collectFactors(e), 1, 16);
    expect(mismatch).toBeUndefined();
    expect(compared).toBeGreaterThan(0);
  });
  it('leaves atoms and single terms alone', () => {
    expect(collectFactors(a)).toBe(a);
    expect(cf('3*a*b^2')).toBe(p('3*a*b^2'));
  });
});

describe('collecting factors of random expressions', () => {
  const exprs = [...randomExprs(8000, 150, { depth: 3 }), ...randomExprs(8200, 100, { depth: 3 }).map(expand)];
  it('agrees numerically with the expression', () => {
    for (const [i, e] of exprs.entries()) {
      const { mismatch } = agreeNumerically(e, collectFactors(e), 8000 + i);
      expect(mismatch, `case ${i}: ${toText(e)} → ${toText(collectFactors(e))}`).toBeUndefined();
    }
  });
  it('is in canonical form', () => {
    for (const e of exprs) expect(canonicalProblems(collectFactors(e)), toText(e)).toEqual([]);
  });
  it('expands back to the expansion of its input (polynomials in x, y, z, sin, cos, exp)', () => {
    // Only where expansion is a canonical form: with quotients, 1/(2 + 2z)
    // and 1/(2(1 + z)) expand to different (equal) nodes.
    for (const e of randomExprs(8400, 150, { depth: 3, quotients: false, halfPowers: false })) {
      expect(expand(collectFactors(e)), toText(e)).toBe(expand(e));
      expect(expand(collectFactors(expand(e))), toText(e)).toBe(expand(e));
    }
  });
  it('never mutates its input', () => {
    for (const e of exprs.slice(0, 40)) {
      const before = snapshot(e);
      collectFactors(e);
      expect(snapshot(e)).toEqual(before);
    }
  });
});

// Sums of up to 32 terms are collected by scans (SmallTerms), longer ones
// through the index (Terms): the same greedy, so the same node either way.
describe('collecting small sums (scanned) and long ones (indexed) alike', () => {
  // −g l_k sin(q_k) Σ_{i≥k} m_i + Σ_{j≠k} l_j l_k u_j² sin(q_j − q_k) Σ_{i≥max(j,k)} m_i:
  // the forcing of link k of the n-link pendulum, velocities u_j.
  const forcingRow = (n: number, k: number): { expanded: Expr; collected: Expr; terms: number } => {
    const s = (name: string, i: number): Expr => sym(`${name}${i}`);
    const masses = (from: number): Expr => add(...Array.from({ length: n - from + 1 }, (_, i) => s('m', from + i)));
    const parts: Expr[] = [mul(num(-1), sym('g'), sin(s('q', k)), masses(k))];
    for (let j = 1; j <= n; j++)
      if (j !== k) parts.push(mul(s('l', j), pow(s('u', j), 2), sin(add(s('q', j), mul(num(-1), s('q', k)))), masses(Math.max(j, k))));
    const inner = add(...parts);
    const expanded = expand(mul(s('l', k), inner));
    return { expanded, collected: mul(s('l', k), inner), terms: expanded.kind === 'add' ? expanded.terms.length : 1 };
  };
  it('the 10-link pendulum’s 4th forcing row (49 terms, indexed) is l4·(−g sin(q4)(m4 + … + m10) + Σ l_j u_j² sin(q_j − q4)(m_max(j,4) + … + m10))', () => {
    const { expanded, collected, terms } = forcingRow(10, 4);
    expect(terms).toBe(49);
    expect(collectFactors(expanded)).toBe(collected);
  });
  it('the 5-link pendulum’s 2nd forcing row (14 terms, scanned) likewise', () => {
    const { expanded, collected, terms } = forcingRow(5, 2);
    expect(terms).toBe(14);
    expect(collectFactors(expanded)).toBe(collected);
  });
  it('breaks ties by canonical order, not by creation order, on both paths: (ta + tb)(tx + ty) + Σ z_i = ta(tx + ty) + tb(tx + ty) + Σ z_i', () => {
    // Made in reverse canonical order, so node ids order them the other way.
    const [ty, tx, tb, ta] = ['ty', 'tx', 'tb', 'ta'].map((n) => sym(n)) as [Expr, Expr, Expr, Expr];
    for (const fillers of [2, 40]) {
      const zs = Array.from({ length: fillers }, (_, i) => sym(`tz${i}`));
      const e = expand(add(mul(add(ta, tb), add(tx, ty)), ...zs));
      expect(e.kind === 'add' && e.terms.length).toBe(4 + fillers);
      expect(collectFactors(e), `${fillers} fillers`).toBe(add(mul(ta, add(tx, ty)), mul(tb, add(tx, ty)), ...zs));
    }
  });
});

describe('collecting long sums', () => {
  it('collects 2000 groups x_i·a_i + x_i·b_i into Σ x_i(a_i + b_i), one group after the other (a loop, not a recursion per group)', () => {
    const groups = Array.from({ length: 2000 }, (_, i) => [sym(`x${i}`), sym(`a${i}`), sym(`b${i}`)] as const);
    const e = add(...groups.flatMap(([x, y, z]) => [mul(x, y), mul(x, z)]));
    expect(collectFactors(e)).toBe(add(...groups.map(([x, y, z]) => mul(x, add(y, z)))));
  });
  it('takes the shared monomial of the most weight first, then collects what remains: the n-link pendulum’s l₁-row', () => {
    // l1 l2 cos(q1 − q2)(m2 + m3) + l1 l3 m3 cos(q1 − q3) + g l1 sin(q1)(m1 + m2 + m3), expanded.
    const e = expand(p('l1*l2*cos(q1 - q2)*(m2 + m3) + l1*l3*m3*cos(q1 - q3) + g*l1*sin(q1)*(m1 + m2 + m3)'));
    expect(collectFactors(e)).toBe(
      mul(
        sym('l1'),
        add(mul(sym('g'), p('sin(q1)'), p('m1 + m2 + m3')), mul(sym('l2'), p('cos(q1 - q2)'), p('m2 + m3')), mul(sym('l3'), sym('m3'), p('cos(q1 - q3)'))),
      ),
    );
  });
});
