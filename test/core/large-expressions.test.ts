// Large models make wide sums (10⁵ terms in the 100-link pendulum's energy)
// and may make deep ones: no kernel pass may hit V8's limit on spread
// arguments (≈ 120,000) or on the call stack (≈ 10⁴ frames of a pass).
// Sizes are the smallest that prove it, so the file stays fast on a loaded
// machine: the recursive passes before commit 4ebc9a6 (diff, evaluate,
// expand, print, opCount, simplify, subs) all overflowed on this chain at
// 8000 levels already, most at 2000.
import { describe, expect, it } from 'vitest';
import { add, addAll, cos, dependsOn, freeSymbols, mul, num, pow, sin, sym, type Expr } from '../../src/core/expr.js';
import { cancel, cancelQuotients } from '../../src/core/cancel.js';
import { opCount } from '../../src/core/cost.js';
import { cse } from '../../src/core/cse.js';
import { diff } from '../../src/core/diff.js';
import { evaluate } from '../../src/core/evaluate.js';
import { expand } from '../../src/core/expand.js';
import { collectFactors } from '../../src/core/factor.js';
import { toText } from '../../src/core/print.js';
import { subs } from '../../src/core/subs.js';
import { together } from '../../src/core/together.js';
import { simplify, simplifyTrig } from '../../src/core/trig.js';
import { expandAngleSums } from '../../src/codegen/angle-sums.js';

const x = sym('x');
const y = sym('y');

describe('a sum of 2000 terms', () => {
  // Σ_i (i·x_i sin q_i + x_i cos q_i)·(sin²q_i + cos²q_i): 2000 groups whose
  // trigonometric parts each reduce to 1.
  const K = 1000;
  const terms: Expr[] = [];
  for (let i = 1; i <= K; i++) {
    const q = sym(`q${i}`);
    const xi = sym(`x${i}`);
    const one = add(pow(sin(q), 2), pow(cos(q), 2));
    terms.push(mul(num(i), xi, sin(q), one), mul(xi, cos(q), one));
  }
  const e = addAll(terms);

  it('expands to 4000 monomials and simplifies back to 2000 terms', () => {
    const ex = expand(e);
    expect(ex.kind === 'add' && ex.terms.length).toBe(4 * K);
    const s = simplify(e);
    expect(s.kind === 'add' && s.terms.length).toBe(2 * K);
    expect(simplifyTrig(ex)).toBe(s);
  });

  it('goes through differentiation, substitution, evaluation, CSE, factoring and printing', () => {
    const s = simplify(e);
    // ∂/∂x_7 of Σ (i x_i sin q_i + x_i cos q_i) is 7 sin q_7 + cos q_7.
    expect(diff(s, 'x7')).toBe(add(mul(num(7), sin(sym('q7'))), cos(sym('q7'))));
    const env: Record<string, number> = {};
    let expected = 0;
    for (let i = 1; i <= K; i++) {
      env[`q${i}`] = i / K;
      env[`x${i}`] = 1 / i;
      expected += Math.sin(i / K) + Math.cos(i / K) / i;
    }
    expect(evaluate(e, env)).toBeCloseTo(expected, 9);
    expect(evaluate(subs(s, new Map([['x1', y]])), { ...env, y: 1 })).toBeCloseTo(expected, 9);
    // x_i(i sin q_i + cos q_i): one product per i.
    const f = collectFactors(s);
    expect(f.kind === 'add' && f.terms.length).toBe(K);
    expect(evaluate(f, env)).toBeCloseTo(expected, 9);
    expect(cse([s, e]).shared.length).toBeGreaterThan(2 * K);
    expect(freeSymbols(s).size).toBe(2 * K);
    expect(toText(s).length).toBeGreaterThan(20 * K);
    expect(opCount(s)).toBeGreaterThan(6 * K);
    expect(evaluate(expandAngleSums(s), env)).toBeCloseTo(expected, 9);
    expect(evaluate(cancelQuotients(s), env)).toBeCloseTo(expected, 9);
  });
});

describe('a chain 2·10⁴ deep', () => {
  // e_0 = x, e_{k+1} = x + sin(e_k): every level nests one sum and one sine,
  // 4·10⁴ nodes deep.
  const DEPTH = 20_000;
  let e: Expr = x;
  for (let k = 0; k < DEPTH; k++) e = add(x, sin(e));
  const x0 = 0.3;
  let value = x0;
  let slope = 1;
  for (let k = 0; k < DEPTH; k++) {
    // d/dx (x + sin e_k) = 1 + cos(e_k)·e_k'
    slope = 1 + Math.cos(value) * slope;
    value = x0 + Math.sin(value);
  }

  it('is deeper than a recursive walk of one frame per node can go', () => {
    const depth = (f: Expr): number => (f.kind === 'add' ? 1 + depth(f.terms[f.terms.length - 1]!.expr) : f.kind === 'fn' ? 1 + depth(f.args[0]!) : 0);
    expect(() => depth(e)).toThrow(RangeError);
  });

  it('is built, hashed and ordered without recursion on its depth', () => {
    expect(dependsOn(e, 'x')).toBe(true);
    expect([...freeSymbols(e)]).toEqual(['x']);
    expect(evaluate(e, { x: x0 })).toBeCloseTo(value, 12);
  });

  it('goes through every rewriting pass unchanged (it is already expanded and simplified)', () => {
    expect(expand(e)).toBe(e);
    expect(simplifyTrig(e)).toBe(e);
    expect(simplify(e)).toBe(e);
    expect(subs(e, new Map([['y', x]]))).toBe(e);
    expect(collectFactors(e)).toBe(e);
    expect(cancelQuotients(e)).toBe(e);
    expect(expandAngleSums(e)).toBe(e);
  });

  it('is differentiated, substituted, counted, shared and printed', () => {
    expect(evaluate(diff(e, 'x'), { x: x0 })).toBeCloseTo(slope, 9);
    expect(evaluate(subs(e, new Map([['x', y]])), { y: x0 })).toBeCloseTo(value, 12);
    expect(opCount(e)).toBe(2 * DEPTH);
    // Each level is used once: nothing to share.
    expect(cse([e]).shared).toEqual([]);
    const text = toText(e);
    expect(text.startsWith('x + sin(x + sin(')).toBe(true);
    expect(text.length).toBe(DEPTH * 'x + sin()'.length + 1);
  });

  it('goes through cancel and together', () => {
    expect(evaluate(cancel(e), { x: x0 })).toBeCloseTo(value, 12);
    expect(evaluate(together(e), { x: x0 })).toBeCloseTo(value, 12);
  });
});
