// The simulated motion's plots a model leaves out (src/model/validate/unplotted.ts): coordinates by name and
// 'energy', with why; anything else is a named problem at its field.
import { describe, expect, it } from 'vitest';
import roughHinge from '../../../derivations/rough-hinge-pendulum.js';
import { ball, builds, mutate, problems } from '../spec-cases.js';

describe('unplotted', () => {
  it('names coordinates, the energy and the phase portraits, with a reason: the rough hinge’s pinned centre builds', () => {
    builds(roughHinge);
    builds(mutate(ball, { unplotted: { names: ['y', 'energy', 'phase'], why: 'shown as $E$ elsewhere' } }));
  });

  it('refuses a name that is no plot of the motion, an unknown key and a reason with unpaired $', () => {
    expect(problems(mutate(ball, { unplotted: { names: ['z', 'energy'], why: 'one $ only', colour: 1 } }))).toEqual([
      ['unknown-field', 'unplotted.colour'],
      ['invalid-option', 'unplotted.names[0]'],
      ['bad-text', 'unplotted.why'],
    ]);
  });
});
