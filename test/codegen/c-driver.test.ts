// The C driver (c-driver.ts) of every example with contacts, compiled with
// its module under gcc's strict flags (four drivers that between them hold
// every part the generator writes also at -O2, and by clang) and run from
// the model's initial state: its impacts (time, contacts, q̇⁺) and releases
// are those of the TypeScript runtime's event-driven `simulate` of the
// same module, and so are its accumulation points (a cascade of impacts
// summed); the bouncing ball's impacts and accumulation point are the
// closed form's. With
// Coulomb friction its impacts, sticks, slips and rests are the runtime's
// (the belt's stick–slip cycle also the closed form's; the frictional
// impact itself: c-driver-impact.test.ts; a spatial contact breaking away:
// c-driver-flat-landing.test.ts); a corner the impact map has no rule for stops the run
// with the map's status, as it stops `simulate`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { devNull, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCDriver } from '../../src/codegen/c-driver.js';
import { generateC } from '../../src/codegen/print-c.js';
import type { DerivedSystem } from '../../src/derive/system.js';
import { MechanicsError } from '../../src/errors.js';
import type { ModelSpec } from '../../src/model/index.js';
import { simulate, SimulationError } from '../../src/runtime/index.js';
import { derived, hasContacts, loadExamples } from '../helpers/examples.js';
import { after, agreesWithRuntime, compileDriver, names, numbers, run, STRICT } from '../helpers/c-driver.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { HAVE_CLANG, HAVE_GCC, IN_CI, INSTALL } from '../helpers/targets.js';

/**
 * RK4's global error is O(h⁴) (checked below on the compass: its impact
 * times move by 8e-8 s at h = 1e-2 and 16 times less at h/2), so at the
 * driver's default step h = 1e-3 about 1e-11 s: no more than the error of
 * locating a crossing to 1e-12 s and of the runtime's DOPRI5 at
 * rtol = atol = 1e-12, which add up over the impacts. The impacts agree
 * with the runtime's to 1.3e-10 s and 1.1e-10 in q̇⁺ at most (the
 * compass's 23rd impact), so 1e-8 leaves a margin of 75, while an impact
 * law that is off (a restitution, a mode) moves q̇⁺ by 1e-2 and more.
 */
const TOL = 1e-8;
/**
 * With friction, the events (impacts, sticks, slips, rests) and the states after them agree with the runtime's to
 * 3.8e-11 s and 2.1e-10 in the state at most (the rod's 3 s: 40 frictional impacts, two cascades; the belt's stick–slip
 * to 1e-12), so 1e-9 leaves a margin of 4.7, while a mode chosen wrong moves a phase by its whole length and an impulse
 * off the cone moves q̇⁺ by 1e-2.
 */
const FRICTION_TOL = 1e-9;
/**
 * The tumbling box's first 0.649 s hold 63 frictional impacts on spatial corners, in cascades whose impacts amplify a
 * difference of their times (7e-11 s at its 44th; 1.2e-10 against the runtime at rtol 1e-14, not 1e-12): q̇⁺
 * there agrees to 1.2e-9, the state at 0.649 to 4.7e-9, so the frictionless examples' TOL. The rest of the run, to
 * 3 s, is c-driver-flat-landing.test.ts's from a state both take (to 1e-9; its impulses on four corners split by
 * different solvers).
 */
const BOX_HORIZON = 0.649;
/**
 * The ball on the plate (a contact on a moving body's face) over its whole run, 2 s: a cascade of 11 impacts summed at
 * t = 0.3763, another of 10 that ends with the contact closing, seven slides, five of them stopping. The plate swings
 * on four stiff corner springs: it tilts and yaws at ω = √(4ka²/I) = 24.5 rad/s, over which RK4's error at the
 * default step, (ωh)⁴ωt/120, is 1.9e-8 at the first impact (t = 0.2636; measured 1.5e-8 of the state, 17 times less
 * at h/2, 18 times less again at h/4) and 1.5e-7 at 2 s (measured 1.4e-7). At h = 2.5e-4 s the events agree with the
 * runtime's to 4.7e-10 s and the states to 8.3e-9 (after a slide's stop: its time off by δt moves the plate's rates by
 * δt times their accelerations), so 2e-8 leaves a margin of 2.4.
 */
