// The paragraphs on kugushev2002 §9's regimes after a plastic impact (src/report/plastic-arrival.ts), printed from
// the pendulum at its wall's runs: the default one released at once, and the slide from an arrival where σ̇ > 0
// (its values checked against the equations by hand in test/studies/plastic-slide.test.ts).
import { describe, expect, it } from 'vitest';
import wall from '../../derivations/pendulum-wall.js';
import type { Block } from '../../src/report/document.js';
import { plasticArrivalBlocks } from '../../src/report/plastic-arrival.js';
import { plasticArrival } from '../../src/studies/plastic-arrival.js';
import { plasticSlide } from '../../src/studies/plastic-slide.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';

/** A paragraph as text, its formulas between dollars. */
const text = (b: Block): string =>
  b.kind === 'paragraph' ? b.content.map((x) => (typeof x === 'string' ? x : 'math' in x ? `$${x.math}$` : '')).join('') : '';

describe('the plastic arrival and the slide after one, in print', async () => {
  const sys = derived(wall);
  const mod = await loadGenerated(sys);
  const arrival = plasticArrival(sys, mod)!;
  const slide = plasticSlide(mod, arrival)!;

  it('prints the default run released at once, then the slide from the arrival where σ̇ at rest is largest, to its release', () => {
    const [first, second] = plasticArrivalBlocks(sys, arrival, slide).map(text);
    expect(first).toContain('$\\dot{\\sigma}_1 = -4.704$: the contact releases at once (regime 1)');
    expect(second).toBe(
      'Along the constraint from that impact, the density at rest (the constraint bearing the load alone) is largest at ' +
        '$q_{1} = 0.7454,\\ q_{2} = -0.1792$, where $\\dot{\\sigma}_1 = 0.4819$. Arriving there with the first impact’s normal ' +
        'velocity, along the normal in the metric of the kinetic energy ($\\dot{q}_{1}^{-} = 0.2736,\\ \\dot{q}_{2}^{-} = 2.932$), ' +
        'the body leaves the impact at $e = 0$ with $\\dot{q}_{1}^{+} = 0,\\ \\dot{q}_{2}^{+} = 0$, and there ' +
        '$\\dot{\\sigma}_1 = 0.4819 > 0$: run from there, the body slides along the constraint (a contact phase) for $t = 0.2201$, ' +
        'to $q_{1} = 0.5236,\\ q_{2} = 0$, where $\\dot{\\sigma}_1$ falls through 0 and it leaves the constraint (regime 1) with ' +
        '$\\dot{q}_{1} = -2.091,\\ \\dot{q}_{2} = 1.81$.',
    );
  });

  it('says the model cannot slide from rest where σ̇ at rest is nowhere positive along the constraint', () => {
    const [, second] = plasticArrivalBlocks(sys, arrival, { q: arrival.q, restDensity: -4.2 }).map(text);
    expect(second).toBe(
      'Along the constraint from that impact, the density at rest (the constraint bearing the load alone) is largest at ' +
        '$q_{1} = 0.1854,\\ q_{2} = 0.3212$, where $\\dot{\\sigma}_1 = -4.2 \\le 0$: even there a plastic arrival that ' +
        'leaves the body at rest is followed by no contact phase, so the model as defined does not slide along its constraint ' +
        'after such an arrival near that impact.',
    );
  });
});
