// Which mode the hinged compass's impact takes by the direction of
// (ȧ₁⁻, ȧ₂⁻) (src/studies/mode-directions.ts), against Rubanovich–Formalsky's
// own impact equations typed from the paper: G of (3.4) at α = β, the
// stay hypothesis (3.10)–(3.11) (both feet's vertical impulses ≥ 0) and the
// lift-off one (3.12)–(3.13) (D's vertical impulse ≥ 0, B's vertical velocity
// after ≥ 0), with ż₁⁻ = (x₁, y₁) the arriving foot D's velocity. Read with
// G₁₂ for G₂₁ = G₁₂ᵀ (a misreading of (3.11)–(3.13)), they classify other
// directions.
// Models with one free velocity (the compass, the rimless wheel) have no
// directions to study.
import { describe, expect, it } from 'vitest';
import compass from '../../derivations/compass.js';
import hinged from '../../derivations/hinged-compass.js';
import { modeDirections } from '../../src/studies/mode-directions.js';
import { derived } from '../helpers/examples.js';

type Mat = [[number, number], [number, number]];
const mul = (a: Mat, v: readonly [number, number]): [number, number] => [a[0][0] * v[0] + a[0][1] * v[1], a[1][0] * v[0] + a[1][1] * v[1]];
const sub = (a: Mat, b: Mat): Mat => [
  [a[0][0] - b[0][0], a[0][1] - b[0][1]],
  [a[1][0] - b[1][0], a[1][1] - b[1][1]],
];
const prod = (a: Mat, b: Mat): Mat => [
  [a[0][0] * b[0][0] + a[0][1] * b[1][0], a[0][0] * b[0][1] + a[0][1] * b[1][1]],
  [a[1][0] * b[0][0] + a[1][1] * b[1][0], a[1][0] * b[0][1] + a[1][1] * b[1][1]],
];
const inv = (a: Mat): Mat => {
  const d = a[0][0] * a[1][1] - a[0][1] * a[1][0];
  return [
    [a[1][1] / d, -a[0][1] / d],
    [-a[1][0] / d, a[0][0] / d],
  ];
};
const transpose = (a: Mat): Mat => [
  [a[0][0], a[1][0]],
  [a[0][1], a[1][1]],
];

/** The modes the paper's equations admit for ȧ⁻ = (cos θ, sin θ): 'leaves', 'stays', both or neither; undefined where D does not approach. */
function paperModes(theta: number, beta: number, misread = false): string[] | undefined {
  const [m, l, a] = [1, 1, beta];
  const c2 = Math.cos(a) ** 2;
  const s2 = Math.sin(a) ** 2;
  const s2a = Math.sin(2 * a);
  // (3.4), typed from the paper: the blocks G₁₁ (D), G₂₂ (B), G₁₂ = G₂₁ᵀ.
  const G11: Mat = [
    [((m / 2) * (1 + 3 * c2)) / (3 * c2), -m / 2 / s2a],
    [-m / 2 / s2a, ((m / 2) * (1 + 3 * s2)) / (3 * s2)],
  ];
  const G12: Mat = [
    [((m / 2) * (3 * c2 - 1)) / (3 * c2), ((m / 2) * Math.cos(2 * a)) / s2a],
    [((-m / 2) * Math.cos(2 * a)) / s2a, ((m / 2) * (3 * s2 - 1)) / (3 * s2)],
  ];
  const G22: Mat = [
    [((m / 2) * (3 * c2 + 1)) / (3 * c2), m / 2 / s2a],
    [m / 2 / s2a, ((m / 2) * (3 * s2 + 1)) / (3 * s2)],
  ];
  const G21 = misread ? G12 : transpose(G12);
  // D's velocity before the impact, foot B at rest at a₁ = −β: x₁ = l cos β (ȧ₂ − ȧ₁), y₁ = l sin β (ȧ₁ + ȧ₂).
  const [d1, d2] = [Math.cos(theta), Math.sin(theta)];
  const z1: [number, number] = [l * Math.cos(a) * (d2 - d1), l * Math.sin(a) * (d1 + d2)];
  if (z1[1] >= 0) return undefined;
  const neg = (v: [number, number]): [number, number] => [-v[0], -v[1]];
  const stayD = neg(mul(G11, z1)); // (3.10)
  const stayB = neg(mul(G21, z1)); // (3.11)
  const leaveD = neg(mul(sub(G11, prod(prod(G12, inv(G22)), G21)), z1)); // (3.12)
  const leaveB = mul(prod(inv(G22), G21), z1); // (3.13)
  return [...(leaveD[1] >= 0 && leaveB[1] >= 0 ? ['leaves'] : []), ...(stayD[1] >= 0 && stayB[1] >= 0 ? ['stays'] : [])];
}

describe('the modes of an impact by the direction of two free velocities', () => {
  const system = derived(hinged);
  const [study] = modeDirections(system);
  const modes = system.unilateral!.impactMaps[0]!.modes;
  const name = (n: number): string => (modes[n]!.stays.length ? 'stays' : 'leaves');
  const studied = (theta: number): string[] | undefined => {
    const arc = study!.arcs.find((a) => a.from < theta && theta < a.to);
    return arc?.modes.map(name).sort();
  };

  it('studies the hinged compass at β = 0.3: foot 2 approaches on the half-circle ȧ₁⁻ + ȧ₂⁻ < 0', () => {
    expect(study!.velocities).toEqual(["a1'-", "a2'-"]);
    expect(study!.parameters.beta).toBe(0.3);
    expect(study!.arcs[0]!.from).toBeCloseTo((3 * Math.PI) / 4, 12);
    expect(study!.arcs.at(-1)!.to).toBeCloseTo((7 * Math.PI) / 4, 12);
  });

  it('admits at each direction the modes the paper’s (3.10)–(3.13) admit, and not those of G₁₂ misread for G₂₁', () => {
    let misread = 0;
    for (let k = 1; k < 20000; k++) {
      const theta = (3 * Math.PI) / 4 + (k / 20000) * Math.PI;
      if (study!.arcs.some((a) => Math.abs(a.from - theta) < 1e-6 || Math.abs(a.to - theta) < 1e-6)) continue;
      expect(studied(theta), `θ = ${theta}`).toEqual(paperModes(theta, 0.3)!.sort());
      if (paperModes(theta, 0.3, true)!.sort().join() !== studied(theta)!.join()) misread++;
    }
    expect(misread).toBeGreaterThan(100);
  });

  it('finds directions where no mode is admissible (about 31 % of the approaching ones) and none where both are', () => {
    const none = study!.arcs.filter((a) => a.modes.length === 0).reduce((s, a) => s + a.to - a.from, 0) / Math.PI;
    expect(none).toBeGreaterThan(0.3);
    expect(none).toBeLessThan(0.33);
    // The share the report prints: the fraction of directions where the paper's equations admit no mode.
    const n = 20000;
    const without = Array.from({ length: n }, (_, k) => paperModes((3 * Math.PI) / 4 + ((k + 0.5) / n) * Math.PI, 0.3)!).filter((ms) => ms.length === 0).length;
    expect(study!.withoutOutcome).toBeCloseTo(without / n, 3);
    expect(study!.arcs.every((a) => a.modes.length <= 1)).toBe(true);
  });

  it('has nothing to study where one velocity is free (the rigid compass, whose verdict is per sign)', () => {
    expect(modeDirections(derived(compass))).toEqual([]);
  });
});
