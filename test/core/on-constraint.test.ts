// Expressions shortened on a polynomial constraint: the billiard's circle.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import { leadingForm, reduceOn } from '../../src/core/on-constraint.js';
import { parseExpr } from '../../src/core/parse.js';
import type { Expr } from '../../src/core/expr.js';
import { subs } from '../../src/core/subs.js';
import { preImpactSymbol } from '../../src/model/names.js';
import billiard from '../../derivations/circle-billiard.js';
import { derived } from '../helpers/examples.js';

const p = (s: string) => parseExpr(s);
const circle = leadingForm(p('R^2 - x^2 - y^2'), ['x', 'y'])!;

describe('the leading form of a polynomial gap', () => {
  it('of the circle R² − x² − y²: x² + y² (up to sign) equals R²', () => {
    const [[m1, c1], [m2, c2]] = [...circle.terms];
    // On the circle Σ c·m = value: −x² − y² = −R², the sign carried on both sides.
    expect(evaluate(m1!, { x: 0.6, y: 0.8 }) * Number(c1!.n) + evaluate(m2!, { x: 0.6, y: 0.8 }) * Number(c2!.n)).toBeCloseTo(
      evaluate(circle.value, { R: 1 }) * 1,
      12,
    );
    expect(evaluate(circle.value, { R: 2 })).toBe(-4);
  });
  it('is none for a gap not polynomial in the coordinates, or with one leading monomial', () => {
    expect(leadingForm(p('1 - sin(x) - y^2'), ['x', 'y'])).toBeUndefined();
    expect(leadingForm(p('R - x'), ['x', 'y'])).toBeUndefined();
    expect(leadingForm(p('R^2 - x^2 - y^2 + x*y*t'), ['x', 'y'])).toBeDefined();
  });
});

describe('an expression reduced on the circle', () => {
  it('the contact phase and the impact map: x² + y² becomes R²', () => {
    expect(reduceOn(p('-x*(xd^2 + yd^2)/(x^2 + y^2)'), circle)).toBe(p('-x*(xd^2 + yd^2)/R^2'));
    expect(reduceOn(p('(1 + e)*(x*xd + y*yd)/(2*(x^2 + y^2))'), circle)).toBe(p('(1 + e)*(x*xd + y*yd)/(2*R^2)'));
  });
  it('a multiple of the form inside a longer sum, and nothing where the sum holds only part of it', () => {
    expect(reduceOn(p('1/(3*x^2 + 3*y^2 + z)'), circle)).toBe(p('1/(3*R^2 + z)'));
    expect(reduceOn(p('1/(x^2 + 2*y^2)'), circle)).toBe(p('1/(x^2 + 2*y^2)'));
    expect(reduceOn(p('e*x^2 - y^2'), circle)).toBe(p('e*x^2 - y^2'));
  });
  it('keeps the value at every point of the circle', () => {
    const e = p('(x*y*(1 + e)*yd + (e*x^2 - y^2)*xd)/(x^2 + y^2) + sqrt(x^2 + y^2)');
    const r = reduceOn(e, circle);
    expect(r).not.toBe(e);
    for (const phi of [0.3, 1.7, 4]) {
      const env = { R: 1.5, x: 1.5 * Math.cos(phi), y: 1.5 * Math.sin(phi), e: 0.9, xd: 0.2, yd: -1.1 };
      expect(evaluate(r, env)).toBeCloseTo(evaluate(e, env), 12);
    }
  });
});

describe('the billiard in a circle derived on its wall (kozlov1988 §3)', () => {
  const system = derived(billiard);
  const u = system.unilateral!;
  // xd, yd: the velocities ẋ, ẏ, or ẋ⁻, ẏ⁻ before the impact.
  const [cx, cy] = system.model.coordinates;
  const at = (text: string, before = false): Expr =>
    subs(
      p(text),
      new Map([
        ['xd', before ? preImpactSymbol(cx!.q) : cx!.qd],
        ['yd', before ? preImpactSymbol(cy!.q) : cy!.qd],
      ]),
    );
  it('its contact phase: ẍ = −x(ẋ² + ẏ²)/R², σ̇ = (ẋ² + ẏ²)/(2R²)', () => {
    const phase = u.phases[0]!.explicit!;
    expect(phase.qdd[0]).toBe(at('-x*(xd^2 + yd^2)/R^2'));
    expect(phase.multipliers[0]).toBe(at('(xd^2 + yd^2)/(2*R^2)'));
  });
  it('its impact map printed on the circle, Δμ = (1 + e)(xẋ⁻ + yẏ⁻)/(2R²), and kept general for the paper’s facts', () => {
    const im = u.impactMaps[0]!;
    // At a point off the circle, where the two forms differ.
    const env = { x: 0.3, y: -1.2, R: 2, e: 0.7, [preImpactSymbol(cx!.q).name]: 0.4, [preImpactSymbol(cy!.q).name]: -0.9 };
    const value = (e: Expr): number => evaluate(e, env);
    expect(value(im.onGaps![0]!.impulses.get('wall.n')!)).toBeCloseTo(value(at('(1 + e)*(x*xd + y*yd)/(2*R^2)', true)), 12);
    expect(value(im.modes[0]!.impulses.get('wall.n')!)).toBeCloseTo(value(at('(1 + e)*(x*xd + y*yd)/(2*(x^2 + y^2))', true)), 12);
  });
});
