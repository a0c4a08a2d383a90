// Sparse integer polynomials over expression atoms: conversion from and to
// expressions against the kernel's own expand, arithmetic against the
// products the smart constructors build, exact division and the
// pseudo-remainder against their defining identities.
import { describe, expect, it } from 'vitest';
import { add, mul, pow, sym, type Expr } from '../../src/core/expr.js';
import { evaluate } from '../../src/core/evaluate.js';
import { expand } from '../../src/core/expand.js';
import { parseExpr } from '../../src/core/parse.js';
import {
  add as padd,
  coefficientsIn,
  collectAtoms,
  constant,
  content,
  degree,
  divExact,
  equals,
  fromExpr,
  leadingCoefficient,
  monomialContent,
  mul as pmul,
  pow as ppow,
  primitive,
  pseudoRemainder,
  ringOf,
  splitBy,
  sub as psub,
  toExpr,
  variable,
  type Poly,
  type Ring,
} from '../../src/core/poly.js';
import { rng, type Rng } from '../helpers/random.js';

const VARS = ['w', 'x', 'y', 'z'];
const RING: Ring = ringOf(VARS.map((v) => sym(v)));
const N = VARS.length;
const P = (s: string): Poly => fromExpr(parseExpr(s), RING).poly;

/** A random polynomial expression: up to `terms` terms, integer coefficients in [−5, 5], degree ≤ `deg` per variable. */
function randomPolyExpr(r: Rng, vars: readonly string[], terms: number, deg: number): Expr {
  const out: Expr[] = [];
  const count = 1 + Math.floor(r() * terms);
  for (let t = 0; t < count; t++) {
    const c = Math.floor(r() * 11) - 5 || 1;
    out.push(mul(parseExpr(String(c)), ...vars.map((v) => pow(sym(v), Math.floor(r() * (deg + 1))))));
  }
  return add(...out);
}

describe('polynomials from and to expressions', () => {
  it('round-trips 100 random products of sums to the expanded expression', () => {
    const r = rng(101);
    for (let i = 0; i < 100; i++) {
      const e = mul(randomPolyExpr(r, VARS, 3, 2), randomPolyExpr(r, VARS, 3, 2), pow(randomPolyExpr(r, VARS, 2, 1), 2));
      const { poly, den } = fromExpr(e, RING);
      expect(den).toBe(1n);
      expect(toExpr(poly, RING), `case ${i}`).toBe(expand(e));
    }
  });
  it('keeps rational coefficients as one common denominator: x/2 + y/3 = (3x + 2y)/6', () => {
    const { poly, den } = fromExpr(parseExpr('x/2 + y/3'), RING);
    expect(den).toBe(6n);
    expect(equals(poly, P('3*x + 2*y'))).toBe(true);
    expect(toExpr(poly, RING, den)).toBe(parseExpr('x/2 + y/3'));
  });
  it('treats functions and fractional powers as atoms: sin(x)·√y + sin(x)', () => {
    const e = parseExpr('sin(x)*sqrt(y) + sin(x)');
    const atoms = new Set<Expr>();
    collectAtoms(e, atoms);
    expect([...atoms]).toEqual(expect.arrayContaining([parseExpr('sin(x)'), parseExpr('sqrt(y)')]));
    expect(atoms.size).toBe(2);
    const ring = ringOf(atoms);
    expect(toExpr(fromExpr(e, ring).poly, ring)).toBe(e);
  });
});

describe('arithmetic', () => {
  it('sum, difference, product and power agree with the expanded expressions (100 random cases)', () => {
    const r = rng(202);
    for (let i = 0; i < 100; i++) {
      const a = randomPolyExpr(r, VARS, 4, 2);
      const b = randomPolyExpr(r, VARS, 4, 2);
      const [pa, pb] = [fromExpr(a, RING).poly, fromExpr(b, RING).poly];
      expect(toExpr(padd(pa, pb), RING)).toBe(expand(add(a, b)));
      expect(toExpr(psub(pa, pb), RING)).toBe(expand(add(a, mul(parseExpr('-1'), b))));
      expect(toExpr(pmul(pa, pb), RING)).toBe(expand(mul(a, b)));
      expect(toExpr(ppow(pa, 3, N), RING)).toBe(expand(pow(a, 3)));
    }
  });
  it('keeps terms in decreasing lex order (the first term leads)', () => {
    const p = P('z^5 + x*y + x^2 + w');
    expect(toExpr({ mons: [p.mons[0]!], coeffs: [p.coeffs[0]!] }, RING)).toBe(parseExpr('w'));
    for (let i = 1; i < p.mons.length; i++) expect(p.mons[i - 1]! > p.mons[i]!).toBe(true);
  });
});

