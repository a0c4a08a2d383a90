// Operation counts of the n-link pendulum's M + forcing block against
// SymPy's cse, bench/ops.ts: one counting rule for both
// programs, checked by hand on small ones; our program as codegen prints
// it, SymPy's read back from sympy.cse's output, both computing the same
// M and forcing. The SymPy half runs when Python with SymPy is installed.
import { beforeAll, describe, expect, it } from 'vitest';
import { countCalls, countOps, fromPython, genericPoint, pendulumDynamics, runProgram, sympyCseFigures, type CseFigures } from '../../bench/ops.js';
import { pythonWith } from '../../bench/peers.js';
import { evaluate } from '../../src/core/evaluate.js';

const SIZES = [2, 4];
const blocks = new Map(SIZES.map((n) => [n, pendulumDynamics(n)]));
const block = (n: number) => blocks.get(n)!;

describe('the operation count of a straight-line program', () => {
  const ops = (...lines: string[]) =>
    countOps(
      lines.map((line) => (line.includes('=') ? { name: line.split('=')[0]!.trim(), expr: fromPython(line.split('=')[1]!) } : { expr: fromPython(line) })),
    );

  it('agrees with a hand count: each + − × ÷, negation and call one, a square one product', () => {
    // a·b, c·c, sin, ÷e, +, −
    expect(ops('a*b + c**2 - sin(d)/e')).toBe(6);
    // the product and its negation
    expect(ops('-x*y')).toBe(2);
    // one product by the coefficient 1.5
    expect(ops('3*x/2')).toBe(1);
    // 1/(x·x): a product and a division; x³: two products
    expect(ops('x**(-2)')).toBe(2);
    expect(ops('x**3')).toBe(2);
  });

  it('counts a temporary once where it is made and nothing where it is read', () => {
    expect(ops('t = a + b', 't*t*c', 't - c')).toBe(1 + 2 + 1);
    expect(countCalls([{ name: 's', expr: fromPython('sin(q1)') }, { expr: fromPython('s*cos(q2) + s*cos(q1)') }])).toBe(3);
  });
});

describe('our program for the n-link pendulum', () => {
  it.each(SIZES)('n = %i: counts what the generated module reports (dynamicsOps)', (n) => {
    expect(countOps(block(n).ours)).toBe(block(n).dynamicsOps);
  });

  it.each(SIZES)('n = %i: computes the DerivedSystem’s M and forcing, as the prepared expressions do', (n) => {
    const { ours, prepared, derived } = block(n);
    const env = genericPoint(derived);
    expect(prepared).toHaveLength((n * (n + 1)) / 2 + n);
    const values = runProgram(ours, env);
    derived.forEach((e, i) => {
      expect(values[i]).toBeCloseTo(evaluate(e, env), 12);
      expect(evaluate(prepared[i]!, env)).toBeCloseTo(evaluate(e, env), 12);
    });
  });
});

describe.runIf(pythonWith('sympy'))('against sympy.cse on the same expressions', () => {
  const figures = new Map<number, CseFigures[]>();
  beforeAll(() => {
    for (const n of SIZES) figures.set(n, sympyCseFigures(block(n)));
  });
  const of = (n: number, input: CseFigures['input'], mode: CseFigures['mode']) => figures.get(n)!.find((f) => f.input === input && f.mode === mode)!;

  it('reads back each of SymPy’s four programs per size, computing our M and forcing', () => {
    for (const n of SIZES) {
      expect(
        figures
          .get(n)!
          .map((f) => `${f.input}/${f.mode}`)
          .sort(),
      ).toEqual(['derived/basic', 'derived/none', 'prepared/basic', 'prepared/none']);
      for (const f of figures.get(n)!) expect(f.deviation).toBeLessThan(1e-12);
      // Without angle sums SymPy calls cos(qᵢ − qⱼ) and sin(qᵢ − qⱼ) for every pair and sin qᵢ in the
      // forcing: n(n − 1) + n calls; with them, sin and cos of each angle: 2n. Codegen expands them
      // where that saves calls (n = 4); at n = 2 it would not (4 calls either way), and the
      // prepared expressions keep sin(q₁ − q₂), cos(q₁ − q₂), sin q₁, sin q₂.
      expect(of(n, 'derived', 'none').calls).toBe(n * n);
      expect(of(n, 'prepared', 'none').calls).toBe(2 * n);
      expect(of(n, 'prepared', 'none').calls).toBe(n === 2 ? of(n, 'derived', 'none').calls : 2 * n);
    }
  });

  // On the input our CSE gets (angle sums expanded, factors out) ours is never larger.
  it.each(SIZES)('n = %i: ours is no larger than sympy.cse’s programs on the prepared expressions', (n) => {
    for (const mode of ['none', 'basic'] as const) expect(block(n).dynamicsOps, `prepared/${mode}`).toBeLessThanOrEqual(of(n, 'prepared', mode).ops);
  });

  // On the DerivedSystem's expressions SymPy keeps sin and cos of every angle difference
  // (n² calls at n = 4) where ours calls them of each angle (2n): each call saved costs
  // at most the 3 operations of one angle sum (cos a cos b + sin a sin b), and nothing else is larger.
  it.each(SIZES)('n = %i: on the derived expressions, ours exceeds sympy.cse only by its angle sums', (n) => {
    const ours = { ops: block(n).dynamicsOps, calls: countCalls(block(n).ours) };
    for (const mode of ['none', 'basic'] as const) {
      const f = of(n, 'derived', mode);
      expect(ours.calls, `derived/${mode}: calls`).toBeLessThanOrEqual(f.calls);
      expect(ours.ops - ours.calls - (f.ops - f.calls), `derived/${mode}: operations other than calls`).toBeLessThanOrEqual(3 * (f.calls - ours.calls));
    }
  });
});
