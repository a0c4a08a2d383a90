// Roles of derived symbols are data attached when the symbol is made.
import { describe, expect, it } from 'vitest';
import { sym } from '../../src/core/expr.js';
import {
  accelerationSymbol,
  momentumName,
  momentumSymbol,
  multiplierSymbol,
  namedResultSymbol,
  numberedSymbol,
  postImpactSymbol,
  preImpactName,
  preImpactSymbol,
  symbolRole,
  velocitySymbol,
} from '../../src/model/names.js';
import { mechanicsSymbol } from '../../src/report/notation.js';

describe('derived symbols and their roles', () => {
  const q1 = sym('q1');

  it('each constructor names the symbol in the notation and attaches its role', () => {
    expect([velocitySymbol, accelerationSymbol, momentumSymbol, preImpactSymbol, postImpactSymbol].map((f) => f(q1).name)).toEqual([
      "q1'",
      "q1''",
      'p[q1]',
      "q1'-",
      "q1'+",
    ]);
    expect(symbolRole(momentumSymbol(q1))).toEqual({ role: 'momentum', of: q1 });
    expect(symbolRole(preImpactSymbol(q1))).toEqual({ role: 'pre-impact-velocity', of: q1 });
    expect(symbolRole(multiplierSymbol(2))).toEqual({ role: 'multiplier', index: 2 });
  });

  it('a plain symbol has no role, whatever its name looks like', () => {
    expect(symbolRole(q1)).toBeUndefined();
    expect(symbolRole(sym('p_x'))).toBeUndefined();
  });

  it('the name helpers make the symbol, so a name always has its role', () => {
    expect(symbolRole(sym(momentumName('theta')))).toEqual({ role: 'momentum', of: sym('theta') });
    expect(symbolRole(sym(preImpactName('psi')))?.role).toBe('pre-impact-velocity');
  });

  it('the report prints by role: dots, impact sides, momenta, multipliers', () => {
    expect(mechanicsSymbol(velocitySymbol(q1).name)).toBe('\\dot{q}_{1}');
    expect(mechanicsSymbol(accelerationSymbol(sym('psi')).name)).toBe('\\ddot{\\psi}');
    expect(mechanicsSymbol(preImpactSymbol(sym('psi')).name)).toBe('\\dot{\\psi}^{-}');
    expect(mechanicsSymbol(postImpactSymbol(q1).name)).toBe('\\dot{q}_{1}^{+}');
    expect(mechanicsSymbol(momentumSymbol(q1).name)).toBe('p_{q_{1}}');
    expect(mechanicsSymbol(multiplierSymbol(3).name)).toBe('\\lambda_{3}');
    expect(mechanicsSymbol('alpha')).toBe('\\alpha');
  });

  it('a numbered derived symbol keeps its role’s print with the index after it; a plain name takes the index into its name', () => {
    const x = sym('x');
    expect(symbolRole(numberedSymbol(postImpactSymbol(x), 2))).toEqual({ role: 'numbered', of: postImpactSymbol(x), index: 2 });
    expect(mechanicsSymbol(numberedSymbol(postImpactSymbol(x), 2).name)).toBe('\\dot{x}^{+}_{2}');
    // One subscript already there: grouped, never a double subscript (ẋ₁⁺ numbered 2, λ₃ numbered 2).
    expect(mechanicsSymbol(numberedSymbol(postImpactSymbol(q1), 2).name)).toBe('{\\dot{q}_{1}^{+}}_{2}');
    expect(mechanicsSymbol(numberedSymbol(multiplierSymbol(3), 2).name)).toBe('{\\lambda_{3}}_{2}');
    expect(numberedSymbol(sym('mu'), 2)).toBe(sym('mu_2'));
    expect(symbolRole(numberedSymbol(sym('v_0'), 2))).toBeUndefined();
    expect(mechanicsSymbol(numberedSymbol(sym('v_0'), 2).name)).toBe('v_{0,2}');
  });
  it('a result a paper row names prints as that name, kozlov1988 (4.2)’s y₀(t), and is no model name', () => {
    const y0 = namedResultSymbol('y_0(t)');
    expect(symbolRole(y0)).toEqual({ role: 'named-result', tex: 'y_0(t)' });
    expect(mechanicsSymbol(y0.name)).toBe('y_0(t)');
    expect(y0).not.toBe(sym('y_0'));
  });
});