describe('exact division', () => {
  it('recovers a from a·b for 150 random pairs', () => {
    const r = rng(303);
    for (let i = 0; i < 150; i++) {
      const a = fromExpr(randomPolyExpr(r, VARS, 4, 2), RING).poly;
      const b = fromExpr(randomPolyExpr(r, VARS, 4, 2), RING).poly;
      const q = divExact(pmul(a, b), b);
      expect(q && equals(q, a), `case ${i}`).toBe(true);
    }
  });
  it('refuses a non-divisor, proven by the remainder: (x² + y)/(x + y), (2x + 2)/(4x + 4), x/(x + 1)', () => {
    expect(divExact(P('x^2 + y'), P('x + y'))).toBeUndefined();
    expect(divExact(P('2*x + 2'), P('4*x + 4'))).toBeUndefined(); // not in Z[x]
    expect(divExact(P('x'), P('x + 1'))).toBeUndefined();
    expect(equals(divExact(P('x^3 - y^3'), P('x - y'))!, P('x^2 + x*y + y^2'))).toBe(true);
  });
  it('refuses every a·b + 1 by b (b non-constant, 100 random cases)', () => {
    const r = rng(404);
    let tried = 0;
    for (let i = 0; i < 100; i++) {
      const a = fromExpr(randomPolyExpr(r, VARS, 3, 2), RING).poly;
      const b = fromExpr(randomPolyExpr(r, VARS, 3, 2), RING).poly;
      if (b.mons.length === 1 && /^\0*$/.test(b.mons[0]!)) continue;
      tried++;
      expect(divExact(padd(pmul(a, b), constant(N, 1n)), b), `case ${i}`).toBeUndefined();
    }
    expect(tried).toBeGreaterThan(90);
  });
});

describe('pseudo-remainder', () => {
  it('satisfies lc(b)^(deg a − deg b + 1)·a = q·b + r with deg r < deg b (100 random cases, every variable)', () => {
    const r = rng(505);
    let checked = 0;
    for (let i = 0; i < 100; i++) {
      const a = fromExpr(randomPolyExpr(r, VARS, 5, 3), RING).poly;
      const b = fromExpr(randomPolyExpr(r, VARS, 3, 2), RING).poly;
      const v = i % N;
      const da = degree(a, v);
      const db = degree(b, v);
      if (db < 1 || da < db) continue;
      const rem = pseudoRemainder(a, b, v, N);
      expect(degree(rem, v) < db).toBe(true);
      const scaled = pmul(ppow(leadingCoefficient(b, v), da - db + 1, N), a);
      expect(divExact(psub(scaled, rem), b), `case ${i}`).toBeDefined();
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });
  it('of x³ + y by x + y in x is y − y³ (lc = 1)', () => {
    expect(equals(pseudoRemainder(P('x^3 + y'), P('x + y'), 1, N), P('y - y^3'))).toBe(true);
  });
});

describe('contents and parts', () => {
  it('splits 6x²y + 4xy² into content 2, monomial xy and primitive 3x + 2y', () => {
    const p = P('6*x^2*y + 4*x*y^2');
    expect(content(p)).toBe(2n);
    expect(toExpr({ mons: [monomialContent(p)], coeffs: [1n] }, RING)).toBe(parseExpr('x*y'));
    expect(equals(primitive(P('-6*x - 4*y')), P('3*x + 2*y'))).toBe(true);
  });
  it('reassembles a polynomial from its coefficients in a variable and from a split by variables', () => {
    const p = P('3*x^2*y + x*z - y*z^2 + 7*w*x^2 + 2');
    let back: Poly = { mons: [], coeffs: [] };
    for (const [k, c] of coefficientsIn(p, 1)) back = padd(back, pmul(c, variable(N, 1, k)));
    expect(equals(back, p)).toBe(true);
    const parts = splitBy(p, new Set([1, 3]));
    back = { mons: [], coeffs: [] };
    for (const [m, c] of parts) back = padd(back, pmul(c, { mons: [m], coeffs: [1n] }));
    expect(equals(back, p)).toBe(true);
    for (const c of parts.values()) expect(degree(c, 1) <= 0 && degree(c, 3) <= 0).toBe(true);
  });
  it('evaluates like the expression it came from', () => {
    const e = parseExpr('(x - 2*y)^3*(w + z/3) - 5/7');
    const { poly, den } = fromExpr(e, RING);
    const env = { w: 0.3, x: -1.2, y: 0.7, z: 2.1 };
    expect(evaluate(toExpr(poly, RING, den), env)).toBeCloseTo(evaluate(e, env), 12);
  });
});
