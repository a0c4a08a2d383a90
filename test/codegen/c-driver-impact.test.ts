// The C driver's frictional impact (c-driver-impact.ts) on the falling rod
// (derivations/falling-rod.ts), compiled once. Whole runs (the rod's own
// initial state is c-driver.test.ts's): ends striking a rough floor while
// sticking or sliding on, one end or both at once, cascades summed to rest,
// and at e = 0.95 impacts where Newton's law with Coulomb friction would
// raise the energy and Glocker's law acts; their impacts, sticks, slips and
// rests, the state after each and at the end, are those of the TypeScript
// runtime's `simulate`, which solves each impact as a complementarity
// problem by Lemke's method. Single impacts from random states (the driver
// run to T = 0 resolves the impact it starts in): q̇⁺ and the impulses are
// the runtime's frictionalImpact at that state, to rounding.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import rod from '../../derivations/falling-rod.js';
import { frictionalImpact, simulate, type Trajectory } from '../../src/runtime/index.js';
import { agreesWithRuntime, compileDriver, numbers, run } from '../helpers/c-driver.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { rng, uniform } from '../helpers/random.js';
import { HAVE_GCC, IN_CI } from '../helpers/targets.js';

/**
 * Event times agree with the runtime's to 5.7e-11 s and the states after them to 3.6e-10 at most (μ = 1: the
 * cascades' impacts follow each other within 1e-4 s, and halving the step changes nothing: the runtime's own error),
 * so 1e-9 leaves a margin of 2.7, while an impulse on the wrong side of the cone, or Newton's law where Glocker's
 * acts, moves q̇⁺ by 1e-2 and more.
 */
const TOL = 1e-9;
const T = 3;
/** Random single impacts; their q̇⁺ and impulses agree with the runtime's to 6.6e-16 relative at most. */
const IMPACTS = 60;

describe.runIf(HAVE_GCC || IN_CI)('the C driver through frictional impacts', async () => {
  const sys = derived(rod);
  const mod = await loadGenerated(sys);
  const { exe } = compileDriver(sys, 'derivations/falling-rod.ts', mkdtempSync(join(tmpdir(), 'mechanics-c-impact-')));
  const { q0 } = sys.model.initial;
  const defaults = Object.fromEntries(sys.model.parameters.map((p) => [p.name, p.default]));

  /** Both runs from the rod's initial position, thrown along the floor at ẋ, with e and μ: the runtime's, and checked against it, the driver's. */
  function bothRuns(e: number, mu: number, xd: number): Trajectory {
    const ts = simulate(mod, { q0, qd0: [xd, 0, 0], params: { e, mu }, t1: T, rtol: 1e-12, atol: 1e-12 });
    agreesWithRuntime(sys, run(exe, ['-t', `${T}`, '-p', `e=${e}`, '-p', `mu=${mu}`, '-v', `${xd},0,0`]), ts, T, TOL);
    return ts;
  }

  /** The modes right after the runtime's impacts (frictionPhase's codes: ±1 sliding, 2 sticking). */
  const modes = (ts: Trajectory): number[][] => ts.events.filter((e) => e.type === 'impact').map((e) => e.modes!);

  it('μ = 1: impacts that stick, on one end, then on both at once to rest, as the runtime has them', () => {
    const ts = bothRuns(0.8, 1, 1);
    // The run holds what the test is about.
    expect(modes(ts).filter((m) => m.join() === '2,0' || m.join() === '0,2').length).toBeGreaterThan(30);
    expect(modes(ts).filter((m) => m.join() === '2,2').length).toBeGreaterThan(3);
    expect(ts.events.filter((e) => e.type === 'rest').length).toBeGreaterThan(0);
  });

  it('e = 0.95: Glocker’s law where Newton–Coulomb would raise the energy, as in the runtime', () => {
    const p = { ...defaults, e: 0.95, mu: 0.5 };
    const ts = bothRuns(p.e, p.mu, 1);
    const laws = ts.events
      .filter((e) => e.type === 'impact')
      .map(
        (e) =>
          frictionalImpact(
            mod,
            p,
            e.t,
            e.q,
            e.qd,
            Array.from(mod.gaps!(e.t, e.q, p), (g) => g <= 1e-9),
          ).law,
      );
    expect(laws).toContain('glocker');
    expect(laws).toContain('newton-coulomb');
    // Ends that stick and ends that slide on at the impacts.
    expect(modes(ts).some((m) => m.includes(2))).toBe(true);
    expect(modes(ts).some((m) => m.includes(-1) || m.includes(1))).toBe(true);
  });

  it('single impacts from random states: q̇⁺ and the impulses are frictionalImpact’s to 1e-13', () => {
    const r = rng(2013);
    const outcomes = new Set<string>();
    for (let trial = 0; trial < IMPACTS; trial++) {
      const p = { ...defaults, e: uniform(r, 0, 1), mu: uniform(r, 0, 2) };
      // One end on the floor at a random angle (A below B or B below A), or the rod lying flat on both.
      const flat = trial % 4 === 3;
      const theta = flat ? 0 : uniform(r, -1.2, 1.2);
      const q = [uniform(r, -1, 1), flat ? 0 : defaults.l! * Math.abs(Math.sin(theta)), theta];
      const qd = [uniform(r, -2, 2), uniform(r, -3, -0.1), uniform(r, -3, 3)];
      const closed = Array.from(mod.gaps!(0, q, p), (g) => g <= 1e-9);
      const ts = frictionalImpact(mod, p, 0, q, qd, closed);
      const c = run(exe, ['-t', '0', '-q', q.join(','), '-v', qd.join(','), '-p', `e=${p.e}`, '-p', `mu=${p.mu}`]);
      const first = c.events.find((e) => e.kind === 'impact');
      const state = JSON.stringify({ q, qd, p });
      if (!first) {
        // Nothing approaches: the runtime's law gives no impulse either.
        expect(
          Array.from(ts.impulses).every((v) => v === 0),
          state,
        ).toBe(true);
        continue;
      }
      outcomes.add(`${ts.law} ${ts.modes.join(',')}`);
      for (const [mine, theirs] of [
        [numbers(first.fields['qd+']), ts.qdPlus],
        [numbers(first.fields.impulses), ts.impulses],
      ] as const)
        mine.forEach((v, i) => expect(Math.abs(v - theirs[i]!), state).toBeLessThanOrEqual(1e-13 * (1 + Math.abs(theirs[i]!))));
    }
    // The states cover the law: sticking, sliding either way, both ends at once, Glocker's law.
    const all = [...outcomes].join(' ');
    for (const part of ['newton-coulomb', 'glocker', '2,0', '1,0', '-1,0', '2,2']) expect(all).toContain(part);
  });
});
