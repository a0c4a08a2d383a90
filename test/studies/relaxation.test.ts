// The transverse relaxation of kuleshov2011 §9–§10 measured by
// src/studies/relaxation.ts on the disk's derived fast motion (9.1): against
// Proposition 13 as the paper states it (the energy falls at a rate of order
// ε̃ into {E ≤ C₀ε̃²}), against Proposition 14's ε̃⁴ that must not hold for
// that forcing but must for (10.5)'s, and against the linearization of (9.1)
// typed from the paper about s* of (9.2) at α = 0: ω² = V″(s*) = 2√2 s*^{1/2},
// damping 2√2ε̃ s*^{1/2} = ε̃ω², so E decays at ε̃ω² and the resonant forcing
// ε̃² cos ωT keeps the amplitude ε̃²/(ε̃ω²·ω), E = ε̃²/(2ω⁴); the forcing ε̃³ cos ωT
// of Proposition 14 keeps Ẽ = ε̃⁴/(2ω⁴) (ω moved by the shift only at O(ε̃²)).
import { describe, expect, it } from 'vitest';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel } from '../../src/model/model.js';
import { relaxationStudies } from '../../src/studies/relaxation.js';
import disk from '../../derivations/viscoelastic-disk.js';
import { expectClose } from '../helpers/numeric.js';

const [study] = relaxationStudies(deriveSystem(buildModel(disk)));
const rest = 0.5 * 1.5 ** (2 / 3);
const omega2 = 2 * Math.SQRT2 * Math.sqrt(rest);

describe('Proposition 13 on the derived (9.1)', () => {
  it('the free oscillation’s energy falls at a rate of order ε̃: slope 1 in ε̃, not 2', () => {
    expect(study!.smallParameters).toEqual([1e-3, 1e-2]);
    expect(Math.abs(study!.rateExponent - 1)).toBeLessThan(0.01);
    expect(Math.abs(study!.rateExponent - 2)).toBeGreaterThan(0.5);
  });
  it('the rate is the linearized damping ε̃ω² of (9.1) at s* (9.2), to O(ε̃)', () => {
    study!.rates.forEach((rate, i) => expectClose(rate, study!.smallParameters[i]! * omega2, 3 * study!.smallParameters[i]!));
  });
  it('forced at resonance it keeps E = ε̃²/(2ω⁴): E ≤ C₀ε̃², slope 2 in ε̃, not Proposition 14’s 4', () => {
    study!.plateaus.forEach((E, i) => expectClose(E, study!.smallParameters[i]! ** 2 / (2 * omega2 * omega2), 0.02));
    expect(Math.abs(study!.plateauExponent - 2)).toBeLessThan(0.02);
    expect(Math.abs(study!.plateauExponent - 4)).toBeGreaterThan(1);
  });
});

describe('Proposition 14 on the derived (9.1)', () => {
  it('forced by ε̃²(1 + ε̃ cos ω̃T) it keeps Ẽ = ε̃⁴/(2ω⁴) about the shifted rest: slope 4 in ε̃', () => {
    study!.shiftedPlateaus.forEach((E, i) => expectClose(E, study!.smallParameters[i]! ** 4 / (2 * omega2 * omega2), 0.03));
    expect(Math.abs(study!.shiftedPlateauExponent - 4)).toBeLessThan(0.02);
  });
});