const PLATE_STEP = 2.5e-4;
const PLATE_TOL = 2e-8;
/** The horizon: the model's own, at most 5 s (the circle billiard's 25 s add only more of the same impacts). */
const HORIZON = 5;
/**
 * Drivers also compiled at -O2, where gcc's flow analysis warns (maybe-uninitialized), and checked by clang:
 * between them every part the generator writes or leaves out (activation conditions, stick rows, Coulomb stops,
 * no contacts); the other drivers differ from them only in their tables and names.
 */
const CHECKED = new Set(['bouncing-ball', 'compass-walker', 'block-on-incline', 'simple-pendulum']);

if (!HAVE_GCC && !IN_CI) console.warn(`gcc not found: the C driver is not run; ${INSTALL}.`);
if (HAVE_GCC && !HAVE_CLANG && !IN_CI) console.warn(`clang not found: the C drivers compile under gcc only; ${INSTALL}.`);

const examples = (await loadExamples()).filter((ex) => hasContacts(ex.spec));
const dir = mkdtempSync(join(tmpdir(), 'mechanics-c-driver-'));

/** The driver and module of `sys` compiled under the strict flags into an executable, once (some drivers checked further: CHECKED); its path. */
const built = new Map<DerivedSystem, string>();
function build(sys: DerivedSystem, source: string): string {
  const known = built.get(sys);
  if (known) return known;
  const { exe, driver } = compileDriver(sys, source, dir);
  if (CHECKED.has(sys.model.name)) {
    execFileSync('gcc', [...STRICT, '-O2', '-c', driver, '-o', devNull], { stdio: 'pipe' });
    if (HAVE_CLANG) execFileSync('clang', [...STRICT, '-fsyntax-only', driver], { stdio: 'pipe' });
  }
  built.set(sys, exe);
  return exe;
}

