// Roles of derived symbols are data attached when the symbol is made.
import { describe, expect, it } from 'vitest';
import { sym } from '../../src/core/expr.js';
import {
  accelerationSymbol,
  momentumName,
  momentumSymbol,
  multiplierSymbol,
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
});
