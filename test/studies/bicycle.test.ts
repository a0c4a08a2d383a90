// The Whipple bicycle built from its geometry (derivations/bicycle.ts)
// against the benchmark of Meijaard, Papadopoulos, Ruina and Schwab
// (Proc. R. Soc. A 463 (2007) 1955–1982): the upright straight running at
// speed v is a steady motion (the rear contact's x, y and both wheels'
// angles cyclic, yaw, roll, pitch and steer at rest), and the spectrum of
// its linearization less the family's two zeros (another speed, another
// heading) is the four eigenvalues of the benchmark's roll–steer
// equations, typed from its Table 2; the self-stable range runs from the
// weave speed to the capsize speed of its Table 2 (a), each the zero of the
// slowest mode's real part (src/studies/steady-motion.ts, crossingAt: the
// verdict's threshold alone put the weave speed 9.5e-6 low).
import { describe, expect, it } from 'vitest';
import bicycle from '../../derivations/bicycle.js';
import { SteadyDynamics } from '../../src/derive/linearization/steady.js';
import type { Complex } from '../../src/numeric/eigenvalues.js';
import { steadyMotionsAt, sweepSteadyMotions } from '../../src/studies/steady-motion.js';
import { derived } from '../helpers/examples.js';

const system = derived(bicycle);
const params = Object.fromEntries(system.model.parameters.map((p) => [p.name, p.default]));
const index = (name: string): number => system.model.coordinates.findIndex((c) => c.name === name);

/** Upright running at speed v: x' = v given; the pitch and the wheels' rates solved for (from the rolling rates v/r). */
function running(v: number) {
  const q = system.model.coordinates.map(() => 0);
  const qd = q.map(() => 0);
  qd[index('x')] = v;
  qd[index('thR')] = v / params.rR!;
  qd[index('thF')] = v / params.rF!;
  const free = q.map((_, i) => ['theta', 'thR', 'thF'].includes(system.model.coordinates[i]!.name));
  return { q, qd, free };
}

// Meijaard et al. (2007), Table 2 (b), (c): the eigenvalues at v (m/s).
const TABLE_2: Readonly<Record<number, readonly Complex[]>> = {
  0: [
    { re: 5.53094371765393, im: 0 },
    { re: 3.13164324790656, im: 0 },
    { re: -3.13164324790656, im: 0 },
    { re: -5.53094371765393, im: 0 },
  ],
  3: [
    { re: 1.70675605663975, im: 2.31582447384325 },
    { re: 1.70675605663975, im: -2.31582447384325 },
    { re: -2.63366137253667, im: 0 },
    { re: -10.3510146724592, im: 0 },
  ],
  5: [
    { re: -0.32286642900409, im: 0 },
    { re: -0.77534188219585, im: 4.46486771378823 },
    { re: -0.77534188219585, im: -4.46486771378823 },
    { re: -14.07838969279822, im: 0 },
  ],
  10: [
    { re: 0.16105338653172, im: 0 },
    { re: -3.72016840437287, im: 10.90681139476287 },
    { re: -3.72016840437287, im: -10.90681139476287 },
    { re: -24.62459635017404, im: 0 },
  ],
};

describe('the Whipple bicycle running upright and straight', () => {
  // The bicycle's equations compiled once for the four speeds (steadyMotionsAt compiles them anew unless given them).
  let dynamics: SteadyDynamics | undefined;
  for (const [v, published] of Object.entries(TABLE_2)) {
    it(`has the benchmark's eigenvalues at v = ${v} m/s`, () => {
      dynamics ??= new SteadyDynamics(system);
      const [motion, ...others] = steadyMotionsAt(system, params, running(Number(v)), dynamics);
      expect(others).toHaveLength(0);
      // Upright: the pitch found is the reference configuration's, 0.
      expect(Math.abs(motion!.q[index('theta')]!)).toBeLessThan(1e-12);
      expect(motion!.qd[index('thR')]).toBeCloseTo(Number(v) / params.rR!, 12);
      // Reduced state: (psi, phi, theta, delta, q̇) on the six invariants of the four no-slip rows and the front contact.
      expect(motion!.J).toHaveLength(6);
      expect(motion!.family).toBe(2);
      const got = [...motion!.eigenvalues].sort((a, b) => b.re - a.re || b.im - a.im);
      const want = [...published].sort((a, b) => b.re - a.re || b.im - a.im);
      got.forEach((z, k) => {
        expect(z.re).toBeCloseTo(want[k]!.re, 10);
        expect(z.im).toBeCloseTo(want[k]!.im, 10);
      });
    });
  }

  it('is self-stable between the weave speed and the capsize speed', () => {
    const sweep = sweepSteadyMotions(system, params, running(5), { variable: { kind: 'rate', coordinate: index('x') }, from: 0, to: 10, steps: 10 });
    expect(sweep.branches).toHaveLength(1);
    const [weave, capsize, ...more] = sweep.branches[0]!.boundaries;
    expect(more).toHaveLength(0);
    // Table 2 (a): v_w = 4.29238253634111, v_c = 6.02426201538837.
    expect(weave!.value).toBeCloseTo(4.29238253634111, 10);
    expect([weave!.below, weave!.above]).toEqual(['unstable', 'asymptotically stable modulo the family']);
    expect(capsize!.value).toBeCloseTo(6.02426201538837, 10);
    expect(capsize!.below).toBe('asymptotically stable modulo the family');
    expect(capsize!.above).toBe('unstable');
  });
});
