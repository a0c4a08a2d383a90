// `mechanics simulate`: the model's initial state recomputed for the run's
// parameters (it may be written in terms of them), the --q0/--qd0/--t1
// overrides on top, and the model's consistency check on the result.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, projectWith, simulateJson } from './run-cli.js';

const G = 9.81;

/** A ball dropped from height h (a parameter): its initial state is written in terms of h. */
const DROP = `import { defineModel } from 'unilateral-mechanics';

export default defineModel({
  name: 'drop',
  coordinates: [{ name: 'y', unit: 'm' }],
  parameters: { m: 1, g: ${G}, h: { default: 2, range: [-5, 10] }, e: { default: 0.5, range: [0, 1] } },
  kinetic: "m*y'^2/2",
  potential: 'm*g*y',
  unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { newton: 'e' } }],
  initial: { q: { y: 'h' }, t1: '2*sqrt(2*h/g)' },
});
`;

describe('simulate recomputes the initial state for --param', () => {
  it('runs the compass at alpha = 0.7 from foot B on the line, at rest (not 7.8 cm above it)', async () => {
    const alpha = 0.7;
    const out = await simulateJson('compass', '--param', `alpha=${alpha}`, '--t1', '0.01', '--samples', '2');
    const [xc, yc, psi] = out.q[0]!;
    const [xcd, ycd, psid] = out.qd[0]!;
    // Foot B = O + l (sin(ψ − α), −cos(ψ − α)), O = C + (l/2) cos α (−sin ψ, cos ψ), l = 1.
    const yB = yc! + 0.5 * Math.cos(alpha) * Math.cos(psi!) - Math.cos(psi! - alpha);
    expect(Math.abs(yB)).toBeLessThan(1e-15);
    // ẋ_B and ẏ_B: the foot at rest.
    expect(xcd! - 0.5 * Math.cos(alpha) * Math.cos(psi!) * psid! + Math.cos(psi! - alpha) * psid!).toBeCloseTo(0, 14);
    expect(ycd! - 0.5 * Math.cos(alpha) * Math.sin(psi!) * psid! + Math.sin(psi! - alpha) * psid!).toBeCloseTo(0, 14);
    expect([xc, psi]).toEqual([0, 0.05]);
    expect(psid).toBeCloseTo(-1, 14);
  });

  it('drops the ball from the h given: the first impact at √(2h/g), the default t1 in terms of h', async () => {
    const h = 4.5;
    const out = await simulateJson(join(projectWith('drop.ts', DROP), 'drop.ts'), '--param', `h=${h}`, '--samples', '2');
    expect(out.q[0]).toEqual([h]);
    expect(out.t.at(-1)).toBeCloseTo(2 * Math.sqrt((2 * h) / G), 12);
    expect(out.events.find((e) => e.type === 'impact')!.t).toBeCloseTo(Math.sqrt((2 * h) / G), 8);
  });

  it('--q0 and --qd0 apply on top of the recomputed state', async () => {
    const out = await simulateJson(join(projectWith('drop.ts', DROP), 'drop.ts'), '--param', 'h=4', '--qd0', 'y=-h', '--t1', '0.1', '--samples', '2');
    expect(out.q[0]).toEqual([4]);
    expect(out.qd[0]).toEqual([-4]);
  });
});

describe("simulate refuses a state the model does not allow at the run's parameters (exit 1)", () => {
  it('the compass at alpha = 0.7 with foot B pushed below the line by --q0: initial-penetration in --q0', async () => {
    // Standing needs yc = cos(0.05 − 0.7) − cos(0.7) cos(0.05)/2 ≈ 0.414; D stays 2 sin 0.05 sin 0.7 ≈ 0.064 above B.
    const r = await cli('simulate', 'compass', '--param', 'alpha=0.7', '--q0', 'yc=0.4');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /error \[initial-penetration\].*model 'compass', field '--q0'.*unilateral constraint 'footB': gap = -0\.014\d* .*the state given with --q0\)$/m,
    );
  });

  it("the model's own state, penetrating at the --param given: initial-penetration in initial.q", async () => {
    const r = await cli('simulate', join(projectWith('drop.ts', DROP), 'drop.ts'), '--param', 'h=-1', '--t1', '1');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error \[initial-penetration\].*field 'initial\.q'.*gap = -1 .*the model's initial state at this run's parameter values/);
  });

  it('a default t1 that is not positive at the --param given names initial.t1; a --t1 that is not names --t1', async () => {
    const file = join(projectWith('drop.ts', DROP), 'drop.ts');
    const fromModel = await cli('simulate', file, '--param', 'h=0');
    expect(fromModel.code).toBe(1);
    expect(fromModel.stderr).toMatch(/error \[bad-initial\].*field 'initial\.t1'.*got 0/);
    const given = await cli('simulate', file, '--t1', 'h - 4');
    expect(given.code).toBe(1);
    expect(given.stderr).toMatch(/error \[bad-initial\].*field '--t1'.*got -2/);
  });
});
