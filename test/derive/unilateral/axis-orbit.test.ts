// The oscillation along an axis of the ellipse (src/derive/unilateral/axis-orbit.ts,
// kozlov1988 §6): its stability read off the derived trace, stable below the
// grazing energy for c ≥ 0 (the free isotropic oscillation) and where
// |tr P| < 2 above it, against (6.1) and (6.2) as typed from the paper on a
// grid of a, b, c and the energy E (the paper's h), a misread of each disagreeing; and the trace against
// the multipliers of the report's periodic orbits, found numerically.
import { describe, expect, it } from 'vitest';
import minorAxis from '../../../derivations/kozlov-ellipse-minor-axis.js';
import ellipse from '../../../derivations/kozlov-ellipse-oscillator.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { axisOrbits } from '../../../src/derive/unilateral/axis-orbit.js';
import { compileModel } from '../../../src/pipeline/compiled-model.js';
import { loadGenerated } from '../../../src/pipeline/load-generated.js';
import { declaredOrbit } from '../../../src/studies/orbit.js';
import { derived } from '../../helpers/examples.js';

const orbits = axisOrbits(derived(ellipse));
type Env = { a: number; b: number; c: number; E: number };

/** Stable by the derivation: below the grazing energy the free oscillation (c ≥ 0), above it |tr P| < 2. */
function stable(axis: 'x' | 'y', env: Env): boolean {
  const o = orbits.get(axis)!;
  if (env.E <= evaluate(o.grazing, env)) return env.c >= 0;
  return Math.abs(evaluate(o.trace, env)) < 2;
}

/** kozlov1988 (6.1) for c ≥ 0, (6.2) for c < 0, typed from the paper: the minor axis's condition, then the major's. */
const paper = {
  minor: ({ a, b, c, E: h }: Env): boolean => (c >= 0 ? h >= 0 : h >= (Math.abs(c) * (a ** 2 - b ** 2)) / 2),
  major: ({ a, b, c, E: h }: Env): boolean =>
    c >= 0 ? 0 <= h && h <= (c * a ** 2) / 2 : (-Math.abs(c) * a ** 2) / 2 <= h && h <= (-Math.abs(c) * (a ** 2 - b ** 2)) / 2,
};
const misread = {
  // (6.1)'s bound with the minor semi-axis, (6.2)'s with a² + b².
  major: ({ a, b, c, E: h }: Env): boolean =>
    c >= 0 ? 0 <= h && h <= (c * b ** 2) / 2 : (-Math.abs(c) * a ** 2) / 2 <= h && h <= (-Math.abs(c) * (a ** 2 + b ** 2)) / 2,
  minor: ({ a, b, c, E: h }: Env): boolean => (c >= 0 ? h >= (c * b ** 2) / 2 : h >= (Math.abs(c) * (a ** 2 + b ** 2)) / 2),
};

/** Energies from the least the orbit has (0, or the energy at rest on the wall for c < 0) to above every bound, off the bounds. */
function grid(): Env[] {
  const out: Env[] = [];
  for (const [a, b] of [
    [2, 1.2],
    [1.5, 1],
    [3, 0.7],
  ] as const) {
    for (const c of [-2, -0.5, 0.5, 2]) {
      const least = c >= 0 ? 0 : (c * a ** 2) / 2;
      for (let k = 1; k <= 60; k++) out.push({ a, b, c, E: least + (k / 60) * (Math.abs(c) * a ** 2 + 1) + 1e-3 });
    }
  }
  return out;
}

describe('kozlov1988 (6.1), (6.2): the axis oscillations of the oscillator in the ellipse', () => {
  const points = grid();
  it.each([
    ['major', 'x'],
    ['minor', 'y'],
  ] as const)('the %s axis: stable exactly where the paper says, at 720 points; both stable and unstable ones among them', (which, axis) => {
    const disagree = points.filter((p) => stable(axis, p) !== paper[which](p));
    expect(disagree).toEqual([]);
    const verdicts = new Set(points.map((p) => stable(axis, p)));
    expect(verdicts).toEqual(new Set([true, false]));
  });
  it.each([
    ['major', 'x'],
    ['minor', 'y'],
  ] as const)('the %s axis: a misread bound disagrees somewhere', (which, axis) => {
    expect(points.filter((p) => stable(axis, p) !== misread[which](p)).length).toBeGreaterThan(0);
  });
  it('the ends, radii and energies: a, b²/a, ca²/2, c(a² − b²)/2 on the major axis; b, a²/b, cb²/2, c(b² − a²)/2 on the minor', () => {
    const env = { a: 2.3, b: 1.1, c: -0.7 };
    const [x, y] = [orbits.get('x')!, orbits.get('y')!];
    const at = (e: Parameters<typeof evaluate>[0]): number => evaluate(e, env);
    expect([at(x.strike), at(x.radius), at(x.grazing), at(x.loss)]).toEqual(
      [2.3, 1.1 ** 2 / 2.3, (-0.7 * 2.3 ** 2) / 2, (-0.7 * (2.3 ** 2 - 1.1 ** 2)) / 2].map((v) => expect.closeTo(v, 14)),
    );
    expect([at(y.strike), at(y.radius), at(y.grazing), at(y.loss)]).toEqual(
      [1.1, 2.3 ** 2 / 1.1, (-0.7 * 1.1 ** 2) / 2, (-0.7 * (1.1 ** 2 - 2.3 ** 2)) / 2].map((v) => expect.closeTo(v, 14)),
    );
  });
});

describe('the trace against the periodic orbits found numerically', () => {
  it('the minor axis at a = 1.5, b = 1, c = −1, v = 2 (E = 3/2): the period is two half-maps, Re ρ = (tr² P − 2)/2', () => {
    const { loaded, system } = compileModel({ spec: minorAxis, source: 'derivations/kozlov-ellipse-minor-axis.ts' }, loadGenerated);
    const { orbit } = declaredOrbit(loaded, { ...minorAxis.orbit!, continuation: undefined });
    const T = evaluate(axisOrbits(system).get('y')!.trace, { a: 1.5, b: 1, c: -1, E: 1.5 });
    const pair = orbit!.multipliers.filter((z) => Math.abs(z.im) > 1e-6);
    expect(pair).toHaveLength(2);
    expect(pair[0]!.re).toBeCloseTo((T ** 2 - 2) / 2, 6);
  });
  it('the major axis at a = 2, b = 1.2, c = −1, v = 1 (E = −3/2), bouncing on one end: its map is −P, Re ρ = −tr P/2', () => {
    const { loaded } = compileModel({ spec: ellipse, source: 'derivations/kozlov-ellipse-oscillator.ts' }, loadGenerated);
    const { orbit } = declaredOrbit(loaded, { ...ellipse.orbit!, continuation: undefined });
    const T = evaluate(orbits.get('x')!.trace, { a: 2, b: 1.2, c: -1, E: -1.5 });
    const pair = orbit!.multipliers.filter((z) => Math.abs(z.im) > 1e-6);
    expect(pair).toHaveLength(2);
    expect(pair[0]!.re).toBeCloseTo(-T / 2, 6);
  });
});
