// The C driver through a box landing flat on four corners, compiled once:
// the box of derivations/tumbling-box.ts with frictionless corners (the
// driver's friction is planar; a spatial Coulomb contact stops it) and
// several impacts resolved at once. The four lower corners' rows are
// dependent (g_A + g_C = g_B + g_D for any pose), so the impulses are not
// unique, only their resultant (rubanovich1981 §1); the generated impact map,
// in C as in TypeScript, takes the split of least norm (src/numeric/least-norm.ts).
// Independent values: each corner takes (1 + e) m v⁻/4, the bounce leaves at
// e v⁻, the cascade ends at t∞ = t* + 2e v₀/(g(1 − e)); and the C run is the
// TypeScript runtime's over the whole landing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import box from '../../derivations/tumbling-box.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel, type ModelSpec } from '../../src/model/index.js';
import { simulate } from '../../src/runtime/index.js';
import { agreesWithRuntime, compileDriver, numbers, run } from '../helpers/c-driver.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { HAVE_GCC, IN_CI } from '../helpers/targets.js';

/** The tumbling box with Newton's law alone on its corners, several impacts at once resolved. */
const frictionless: ModelSpec = {
  ...box,
  name: 'flat-box',
  multipleImpacts: 'lcp',
  parameters: Object.fromEntries(Object.entries(box.parameters!).filter(([name]) => name !== 'mu')),
  geometry: { ...box.geometry!, contacts: box.geometry!.contacts!.map((c) => ({ ...c, law: { newton: 'e' } })) },
};
const [m, c, g, e] = [1, 0.1, 9.81, 0.3];
const lower = [0, 2, 4, 6];
const z0 = 0.49;
const T = 1;
/**
 * Measured over the 13 impacts: times to 2.0e-11 s, q̇⁺ to 9.2e-12, the state at T to 1.8e-14 (RK4 at its default
 * step against DOPRI5 at 1e-12); 1e-9 is the other C tests' bound. A split on two or three corners, as the map took
 * before (one that roundoff picks, differently in C and TypeScript), names other contacts.
 */
const TOL = 1e-9;

describe.runIf(HAVE_GCC || IN_CI)('the C driver through a box landing flat on four corners', async () => {
  const sys = deriveSystem(buildModel(frictionless));
  const mod = await loadGenerated(sys);
  const { exe } = compileDriver(sys, 'test/flat-box.ts', mkdtempSync(join(tmpdir(), 'mechanics-c-flat-')));
  const [q0, qd0] = [
    [0.2, -0.1, z0, 0.7, 0, 0],
    [0.3, 0, 0, 0, 0, 0],
  ];
  const ts = simulate(mod, { q0, qd0, t1: T, rtol: 1e-12, atol: 1e-12 });
  const cRun = run(exe, ['-t', `${T}`, '-q', q0.join(), '-v', qd0.join()]);

  it('the runtime: every impact on the four corners alike, (1 + e) m v⁻/4 each, the cascade over at t∞', () => {
    const tStar = Math.sqrt((2 * (z0 - c)) / g);
    const impacts = ts.events.filter((ev) => ev.type === 'impact');
    expect(impacts.length).toBeGreaterThan(10);
    expect(Math.abs(impacts[0]!.t - tStar)).toBeLessThan(1e-12);
    for (const ev of impacts) {
      expect(ev.contacts).toEqual(lower);
      const v = -ev.qd[2]!;
      for (const j of lower) expect(Math.abs(ev.impulses![j]! - ((1 + e) * m * v) / 4)).toBeLessThan(1e-12);
      expect(Math.abs(ev.qdPlus![2]! - e * v)).toBeLessThan(1e-12);
    }
    expect(Math.abs(impacts.at(-1)!.t - (tStar + (2 * e * g * tStar) / (g * (1 - e))))).toBeLessThan(1e-6);
  });

  it('the C driver: the same impulses at every impact', () => {
    const impacts = cRun.events.filter((ev) => ev.kind === 'impact');
    expect(impacts.length).toBeGreaterThan(10);
    for (const ev of impacts) {
      const v = -numbers(ev.fields['qd-'])[2]!;
      const impulses = numbers(ev.fields.impulses);
      for (const j of lower) expect(Math.abs(impulses[j]! - ((1 + e) * m * v) / 4)).toBeLessThan(1e-12);
    }
  });

  it('agrees with the runtime over the whole landing: every impact, its contacts and q̇⁺, and the state at T, to 1e-9', () => {
    agreesWithRuntime(sys, cRun, ts, T, TOL);
  });
});
