// Common parts of sums and products (src/core/share.ts): each rewritten
// block computes the same values as its outputs, never costs more
// operations than CSE of whole nodes alone, and costs what a hand count of
// the shared program gives on the cases the pass exists for.
import { describe, expect, it } from 'vitest';
import { add, cos, mul, neg, num, pow, sin, sub, sym, withFreshTable, type Expr } from '../../src/core/expr.js';
import { computedAs, cse, printedForms, representative, type Rewrites } from '../../src/core/cse.js';
import { shareParts } from '../../src/core/share.js';
import { evaluate } from '../../src/core/evaluate.js';
import { printJs } from '../../src/codegen/js-expr.js';
import { canonicalProblems } from './canonical.js';
import { randomExprs, randomPoint, rng } from './random-expr.js';

const [a, b, c, d, x, y, z] = ['a', 'b', 'c', 'd', 'x', 'y', 'z'].map(sym) as [Expr, Expr, Expr, Expr, Expr, Expr, Expr];
const [m1, m2, m3, m4] = ['m1', 'm2', 'm3', 'm4'].map(sym) as [Expr, Expr, Expr, Expr];

/** The straight-line program codegen makes of `outputs`: temporaries t0, t1, … then the outputs, as printed JavaScript with its operation count. */
function program(outputs: readonly Expr[], rewrites: Rewrites = shareParts(outputs)) {
  const result = cse(outputs, rewrites);
  const names = new Map(result.shared.map((u, k) => [u, `t${k}`]));
  const nameOf = (u: Expr): string | undefined => (u.kind === 'sym' && !rewrites.has(u) ? u.name : names.get(representative(u, rewrites)));
  const printedAs = printedForms(result, rewrites);
  const temps = result.shared.map((u) => printJs(printedAs(u), nameOf, printedAs(u)));
  const outs = outputs.map((o) => printJs(o, nameOf));
  const ops = [...temps, ...outs].reduce((s, p) => s + p.ops, 0);
  const text = [...temps.map((p, k) => `t${k} = ${p.code}`), ...outs.map((p) => p.code)].join('\n');
  return {
    ops,
    text,
    run: (env: Record<string, number>) =>
      run(
        temps.map((p) => p.code),
        outs.map((p) => p.code),
        env,
      ),
  };
}

/** The program's outputs at env (the printed code evaluated, temporaries in order). */
function run(temps: readonly string[], outs: readonly string[], env: Record<string, number>): number[] {
  const params = Object.keys(env);
  const body = `${temps.map((t, k) => `const t${k} = ${t};`).join('\n')}\nreturn [${outs.join(', ')}];`;
  return new Function(...params, body)(...params.map((p) => env[p])) as number[];
}

const plain = (outputs: readonly Expr[]) => program(outputs, new Map());

describe('sharing the common parts of sums', () => {
  it('nests suffix sums: m₁ + … + m₄, m₂ + m₃ + m₄, m₃ + m₄ cost 3 additions, not 6', () => {
    const outputs = [add(m1, m2, m3, m4), add(m2, m3, m4), add(m3, m4)];
    expect(plain(outputs).ops).toBe(6);
    const rewrites = shareParts(outputs);
    expect(program(outputs, rewrites).ops).toBe(3);
    // m₂ + m₃ + m₄ is computed as m₂ + (a placeholder standing for the node m₃ + m₄ itself).
    const middle = computedAs(add(m2, m3, m4), rewrites);
    expect(middle.kind === 'add' && middle.terms.map((t) => t.expr)).toContain(m2);
    expect(representative(middle.kind === 'add' ? middle.terms.find((t) => t.expr !== m2)!.expr : middle, rewrites)).toBe(add(m3, m4));
  });

  it('binds a part whose terms subtract as their sum and subtracts it: c − a − b, d − a − b cost 3, not 4', () => {
    const outputs = [sub(sub(c, a), b), sub(sub(d, a), b)];
    expect(plain(outputs).ops).toBe(4);
    const rewrites = shareParts(outputs);
    expect(program(outputs, rewrites).ops).toBe(3);
    const part = [...rewrites].find(([k]) => k.kind === 'sym')![1];
    expect(part).toBe(add(a, b));
  });

  it('shares only terms with the same coefficient', () => {
    const outputs = [add(mul(num(2), a), b, c), add(a, b, d), add(neg(a), b, x)];
    expect(program(outputs).ops).toBe(plain(outputs).ops);
  });
});

