// A model's declared periodic orbit (src/model/validate/orbit.ts), checked by
// buildModel before anything is derived: the examples' orbits build; a start
// naming no coordinate, a section at no contact, an unknown component to fix
// and the rest are each a named problem at their own field, all at once.
import { describe, expect, it } from 'vitest';
import billiard from '../../../derivations/parabolic-billiard.js';
import wheel from '../../../derivations/rimless-wheel.js';
import { ball, builds, mutate, problems } from '../spec-cases.js';

const bouncing = { q0: { y: 1 }, qd0: {}, section: { contact: 'floor' } };
const orbit = (change: Record<string, unknown>) => mutate(ball, { orbit: { ...bouncing, ...change } });

describe('an orbit', () => {
  it('that is sound builds: the billiard’s continued bouncing, the wheel’s rolling, a crossing section', () => {
    builds(billiard);
    builds(wheel);
    builds(orbit({}));
    builds(
      orbit({
        section: { coordinate: 'y', value: 0.5, direction: 'down' },
        fix: ["y'"],
        crossings: 2,
        params: { g: 1 },
        continuation: { parameter: 'e', from: 0.9, to: 0.5 },
      }),
    );
  });

  it('starts from coordinates by name (the study’s own error before, now buildModel’s)', () => {
    expect(problems(orbit({ q0: { z: 0 } }))).toEqual([['invalid-option', 'orbit.q0.z']]);
    expect(problems(orbit({ qd0: { y: 'fast' } }))).toEqual([['bad-type', 'orbit.qd0.y']]);
    expect(problems(mutate(ball, { orbit: { qd0: {}, section: { contact: 'floor' } } }))).toEqual([['missing-field', 'orbit.q0']]);
  });

  it('stops at a contact of the model, or where a coordinate crosses a finite value', () => {
    expect(problems(orbit({ section: { contact: 'wall' } }))).toEqual([['invalid-option', 'orbit.section.contact']]);
    expect(problems(orbit({ section: { coordinate: 'x', value: Infinity, direction: 'sideways' } }))).toEqual([
      ['invalid-option', 'orbit.section.coordinate'],
      ['bad-type', 'orbit.section.value'],
      ['bad-type', 'orbit.section.direction'],
    ]);
    expect(problems(mutate(ball, { orbit: { q0: {}, qd0: {} } }))).toEqual([['missing-field', 'orbit.section']]);
  });

  it('takes a mirror step at a contact of the model, its relabelling an exchange of coordinates', () => {
    builds(orbit({ step: { section: { contact: 'floor' }, relabel: { y: 'y' } } }));
    expect(problems(orbit({ step: { section: { contact: 'wall' }, relabel: { y: 'z' }, legs: 2 } }))).toEqual([
      ['unknown-field', 'orbit.step.legs'],
      ['invalid-option', 'orbit.step.section.contact'],
      ['invalid-option', 'orbit.step.relabel.y'],
    ]);
  });

  it('names parameters, components and coordinates the model has, every problem at once', () => {
    expect(
      problems(
        orbit({
          params: { G: 1 },
          fix: ['v'],
          shift: { x: 1, y: 'loose' },
          crossings: 0,
          period: -1,
          continuation: { parameter: 'E', from: 0, to: 'one' },
          sweep: { parameter: 'K', values: [] },
          colour: 1,
        }),
      ),
    ).toEqual([
      ['unknown-field', 'orbit.colour'],
      ['unknown-parameter', 'orbit.params.G'],
      ['bad-type', 'orbit.crossings'],
      ['invalid-option', 'orbit.fix[0]'],
      ['invalid-option', 'orbit.shift.x'],
      ['invalid-option', 'orbit.shift.y'],
      ['bad-type', 'orbit.period'],
      ['invalid-option', 'orbit.continuation.parameter'],
      ['bad-type', 'orbit.continuation.to'],
      ['invalid-option', 'orbit.sweep.parameter'],
      ['bad-type', 'orbit.sweep.values'],
    ]);
  });
});
