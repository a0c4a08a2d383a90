// Type checks first, keys the model language does not know rejected, and the
// language's keys grouped by concern.
import { describe, expect, it } from 'vitest';
import { isFields, typeName } from '../../../src/model/validate/shape.js';
import { EXPERIMENTS_FIELDS, MODEL_FIELDS, NUMERICS_FIELDS, PHYSICS_FIELDS, PRESENTATION_FIELDS, VERIFICATION_FIELDS } from '../../../src/model/spec.js';
import { ball, modelError, mutate, problems } from '../spec-cases.js';

describe('shape: values of the wrong type', () => {
  it('names types as a message reads them', () => {
    expect([null, [], 'x', 1, true, undefined, {}].map(typeName)).toEqual(['null', 'an array', 'a string', 'a number', 'a boolean', 'undefined', 'an object']);
    expect([null, [], {}].map(isFields)).toEqual([false, false, true]);
  });

  it('a model that is null, an array or a string: bad-type, not a TypeError', () => {
    for (const spec of [null, [], 'ball', 42]) expect(modelError(spec).code).toBe('bad-type');
  });
});

describe('shape: keys the model language does not know', () => {
  it('a top-level slip: unknown-field in field slip, listing the known keys', () => {
    const err = modelError(mutate(ball, { slip: 0.3 }));
    expect([err.code, err.where.field]).toEqual(['unknown-field', 'slip']);
    expect(err.message).toContain('known: name, title, description, drawing, sources, unplotted, leaveOut, coordinates');
  });

  it("a law { friction } (the key is coulomb): unknown-field at the law's key, and no law", () => {
    const spec = mutate(ball, { unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { friction: 'mu' } }] });
    expect(problems(spec)).toEqual([
      ['unknown-field', 'unilateral[0].law.friction'],
      ['bad-impact-law', 'unilateral[0].law'],
    ]);
  });

  it('a misspelt key in a coordinate, a parameter, a contact, a scenario and the initial state', () => {
    const spec = mutate(ball, {
      coordinates: [{ name: 'y', units: 'm' }],
      parameters: { m: 1, g: 9.81, e: { default: 0.9, ragne: [0, 1] } },
      unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { newton: 'e' }, restitution: 0.5 }],
      impactScenarios: [{ name: 'fall', arriving: 'floor', at: { y: 0 }, independent: ['y'], aproach: {} }],
      initial: { q: { y: 1 }, v: { y: 0 } },
    });
    expect(problems(spec)).toEqual([
      ['unknown-field', 'coordinates[0].units'],
      ['unknown-field', 'parameters.e.ragne'],
      ['unknown-field', 'unilateral[0].restitution'],
      ['unknown-field', 'impactScenarios[0].aproach'],
      ['unknown-field', 'initial.v'],
    ]);
  });
});

describe('the model language by concern (spec.ts)', () => {
  it('puts every key of a model file but its name in exactly one concern', () => {
    const concerns = { PHYSICS_FIELDS, NUMERICS_FIELDS, EXPERIMENTS_FIELDS, PRESENTATION_FIELDS, VERIFICATION_FIELDS };
    const keys = Object.values(concerns).flatMap((c) => Object.keys(c));
    expect(new Set(keys).size).toBe(keys.length);
    expect(['name', ...keys].sort()).toEqual(Object.keys(MODEL_FIELDS).sort());
    expect(Object.keys(EXPERIMENTS_FIELDS)).toEqual(['orbit', 'limitStudy']);
    expect(Object.keys(VERIFICATION_FIELDS)).toEqual(['paper']);
  });
});