describe.runIf(HAVE_GCC || IN_CI)('the C driver of every example with contacts', () => {
  it('gcc is installed (CI never skips this check)', () => {
    expect(HAVE_GCC, `gcc is missing: ${INSTALL}`).toBe(true);
  });

  it.each(examples.map((ex) => [ex.spec.name, ex] as const))(
    '%s: compiles warning-free; its impacts, rests, sticks and slips are the runtime’s',
    async (_name, ex) => {
      const sys = derived(ex.spec);
      const exe = build(sys, ex.source);
      const { q0, qd0, t1 } = sys.model.initial;
      const T = Math.min(t1, HORIZON, ex.spec.name === 'tumbling-box' ? BOX_HORIZON : Infinity);
      const mod = await loadGenerated(sys);
      const tight = { q0, qd0, rtol: 1e-12, atol: 1e-12 };
      if (sys.model.unilateral.some((u) => u.friction)) {
        // Coulomb friction: every impact, stick, slip and rest is the runtime's (each row printed: the states after them).
        const plate = sys.model.name === 'ball-on-plate';
        const tol = sys.model.name === 'tumbling-box' ? TOL : plate ? PLATE_TOL : FRICTION_TOL;
        agreesWithRuntime(sys, run(exe, ['-t', `${T}`, ...(plate ? ['-h', `${PLATE_STEP}`] : [])]), simulate(mod, { ...tight, t1: T }), T, tol);
        return;
      }
      const c = run(exe, ['-t', `${T}`, '-k', '1000']);
      expect(c.stderr).toBe('');
      const last = c.rows.at(-1)!;
      expect(c.status).toBe(0);
      expect(last[0]).toBe(T);
      const ts = simulate(mod, { ...tight, t1: T });
      const tsImpacts = ts.events.filter((e) => e.type === 'impact');
      const cImpacts = c.events.filter((e) => e.kind === 'impact');
      expect(cImpacts.length).toBe(tsImpacts.length);
      tsImpacts.forEach((e, k) => {
        const f = cImpacts[k]!.fields;
        expect(Math.abs(Number(f.t) - e.t), `impact ${k} at ${e.t}`).toBeLessThanOrEqual(TOL);
        expect(f.contacts, `impact ${k}`).toBe(names(sys, e.contacts));
        numbers(f['qd+']).forEach((v, i) => expect(Math.abs(v - e.qdPlus![i]!), `impact ${k}: qd+[${i}]`).toBeLessThanOrEqual(TOL * (1 + Math.abs(v))));
      });
      // Each release of the runtime (σ̇ through zero, or a contact left at an impact) is a change of the driver's held set there.
      const held = c.events.filter((e) => e.kind === 'held');
      for (const e of ts.events.filter((x) => x.type === 'release')) {
        const change = held.find((h) => Math.abs(Number(h.fields.t) - e.t) <= TOL);
        expect(change, `release at ${e.t}`).toBeDefined();
        for (const j of e.contacts) expect(change!.fields.contacts!.split(',')).not.toContain(sys.model.unilateral[j]!.name);
      }
      // Each accumulation of impacts the runtime sums is the driver's: the contacts rest from the same point on.
      const rests = c.events.filter((e) => e.kind === 'rest');
      const tsRests = ts.events.filter((e) => e.type === 'rest');
      expect(rests.length).toBe(tsRests.length);
      tsRests.forEach((e, k) => {
        expect(Math.abs(Number(rests[k]!.fields.t) - e.t), `rest at ${e.t}`).toBeLessThanOrEqual(TOL);
        expect(rests[k]!.fields.contacts).toBe(names(sys, e.contacts));
      });
      const n = sys.model.coordinates.length;
      last.slice(1, 1 + n).forEach((v, i) => expect(Math.abs(v - ts.q.at(-1)![i]!), `q[${i}] at ${T}`).toBeLessThanOrEqual(1e-7 * (1 + Math.abs(v))));
    },
  );

  it('its error is RK4’s: the compass’s impact times move 16 times less at half the step', async () => {
    const compass = examples.find((ex) => ex.spec.name === 'compass')!;
    const sys = derived(compass.spec);
    const exe = build(sys, compass.source);
    const { q0, qd0 } = sys.model.initial;
    const ts = simulate(await loadGenerated(sys), { q0, qd0, t1: 3, rtol: 1e-12, atol: 1e-12 }).events.filter((e) => e.type === 'impact');
    const error = (h: number): number => {
      const c = run(exe, ['-t', '3', '-h', `${h}`, '-k', '100000']).events.filter((e) => e.kind === 'impact');
      // Both sum the rocking's accumulation after its 23rd impact.
      expect(c.length).toBe(ts.length);
      return Math.max(...ts.map((e, k) => Math.abs(Number(c[k]!.fields.t) - e.t)));
    };
    const [coarse, fine] = [error(1e-2), error(5e-3)];
    expect(coarse).toBeGreaterThan(1e-8);
    // 2⁴ = 16 for an error of order 4 (2⁵ = 32 for order 5, 8 for order 3).
    expect(coarse / fine).toBeGreaterThan(12);
    expect(coarse / fine).toBeLessThan(22);
  });

  const ball = examples.find((ex) => ex.spec.name === 'bouncing-ball')!;
  it('the bouncing ball bounces at the closed form’s times, with q̇⁺ = −e q̇⁻, and rests from their accumulation point on', () => {
    const exe = build(derived(ball.spec), ball.source);
    // Dropped from y₀ = 2 with e = 0.5 (not the defaults): the first impact at t₁ = √(2y₀/g), each flight after one at
    // speed v lasting 2v/g, and the flights sum to t∞ = t₁ (1 + e)/(1 − e).
    const [y0, g, e] = [2, 9.81, 0.5];
    const c = run(exe, ['-q', `${y0}`, '-p', `e=${e}`, '-k', '100000']);
    expect(c.status).toBe(0);
    const impacts = c.events.filter((x) => x.kind === 'impact').map((x) => x.fields);
    let t = Math.sqrt((2 * y0) / g),
      v = Math.sqrt(2 * g * y0);
    const tInf = (t * (1 + e)) / (1 - e);
    for (const f of impacts) {
      expect(Math.abs(Number(f.t) - t)).toBeLessThanOrEqual(1e-10);
      expect(Math.abs(Number(f['qd-']) + v)).toBeLessThanOrEqual(1e-10);
      expect(Number(f['qd+'])).toBeCloseTo(-e * Number(f['qd-']), 14);
      v *= e;
      t += (2 * v) / g;
    }
    // Summed after the first impact whose flights left (t∞ − t_k) are below 1e-5 of the cascade's duration, as the runtime does.
    const times = impacts.map((f) => Number(f.t));
    const left = (k: number): number => (tInf - times[k]!) / (times[k]! - times[0]!);
    expect(left(times.length - 1)).toBeLessThan(1e-5);
    expect(left(times.length - 2)).toBeGreaterThan(1e-5);
    // Then the floor holds the ball, which is at rest on it from t∞ on.
    const rest = c.events.at(-1)!;
    expect([rest.kind, rest.fields.contacts]).toEqual(['rest', 'floor']);
    expect(Math.abs(Number(rest.fields.t) - tInf)).toBeLessThanOrEqual(1e-9);
    for (const v of c.rows.at(-1)!.slice(1)) expect(Math.abs(v)).toBeLessThan(1e-12);
  });

  it('the belt’s block sticks and slips at the closed form’s times and states', () => {
    // Stuck, ẋ = v until the spring's pull k x reaches μs m g; sliding back, m ẍ = −k x + μk m g from ẋ = v, a harmonic
    // arc about x_k = μk m g/k, until ẋ = v again: at ω τ = 2(π − atan(A ω/v)), A = x_s − x_k; then stuck until x_s again.
    const belt = examples.find((ex) => ex.spec.name === 'belt-oscillator')!;
    const [m, k, g, v, muK, muS] = [1, 10, 9.81, 0.2, 0.3, 0.5];
    const c = run(build(derived(belt.spec), belt.source), ['-t', '10', '-k', '100000']);
    expect(c.status).toBe(0);
    const w = Math.sqrt(k / m),
      xs = (muS * m * g) / k,
      xk = (muK * m * g) / k,
      tau = (2 * (Math.PI - Math.atan(((xs - xk) * w) / v))) / w,
      // Where the slide ends: x_k + A cos ωτ + (v/ω) sin ωτ.
      xEnd = xk + (xs - xk) * Math.cos(w * tau) + (v / w) * Math.sin(w * tau);
    const expected: { kind: string; t: number; x: number }[] = [{ kind: 'stick', t: 0, x: 0 }];
    for (let t = xs / v; t < 10; t += tau + (xs - xEnd) / v) {
      expected.push({ kind: 'slip', t, x: xs });
      if (t + tau < 10) expected.push({ kind: 'stick', t: t + tau, x: xEnd });
    }
    const modes = c.events.filter((e) => e.kind === 'stick' || e.kind === 'slip');
    expect(modes.map((e) => e.kind)).toEqual(expected.map((e) => e.kind));
    expect(expected.length).toBeGreaterThanOrEqual(7);
    modes.forEach((e, i) => {
      const t = Number(e.fields.t);
      expect(Math.abs(t - expected[i]!.t), `${e.kind} ${i}`).toBeLessThanOrEqual(1e-9);
      // Either way the block moves with the belt there: x, y = 0, ẋ = v, ẏ = 0.
      const row = after(c, t);
      [expected[i]!.x, 0, v, 0].forEach((x, j) => expect(Math.abs(row[1 + j]! - x), `${e.kind} ${i}: x[${j}]`).toBeLessThanOrEqual(1e-9));
    });
  });

  it('a block launched up a rough incline slides, stops, and sticks or slides back, as Coulomb’s law has it', () => {
    // On the slope (y = 0) at ẋ = −2 (uphill): decelerated by g (sin α + μk cos α) it stops at t_s = 2/that, x_s = −2 t_s/2 = −t_s;
    // there it sticks where tan α ≤ μs (α = 0.5), else slides back (α = 0.7) at g (sin α − μk cos α). At α = 0.7 from
    // rest it slides at once: sticking would leave the cone.
    const block = examples.find((ex) => ex.spec.name === 'block-on-incline')!;
    const exe = build(derived(block.spec), block.source);
    const [g, muK] = [9.81, 0.4];
    for (const [alpha, v0, kinds] of [
      [0.5, -2, ['slip', 'stick']],
      [0.7, -2, ['slip', 'slip']],
      [0.7, 0, ['slip']],
    ] as const) {
      const c = run(exe, ['-q', '0,0', '-v', `${v0},0`, '-p', `alpha=${alpha}`, '-t', '1', '-k', '100000']);
      expect(c.status).toBe(0);
      const modes = c.events.filter((e) => e.kind === 'stick' || e.kind === 'slip');
      expect(modes.map((e) => e.kind)).toEqual(kinds);
      const up = g * (Math.sin(alpha) + muK * Math.cos(alpha)),
        down = g * (Math.sin(alpha) - muK * Math.cos(alpha));
      const ts = -v0 / up,
        xs = (v0 * ts) / 2;
      expect(Number(modes[0]!.fields.t)).toBe(0);
      if (v0 !== 0) {
        expect(Math.abs(Number(modes[1]!.fields.t) - ts)).toBeLessThanOrEqual(1e-9);
        expect(Math.abs(after(c, Number(modes[1]!.fields.t))[1]! - xs)).toBeLessThanOrEqual(1e-9);
      }
      // At t = 1: resting at x_s, or sliding down from x_s (from 0 at t = 0 when it started at rest).
      const [t0, x0] = v0 === 0 ? [0, 0] : [ts, xs];
      const [x, xd] = kinds.at(-1) === 'stick' ? [xs, 0] : [x0 + (down * (1 - t0) ** 2) / 2, down * (1 - t0)];
      const end = c.rows.at(-1)!;
      expect(end[0]).toBe(1);
      [x, 0, xd, 0].forEach((v, i) => expect(Math.abs(end[1 + i]! - v), `α = ${alpha}, v0 = ${v0}: x[${i}]`).toBeLessThanOrEqual(1e-9));
    }
  });

  it('a rod leaning on a rough floor slides and turns back, or sticks and slips, as the runtime has it, through its impacts', async () => {
    // End A on the floor at θ = 0.7, from rest: with μ = 0.3 it slides at once (sticking would need μ ≥ 0.66) and its
    // slide turns back; with μ = 0.8 it sticks, then slips. Pushed away from the rod's foot (ẋ = −1) with μ = 1.5 it
    // slides, sticks and slips again. End B's arrival is a frictional impact, and the run goes on as the runtime's.
    const rod = examples.find((ex) => ex.spec.name === 'falling-rod')!;
    const sys = derived(rod.spec);
    const exe = build(sys, rod.source);
    const mod = await loadGenerated(sys);
    const q0 = [0, Math.sin(0.7), 0.7];
    for (const [mu, v, kinds] of [
      [0.3, 0, ['slip', 'slip']],
      [0.8, 0, ['stick', 'slip']],
      [1.5, -1, ['slip', 'stick', 'slip']],
    ] as const) {
      const c = run(exe, ['-q', q0.join(','), '-v', `${v},0,0`, '-p', `mu=${mu}`, '-t', '1']);
      const untilImpact = c.events.slice(
        0,
        c.events.findIndex((e) => e.kind === 'impact'),
      );
      expect(untilImpact.filter((e) => e.kind === 'stick' || e.kind === 'slip').map((e) => e.kind)).toEqual(kinds);
      agreesWithRuntime(sys, c, simulate(mod, { q0, qd0: [v, 0, 0], params: { mu }, t1: 1, rtol: 1e-12, atol: 1e-12 }), 1, FRICTION_TOL);
    }
  });

  it('Painlevé’s inconsistency stops the run where simulate stops it', async () => {
    // The same rod pushed at ẋ = −1 with μ = 3 (above the uniform rod's 4/3): end A has no mode that is admissible with a
    // positive reaction-matrix determinant where it slides (smirnov1981 §3), so neither run guesses one.
    const rod = examples.find((ex) => ex.spec.name === 'falling-rod')!;
    const sys = derived(rod.spec);
    const q0 = [0, Math.sin(0.7), 0.7];
    const c = run(build(sys, rod.source), ['-q', q0.join(','), '-v', '-1,0,0', '-p', 'mu=3']);
    expect(c.status).toBe(2);
    const stop = c.events.at(-1)!;
    expect([stop.kind, stop.fields.t, stop.fields.reason, stop.fields.contacts]).toEqual(['stop', '0', 'contact-inconsistent', 'endA']);
    const mod = await loadGenerated(sys);
    const failure = (() => {
      try {
        simulate(mod, { q0, qd0: [-1, 0, 0], params: { mu: 3 }, t1: 1, rtol: 1e-12, atol: 1e-12 });
      } catch (err) {
        return err;
      }
    })();
    expect(failure).toBeInstanceOf(SimulationError);
    expect([(failure as SimulationError).code, (failure as SimulationError).t]).toEqual(['contact-inconsistent', 0]);
  });

  it('says what is wrong with its arguments and parameters', () => {
    const exe = build(derived(ball.spec), ball.source);
    for (const args of [['-p', 'mu=1'], ['-q', '1,2'], ['-h', '0'], ['-t'], ['-x', '1']]) {
      const r = run(exe, args);
      expect(r.status, args.join(' ')).toBe(1);
      expect(r.stderr, args.join(' ')).toMatch(/^usage: /);
    }
    const bad = run(exe, ['-p', 'e=-1']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/\be\b/);
    expect(bad.rows).toEqual([]);
  });

  it('a corner the impact map has no rule for stops the run with the map’s status, where simulate stops', async () => {
    // The particle thrown into the corner of wall and floor, reaching both at once (from y = 0.1 at ẋ = 1: x + ẋ T = 1
    // where the fall takes T = √(2y/g)), with `multipleImpacts: 'error'`.
    const corner = examples.find((ex) => ex.spec.name === 'particle-in-corner')!;
    const spec: ModelSpec = { ...corner.spec, name: 'corner-error', multipleImpacts: 'error' };
    const sys = derived(spec);
    const exe = build(sys, corner.source);
    const x0 = 1 - Math.sqrt(0.2 / 9.81);
    const c = run(exe, ['-q', `${x0},0.1`, '-v', '1,0']);
    expect(c.status).toBe(2);
    const stop = c.events.at(-1)!;
    expect([stop.kind, stop.fields.reason, stop.fields.contacts]).toEqual(['stop', 'corner-without-rule', 'wall,floor']);
    const mod = await loadGenerated(sys);
    const failure = (() => {
      try {
        simulate(mod, { q0: [x0, 0.1], qd0: [1, 0], t1: 1, rtol: 1e-12, atol: 1e-12 });
      } catch (err) {
        return err;
      }
    })();
    expect(failure).toBeInstanceOf(SimulationError);
    expect((failure as SimulationError).code).toBe('impact-corner-without-rule');
    expect(Math.abs(Number(stop.fields.t) - (failure as SimulationError).t!)).toBeLessThanOrEqual(TOL);
  });

  it('a touch inside one step, the gap positive at both its ends, is an impact too', async () => {
    // A pendulum against a stop at θ = w, swinging out to w + 1e-3 only: its gap is negative for 0.04 s about the
    // apex, which the step (the apex at its middle) holds whole.
    const pendulum = (await loadExamples()).find((ex) => ex.spec.name === 'simple-pendulum')!;
    const spec: ModelSpec = {
      ...pendulum.spec,
      name: 'pendulum-stop',
      parameters: { ...pendulum.spec.parameters, w: { default: 0.5 }, e: { default: 0.5, range: [0, 1] } },
      unilateral: [{ name: 'stop', constraint: 'theta - w <= 0', law: { newton: 'e' } }],
      initial: { q: { theta: 0 }, t1: 1 },
    };
    const sys = derived(spec);
    const v0 = Math.sqrt(2 * 9.81 * (1 - Math.cos(0.5 + 1e-3)));
    const ts = simulate(await loadGenerated(sys), { q0: [0], qd0: [v0], t1: 1, rtol: 1e-12, atol: 1e-12 }).events.filter((e) => e.type === 'impact');
    expect(ts.length).toBe(1);
    const apex = ts[0]!.t + Math.sqrt((2 * 1e-3) / (9.81 * Math.sin(0.5)));
    const h = apex / 5.5;
    const c = run(build(sys, pendulum.source), ['-q', '0', '-v', `${v0}`, '-t', '1', '-h', `${h}`, '-k', '100']);
    const impacts = c.events.filter((e) => e.kind === 'impact');
    expect(impacts.length).toBe(1);
    // RK4 at this coarse step (ωh = 0.28) is off by about 1e-5 rad, which moves a touch at θ̇ = 0.1 rad/s by 1e-4 s.
    expect(Math.abs(Number(impacts[0]!.fields.t) - ts[0]!.t)).toBeLessThan(1e-3);
    expect(Math.abs(Number(impacts[0]!.fields['qd+']) - ts[0]!.qdPlus![0]!)).toBeLessThan(1e-3);
  });

  it('a model without contacts: RK4 alone, the runtime’s motion', async () => {
    const pendulum = (await loadExamples()).find((ex) => ex.spec.name === 'simple-pendulum')!;
    const sys = derived(pendulum.spec);
    const c = run(build(sys, pendulum.source), ['-t', '2', '-k', '100']);
    expect(c.status).toBe(0);
    expect(c.events).toEqual([]);
    expect(c.rows.map((r) => r[0])).toEqual(Array.from({ length: 21 }, (_, k) => expect.closeTo(k / 10, 12)));
    const { q0, qd0 } = sys.model.initial;
    const ts = simulate(await loadGenerated(sys), { q0, qd0, t1: 2, rtol: 1e-12, atol: 1e-12, samples: 21 });
    c.rows.forEach((r, k) => r.slice(1).forEach((v, i) => expect(Math.abs(v - [...ts.q[k]!, ...ts.qd[k]!][i]!)).toBeLessThanOrEqual(TOL)));
  });

  it('a model without contacts stops where its state becomes non-finite, under the runtime’s name, at the same t', async () => {
    // θ̇ = 1e308: RK4's weighted sum of the stage slopes, 6 θ̇, overflows on the first step.
    const pendulum = (await loadExamples()).find((ex) => ex.spec.name === 'simple-pendulum')!;
    const sys = derived(pendulum.spec);
    const c = run(build(sys, pendulum.source), ['-v', '1e308', '-t', '1']);
    expect(c.status).toBe(2);
    expect(c.events.map((e) => [e.kind, e.fields.t, e.fields.reason])).toEqual([['stop', '0', 'non-finite-state']]);
    expect(c.rows.flat().every(Number.isFinite)).toBe(true);
    const mod = await loadGenerated(sys);
    expect(() => simulate(mod, { q0: [1], qd0: [1e308], t1: 1 })).toThrow(expect.objectContaining({ code: 'non-finite-state', t: 0 }));
  });
});

describe('a C module without a function the driver calls', () => {
  it('gets no driver: a named error says which function and why', () => {
    const ball = examples.find((ex) => ex.spec.name === 'bouncing-ball')!;
    const sys = derived(ball.spec);
    const c = generateC(sys, ball.source);
    const lacking = { ...c, available: c.available.filter((f) => f !== 'impact'), missing: [{ name: 'impact', why: 'iterates over a collection' }] };
    const error = (() => {
      try {
        generateCDriver(sys, ball.source, lacking);
      } catch (err) {
        return err;
      }
    })();
    expect(error).toBeInstanceOf(MechanicsError);
    expect((error as MechanicsError).code).toBe('incomplete-module');
    expect((error as MechanicsError).where).toEqual({ model: 'bouncing-ball', field: 'driver' });
    expect((error as MechanicsError).message).toContain('impact, which the C module does not give (iterates over a collection)');
  });
});
