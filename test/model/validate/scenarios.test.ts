// impactScenarios: contacts, configuration, independent velocities and signs.
import { describe, expect, it } from 'vitest';
import { ball, builds, modelError, mutate, problems } from '../spec-cases.js';

const scenario = (s: unknown) => mutate(ball, { impactScenarios: [s] });
const fall = { name: 'the ball lands', arriving: 'floor', at: { y: '0' }, independent: ['y'], approach: { y: 'negative' } };

describe('impact scenarios', () => {
  it('a string scenario (used to be a TypeError): bad-type in field impactScenarios[0]', () => {
    expect(problems(scenario('floor'))).toEqual([['bad-type', 'impactScenarios[0]']]);
  });

  it('at and independent that are null: bad-type for each', () => {
    expect(problems(scenario({ ...fall, at: null, independent: null, approach: undefined }))).toEqual([
      ['bad-type', 'impactScenarios[0].at'],
      ['bad-type', 'impactScenarios[0].independent'],
    ]);
  });

  it('an unknown contact, an unknown coordinate, a sign that is neither negative nor positive', () => {
    expect(problems(scenario({ ...fall, arriving: 'wall' }))).toEqual([['unknown-contact', 'impactScenarios[0]']]);
    expect(problems(scenario({ ...fall, at: { x: '0' } }))).toEqual([['unknown-coordinate', 'impactScenarios[0].at.x']]);
    expect(problems(scenario({ ...fall, approach: { y: 'down' } }))).toEqual([['invalid-option', 'impactScenarios[0].approach.y']]);
  });

  it('a scenario name with a newline: bad-text', () => {
    expect(problems(scenario({ ...fall, name: 'lands\n\\write18{id}' }))).toEqual([['bad-text', 'impactScenarios[0].name']]);
  });

  it('directionsAt: an unknown coordinate and a value that is not a finite number', () => {
    expect(problems(scenario({ ...fall, directionsAt: { x: 0.3 } }))).toEqual([['unknown-coordinate', 'impactScenarios[0].directionsAt.x']]);
    expect(problems(scenario({ ...fall, directionsAt: { y: '0.3' } }))).toEqual([['invalid-option', 'impactScenarios[0].directionsAt.y']]);
    expect(problems(scenario({ ...fall, directionsAt: { y: Number.NaN } }))).toEqual([['invalid-option', 'impactScenarios[0].directionsAt.y']]);
  });

  it('a critical parameter without a range: bad-critical', () => {
    expect(problems(scenario({ ...fall, critical: 'g' }))).toEqual([['bad-critical', 'impactScenarios[0].critical']]);
  });

  it('a critical parameter whose range has one end: bad-critical, as the scan has nowhere to stop', () => {
    const oneSided = mutate(ball, {
      parameters: { ...ball.parameters, g: { default: 9.81, range: [0, null] } },
      impactScenarios: [{ ...fall, critical: 'g' }],
    });
    expect(problems(oneSided)).toEqual([['bad-critical', 'impactScenarios[0].critical']]);
    expect(modelError(oneSided).message).toContain(
      "critical parameter 'g' must be a parameter with a range of two ends (its critical value is found by scanning the range",
    );
  });

  it('a valid scenario is read with its contact index and approach sign', () => {
    const [s] = builds(scenario(fall)).impactScenarios;
    expect(s).toMatchObject({ name: 'the ball lands', arriving: 0, closed: [], independent: ['y'] });
    expect([...s!.approach]).toEqual([['y', -1]]);
  });
});
