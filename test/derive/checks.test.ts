// Numeric sanity checks of a derivation (src/derive/checks.ts) on the
// shared Cholesky of src/numeric: positive definiteness with its relative
// pivot threshold, independence of constraint rows, and the named errors a
// derivation stops with (test/model/errors.test.ts checks where they point).
import { describe, expect, it } from 'vitest';
import { defineModel } from '../../src/model/index.js';
import { independentRows, isPositiveDefinite } from '../../src/derive/checks.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel } from '../../src/model/index.js';
import { MechanicsError } from '../../src/errors.js';
import { thrown } from '../helpers/thrown.js';

describe('positive definiteness', () => {
  it('holds for a mass matrix and fails for singular, indefinite and NaN ones', () => {
    expect(isPositiveDefinite([[2, 1], [1, 2]])).toBe(true);
    expect(isPositiveDefinite([[1, 1], [1, 1]])).toBe(false);
    expect(isPositiveDefinite([[1, 2], [2, 1]])).toBe(false);
    expect(isPositiveDefinite([[1, 0], [0, NaN]])).toBe(false);
  });
  it('fails for a pivot within rounding of zero (M of massless spokes: 1 − (1 − 1e-17))', () => {
    expect(isPositiveDefinite([[1, 1], [1, 1 + 1e-16]])).toBe(false);
    expect(isPositiveDefinite([[1, 1], [1, 1 + 1e-6]])).toBe(true);
  });
});

describe('independent constraint rows', () => {
  it('are told from proportional rows, also when rounding makes them differ in the last bit', () => {
    expect(independentRows([[1, 0, 0], [0, 1, 0]])).toBe(true);
    expect(independentRows([[1, -1, 0], [2, -2, 0]])).toBe(false);
    expect(independentRows([[0.1, 0.3, 0], [0.1 * 3, 0.3 * 3, 0]])).toBe(false);
    expect(independentRows([[1, 0], [0, 1], [1, 1]])).toBe(false);
  });
});

describe('a derivation', () => {
  const particle = { name: 'particle', title: 'Particle', coordinates: ['x', 'y'], parameters: { m: { default: 1 } }, kinetic: "m*(x'^2 + y'^2)/2", initial: { q: { x: 1, y: 1 } } } as const;
  it('stops with singular-mass-matrix when a velocity is missing from T', () => {
    expect(thrown(() => deriveSystem(buildModel(defineModel({ ...particle, kinetic: "m*x'^2/2" }))), MechanicsError)).toMatchObject({ code: 'singular-mass-matrix', kind: 'model' });
  });
  it('stops with dependent-constraints for x − y = 0 and 2x − 2y = 0', () => {
    const three = defineModel({ ...particle, coordinates: ['x', 'y', 'z'], kinetic: "m*(x'^2 + y'^2 + z'^2)/2", holonomic: ['x - y', '2*x - 2*y'] });
    expect(thrown(() => deriveSystem(buildModel(three)), MechanicsError)).toMatchObject({ code: 'dependent-constraints' });
  });
});
