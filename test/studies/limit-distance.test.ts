// The limit motion's distance to the rigid one (src/studies/limit-distance.ts), against the motions solved by hand
// (kozlov1988 (2.4), (2.6), (2.7)): both move x = t − 1; the rigid line releases at t = 1 and the point flies
// y = g(t − 1)²/2, the added mass's limit at 2 + √2 and the viscous one's at 2, each flying the same parabola from
// there, so the heights differ most at the run's end t₁: g((t₁ − 1)² − (t₁ − τ)²)/2.
import { describe, expect, it } from 'vitest';
import addedMass from '../../derivations/kozlov-release-added-mass.js';
import viscous from '../../derivations/kozlov-release-viscous.js';
import type { ModelSpec } from '../../src/model/index.js';
import { limitDistance } from '../../src/studies/limit-distance.js';
import { rigidSpec } from '../../src/studies/limit.js';
import { derived } from '../helpers/examples.js';

const distance = (spec: ModelSpec): number | undefined => limitDistance(derived(spec), derived(rigidSpec(spec, spec.limitStudy!.rigid!)!), 'N');
/** The heights' gap at t₁ of the rigid release at 1 and a delayed one at τ, g = 1. */
const byHand = (t1: number, tau: number): number => ((t1 - 1) ** 2 - (t1 - tau) ** 2) / 2;

describe('the limit motion against the rigid one', () => {
  it('added mass (2.6): released at 2 + √2, at t₁ = 4 apart by (3 + 4√2)/2', () => {
    expect(distance(addedMass)).toBeCloseTo(byHand(4, 2 + Math.SQRT2), 10);
    expect(byHand(4, 2 + Math.SQRT2)).toBeCloseTo((3 + 4 * Math.SQRT2) / 2, 12);
  });
  it('viscous (2.7): released at 2, at t₁ = 3 apart by 3/2', () => {
    expect(distance(viscous)).toBeCloseTo(1.5, 10);
  });
});
