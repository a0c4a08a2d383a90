// Painlevé's rod from the command line (derivations/falling-rod.ts, end on
// the floor at θ = π/6 sliding backwards, μ = 2.6 above μc ≈ 2.5019; see
// test/unilateral/painleve.test.ts for the closed forms): the inconsistent
// state is a model error (exit 1) naming the code, the contact and the time;
// the indeterminate one runs and prints its 'indeterminate' event in JSON
// (one mode per end: B, high above the floor, stays open).
import { describe, expect, it } from 'vitest';
import { cli, simulateJson } from './run-cli.js';

const onTheFloor = ['--param', 'mu=2.6', '--q0', 'theta=pi/6', '--q0', 'y=l*sin(pi/6)', '--t1', '0.05'];

describe("simulate falling-rod in Painlevé's situations", () => {
  it('compressive (θ̇ = 0): exit 1 with contact-inconsistent, the contact and t = 0', async () => {
    const r = await cli('simulate', 'falling-rod', ...onTheFloor, '--qd0', 'x=-1', '--qd0', 'y=0', '--qd0', 'theta=0');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^error \[contact-inconsistent\]: \[model 'falling-rod', field 'frictionPhase'\] no admissible contact mode for contacts 'endA'.*\(at t = 0\)$/m,
    );
    // The state it failed at: θ = π/6 on the floor, sliding backwards.
    expect(r.stderr).toMatch(/^ {2}state at t = 0: q = \[0, 0\.5, 0\.5235987755982988\], qd = \[-1, 0, 0\]$/m);
  });

  it("separating (θ̇ = 5): runs, and the JSON has the 'indeterminate' event with the chosen mode (open) and the alternative (sliding back)", async () => {
    const run = await simulateJson('falling-rod', ...onTheFloor, '--qd0', 'x=-1-5*l*sin(pi/6)', '--qd0', 'y=5*l*cos(pi/6)', '--qd0', 'theta=5');
    const e = run.events[0] as (typeof run.events)[number] & { modes?: number[]; alternatives?: number[][] };
    expect(e).toMatchObject({ t: 0, type: 'indeterminate', contacts: ['endA'], modes: [0, 0], alternatives: [[-1, 0]] });
    expect(e.q[2]).toBeCloseTo(Math.PI / 6, 15);
    [-1 - 5 * Math.sin(Math.PI / 6), 5 * Math.cos(Math.PI / 6), 5].forEach((v, i) => expect(e.qd[i]).toBeCloseTo(v, 14));
  });
});