describe('sharing the common parts of products', () => {
  it('nests common factors: abz, abcx, abcy become ab·z, (ab·c)·x, (ab·c)·y: 5 products, not 8', () => {
    const outputs = [mul(a, b, z), mul(a, b, c, x), mul(a, b, c, y)];
    expect(plain(outputs).ops).toBe(8);
    expect(program(outputs).ops).toBe(5);
  });

  it('binds a square used in several products once: x²a, x²b, x²c cost 4, not 6', () => {
    const outputs = [mul(pow(x, 2), a), mul(pow(x, 2), b), mul(pow(x, 2), c)];
    expect(plain(outputs).ops).toBe(6);
    expect(program(outputs).ops).toBe(4);
  });

  it('lets a product stand for a part only with coefficient 1: −ab, abc and ab read ab once', () => {
    const ab = mul(a, b);
    const outputs = [neg(ab), mul(ab, c), ab];
    const rewrites = shareParts(outputs);
    // ab (1), −t (1), t·c (1); without sharing abc multiplies a·b again (−ab reads the node ab either way).
    expect(program(outputs, rewrites).ops).toBe(3);
    expect(plain(outputs).ops).toBe(4);
    const env = { a: 1.5, b: -0.7, c: 2.1 };
    expect(program(outputs, rewrites).run(env)).toEqual(outputs.map((o) => evaluate(o, env)));
  });

  it('reads a part that is itself a later product as that product: 3l²m, 2l²m, l²m (an n-link pendulum with one l and m)', () => {
    // The part of 3l²m and 2l²m is the node l²m: it once became a placeholder standing for l²m, rewritten as that placeholder, a cycle.
    const l2m = mul(pow(x, 2), a);
    const outputs = [mul(num(3), l2m), mul(num(2), l2m), l2m];
    // x·x·a (2), then 3·t and 2·t.
    expect(program(outputs).ops).toBe(4);
    const env = { x: 1.5, a: -0.25 };
    expect(program(outputs).run(env)).toEqual(outputs.map((o) => evaluate(o, env)));
  });

  it('binds Sⱼ·lⱼ·q̇ⱼ² once for the forcing rows of a three-link pendulum (the terms of rows 1 and 2 for link 3)', () => {
    const [l1, l2, l3, u3, v, w] = ['l1', 'l2', 'l3', 'qd3', 'v', 'w'].map(sym) as [Expr, Expr, Expr, Expr, Expr, Expr];
    const outputs = [mul(l1, add(mul(m3, l3, pow(u3, 2), v), sin(x))), mul(l2, add(mul(m3, l3, pow(u3, 2), w), cos(x)))];
    // Unshared: each row multiplies m₃·l₃·q̇₃·q̇₃·(v or w): 4 products a row.
    expect(program(outputs).ops).toBe(plain(outputs).ops - 3);
  });
});

describe('a shared program', () => {
  const blocks = Array.from({ length: 40 }, (_, k) => randomExprs(7000 + 13 * k, 6, { depth: 4, exp: false, halfPowers: false }));

  it('computes the outputs’ values (random blocks, random points)', () => {
    blocks.forEach((outputs, k) => {
      const env = randomPoint(rng(k), 0.4, 1.4);
      const want = outputs.map((o) => evaluate(o, env));
      program(outputs)
        .run(env)
        .forEach((v, i) => {
          if (Number.isFinite(want[i]!)) expect(Math.abs(v - want[i]!), `block ${k}, output ${i}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want[i]!)));
        });
    });
  });

  it('rewrites every node into canonical form (placeholders merged in among the other factors and terms, random blocks)', () => {
    let placeholdersAmongOthers = 0;
    for (const outputs of blocks) {
      for (const [from, to] of shareParts(outputs)) {
        expect(canonicalProblems(to), `rewrite of #${from.id}`).toEqual([]);
        if (to.kind === 'mul' && to.factors.some((f) => f.base.kind === 'sym' && f.base.name.startsWith('#')) && to.factors.some((f) => f.base.kind !== 'sym'))
          placeholdersAmongOthers++;
      }
    }
    expect(placeholdersAmongOthers).toBeGreaterThan(10);
  });

  it('never costs more operations than CSE of whole nodes, and less on most random blocks', () => {
    const saved = blocks.map((outputs) => plain(outputs).ops - program(outputs).ops);
    for (const s of saved) expect(s).toBeGreaterThanOrEqual(0);
    expect(saved.filter((s) => s > 0).length).toBeGreaterThan(blocks.length / 2);
  });

  it('is the same text whatever was built before (a fresh intern table)', () => {
    const make = () => [mul(a, b, z), add(m1, m2, m3, m4), mul(a, b, c, x), add(m2, m3, m4), mul(pow(x, 2), a, add(m3, m4)), mul(pow(x, 2), b)];
    const here = program(make()).text;
    expect(withFreshTable(() => program(make()).text)).toBe(here);
  });
});
