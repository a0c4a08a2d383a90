// Where the editor underlines a model's error: at the key of the field it
// names (array elements by occurrence), or at a compile error's place.
// Tests: playground/field-range.ts.
import { describe, expect, it } from 'vitest';
import { fieldRange, placeRange } from '../../playground/field-range.js';

const MODEL = `export default defineModel({
  name: 'two-walls',
  parameters: { m: 1, alpha: { default: 0.3, range: [0, 'pi/2'] } },
  potential: 'm*g*y',
  unilateral: [
    { name: 'left', constraint: 'x >= 0', law: { newton: 'e' } },
    { name: 'right', constraint: 'l - x >= 0', law: 'plastic' },
  ],
});`;

const at = (range: { from: number; to: number } | undefined): string => (range ? MODEL.slice(range.from, range.to) : '(none)');

describe('the place of a field in the model text', () => {
  it('finds a top-level field at its key, to the end of its line', () => {
    expect(at(fieldRange(MODEL, 'potential'))).toBe("potential: 'm*g*y',");
  });

  it('finds a nested field after its parent', () => {
    expect(at(fieldRange(MODEL, 'parameters.alpha'))).toBe("alpha: { default: 0.3, range: [0, 'pi/2'] } },");
  });

  it('takes the index-th occurrence for an array element', () => {
    expect(at(fieldRange(MODEL, 'unilateral[1].constraint'))).toBe("constraint: 'l - x >= 0', law: 'plastic' },");
    expect(at(fieldRange(MODEL, 'unilateral[0].law'))).toBe("law: { newton: 'e' } },");
  });

  it('stops at the deepest part it finds (a field built in a loop is not written out)', () => {
    expect(at(fieldRange(MODEL, 'unilateral[1].slip'))).toBe('unilateral: [');
    expect(fieldRange(MODEL, 'particles[0].mass')).toBeUndefined();
  });

  it("reads a compile error's (line:column), 1-based", () => {
    expect(at(placeRange(MODEL, 'cannot compile the model: Unexpected token (4:14)'))).toBe("'m*g*y',");
    expect(placeRange(MODEL, 'no place here')).toBeUndefined();
    expect(placeRange(MODEL, 'beyond the text (99:1)')).toBeUndefined();
  });
});
