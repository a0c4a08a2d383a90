// What the Discussion says friction did to E in the simulated run
// (src/report/energy-discussion.ts): read off the run's energy between its
// impacts, not typed. A run whose E is flat between impacts (the falling
// rod's: every drop at an impact) says friction does no work there; one whose
// E falls between impacts says a contact slides there.
import { describe, expect, it } from 'vitest';
import fallingRod from '../../derivations/falling-rod.js';
import type { Inline } from '../../src/report/document.js';
import { energyBlocks } from '../../src/report/energy-discussion.js';
import type { MotionSimulation } from '../../src/report/motion.js';
import { derived } from '../helpers/examples.js';

const text = (xs: readonly Inline[]): string => xs.map((x) => (typeof x === 'string' ? x : 'math' in x ? `$${x.math}$` : '')).join('');

/** A run of four samples with one impact at t = 1.5 and the energy given at each sample. */
function run(energy: readonly number[]): MotionSimulation {
  const t = [0, 1, 2, 3];
  return {
    method: 'event-driven',
    trajectory: {
      t,
      q: t.map(() => [0, 1, 0.5]),
      qd: t.map(() => [0, 0, 0]),
      energy,
      events: [{ t: 1.5, type: 'impact' }],
    },
  };
}

const firstParagraph = (simulation: MotionSimulation): string => {
  const [block] = energyBlocks(derived(fallingRod), undefined, simulation);
  if (block?.kind !== 'paragraph') throw new Error('no energy paragraph');
  return text(block.content);
};

describe('the energy between impacts, as the run shows it', () => {
  it('E flat between impacts (it drops only at the impact): friction does no work between impacts', () => {
    const t = firstParagraph(run([10, 10, 6, 6 * (1 + 3e-9)]));
    expect(t).toContain('The energy $E = T + V$ is not conserved between impacts: friction dissipates it while a contact slides.');
    expect(t).toContain('friction does no work between impacts: $E$ stays at its value just after each impact to $|E - E_0|/|E_0| \\le 3');
    expect(t).toContain('every change of it is at an impact (1 in the run).');
  });
  it('E falling between impacts: a contact slides there', () => {
    const t = firstParagraph(run([10, 9, 6, 5]));
    expect(t).toContain('$E$ changes between impacts too: a contact slides there.');
    expect(t).not.toContain('does no work');
  });
});
