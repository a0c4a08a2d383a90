// The C driver through the box of derivations/tumbling-box.ts: landing flat
// on four corners with frictionless corners (the model's twin with Newton's
// law alone, its own compile: the rough box's driver at μ = 0 has the same
// impacts but stops where the corners come to rest, its held phase being
// planar, and the landing is checked to the state at T), several impacts
// resolved at once, and tumbling onto the rough floor, its corners spatial
// Coulomb contacts; coming to rest on them, sticking in the exact cone, and
// the stops the runtime makes too.
//
// Flat landing. The four lower corners' rows are dependent (g_A + g_C =
// g_B + g_D for any pose), so the impulses are not unique, only their
// resultant (rubanovich1981 §1); the driver, as the runtime, takes the split
// of least norm (src/numeric/least-norm.ts). Independent values: each corner
// takes (1 + e) m v⁻/4, the bounce leaves at e v⁻, the cascade ends at
// t∞ = t* + 2e v₀/(g(1 − e)); and the C run is the TypeScript runtime's over
// the whole landing.
//
// Tumbling. A corner strikes the floor sliding along a direction of the
// plane or sticking (c-driver-impact.ts: the direction found where the slip
// after the impact is along it), and the run, every impact's time and q̇⁺,
// is the runtime's (whose impact solves the exact cone, coulomb-cone.ts).
// At every impact Appell's theorem holds, M(q̇⁺ − q̇⁻) = G_Nᵀ Λ_N + S_Tᵀ Λ_T
// over the struck corners' rows only (kugushev2002 (8.13)), and the
// tangential impulse so found is in the cone, |Λ_T| ≤ μ Λ_N. Where the
// four corners of a face strike at once (rows dependent, the split of the
// impulses each solver's own), both splits keep the law whatever they are:
// the energy does not rise, 0 ≤ Λ_N ⊥ U_N⁺ + e U_N⁻ ≥ 0 on every closed
// corner, Σ Λ_N = m Δż (the same for both), and the runtime's Λ_N, Λ_T
// keep Appell's balance and the cone.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import box from '../../derivations/tumbling-box.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel, type ModelSpec } from '../../src/model/index.js';
import { leastSquares } from '../../src/numeric/least-squares.js';
import { simulate } from '../../src/runtime/index.js';
import { after, agreesWithRuntime, compileDriver, numbers, run, type Run } from '../helpers/c-driver.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { HAVE_GCC, IN_CI } from '../helpers/targets.js';

// Coming to rest. Tipped onto an edge at μ = 2 the box sticks on its two
// corners (dependent pins: their reactions split by least norm, as the
// runtime splits them), pivots and lands flat, sticking on four; landing flat
// while it slides, the slide on four corners stops at t* + (|v₀| − μ g t*)/(μ g)
// (the plastic impact takes μ m g t* off the slip, μ g decelerates it
// after) after |v₀| t* + (|v₀| − μ g t*)²/(2μg) along v₀. Each run is the
// runtime's to 1e-9 (measured: 1.5e-12 in the state, 2.2e-11 s). Spinning
// flat without sliding, the four slips stop together at ω/α (1.0e-10 s off).
// Spinning while it slides flat, the rigid model has no unique motion (the
// split of the weight moves the moment of the corners' friction about the
// vertical; a point contact has no torsional friction): both stop at t = 0.
// At θ = π/2 (the pole of its Tait–Bryan angles) M is singular: both stop
// there with singular-mass-matrix.

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
/**
 * Flat landing, measured over the 13 impacts: times to 2.0e-11 s, q̇⁺ to 9.2e-12, the state at T to 1.8e-14 (RK4 at
 * its default step against DOPRI5 at 1e-12). Tumbling, over 6 and 5 impacts (μ = 0.4, 0.1): times to 2.9e-12 s, q̇⁺ to 5.2e-11
 * relative; Appell's balance holds to 3.7e-13 of |M Δq̇| and the cone to 4e-13 of Λ_N (2e-12 below). A split on two or
 * three corners (one that roundoff picks, differently in C and TypeScript) names other contacts; a slide along a
 * direction off by 1e-6 rad moves q̇⁺ by 1e-6.
 */
const TOL = 1e-9;

describe.runIf(HAVE_GCC || IN_CI)('the C driver through the box on its floor', async () => {
  const sys = derived(box);
  const mod = await loadGenerated(sys);
  // Its runs are this file's cost: -Og (compileDriver).
  const { exe } = compileDriver(sys, 'derivations/tumbling-box.ts', mkdtempSync(join(tmpdir(), 'mechanics-c-box-')), true);
  const n = sys.model.coordinates.length;
  const defaults = Object.fromEntries(sys.model.parameters.map((p) => [p.name, p.default]));

  describe('landing flat on four frictionless corners', async () => {
    const flat = deriveSystem(buildModel(frictionless));
    const flatMod = await loadGenerated(flat);
    const flatExe = compileDriver(flat, 'test/flat-box.ts', mkdtempSync(join(tmpdir(), 'mechanics-c-flat-')), true).exe;
    const T = 1;
    const [q0, qd0] = [
      [0.2, -0.1, z0, 0.7, 0, 0],
      [0.3, 0, 0, 0, 0, 0],
    ];
    const ts = simulate(flatMod, { q0, qd0, t1: T, rtol: 1e-12, atol: 1e-12 });
    const cRun = run(flatExe, ['-t', `${T}`, '-q', q0.join(), '-v', qd0.join()]);

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
      agreesWithRuntime(flat, cRun, ts, T, TOL);
    });
  });

  /** Per impact of a C run: the largest residual of Appell's balance relative to |M Δq̇|, and of the cone, |Λ_T| − μΛ_N relative to Λ_N. */
  function impactLaw(r: Run, mu: number): { appell: number; cone: number }[] {
    const p = { ...defaults, mu };
    const names = sys.model.unilateral.map((u) => u.name);
    return r.events
      .filter((ev) => ev.kind === 'impact')
      .map((ev) => {
        const t = Number(ev.fields.t);
        const q = after(r, t).slice(1, 1 + n);
        const [before, later, normal] = [numbers(ev.fields['qd-']), numbers(ev.fields['qd+']), numbers(ev.fields.impulses)];
        const M = mod.massMatrix(t, q, p);
        const G = mod.gapJacobian!(t, q, p);
        const S = mod.slipJacobian!(t, q, p);
        const struck = ev.fields.contacts!.split(',').map((name) => names.indexOf(name));
        // M Δq̇ − G_Nᵀ Λ_N, to be S_Tᵀ Λ_T over the struck corners' slip rows (two each: rows 2j, 2j + 1).
        const rest = Array.from({ length: n }, (_, i) => {
          let v = 0;
          for (let k = 0; k < n; k++) v += M[i * n + k]! * (later[k]! - before[k]!);
          for (const j of struck) v -= G[j * n + i]! * normal[j]!;
          return v;
        });
        const size = Math.hypot(...rest.map((_, i) => rest[i]! + struck.reduce((s, j) => s + G[j * n + i]! * normal[j]!, 0)));
        const cols = struck.flatMap((j) => [2 * j, 2 * j + 1]);
        const J = new Float64Array(n * cols.length);
        cols.forEach((s, a) => {
          for (let i = 0; i < n; i++) J[i * cols.length + a] = S[s * n + i]!;
        });
        const tangent = leastSquares(n, cols.length, J, rest);
        const appell = Math.max(...rest.map((v, i) => Math.abs(v - cols.reduce((s, _, a) => s + J[i * cols.length + a]! * tangent[a]!, 0)))) / size;
        const cone = Math.max(...struck.map((j, a) => (Math.hypot(tangent[2 * a]!, tangent[2 * a + 1]!) - mu * normal[j]!) / normal[j]!));
        return { appell, cone };
      });
  }

  /**
   * What an impact at (t, q) from q̇⁻ to q̇⁺ with normal impulses Λ_N (and the runtime's tangential ones Λ_T) must satisfy
   * whichever split of them over dependent rows it took, each relative to its scale: the kinetic energy does not rise
   * (T⁺ − T⁻ over T⁻); per closed corner Newton's complementarity 0 ≤ Λ_N ⊥ ξ_N = U_N⁺ + e U_N⁻ ≥ 0 (one e on every
   * corner: Glocker's e* is e too), over the approach speed and its impulse; Σ Λ_N = m Δż, the floor's normals being
   * ż's rows and the slip rows without ż (over m |Δż|); and given Λ_T, Appell's balance
   * M Δq̇ = G_Nᵀ Λ_N + S_Tᵀ Λ_T (over |M Δq̇|) and the cone |Λ_T| ≤ μ Λ_N (over Λ_N).
   */
  function impactChecks(t: number, q: number[], before: number[], later: number[], normal: number[], mu: number, tangent?: number[]) {
    const p = { ...defaults, mu };
    const [M, G, S, gaps] = [mod.massMatrix(t, q, p), mod.gapJacobian!(t, q, p), mod.slipJacobian!(t, q, p), mod.gaps!(t, q, p)];
    const kinetic = (v: number[]): number => v.reduce((s, vi, i) => s + vi * v.reduce((r, vk, k) => r + M[i * n + k]! * vk, 0), 0) / 2;
    const rate = (v: number[], j: number): number => v.reduce((s, vi, i) => s + G[j * n + i]! * vi, 0);
    const closed = Array.from(gaps).flatMap((gj, j) => (gj <= 1e-9 ? [j] : []));
    const speed = Math.max(...closed.map((j) => Math.abs(rate(before, j))));
    const largest = Math.max(...closed.map((j) => Math.abs(normal[j]!)));
    const complementarity = Math.max(
      ...closed.map((j) => {
        const xi = rate(later, j) + defaults.e! * rate(before, j);
        return Math.max(-xi / speed, -normal[j]! / largest, Math.abs(xi * normal[j]!) / (speed * largest));
      }),
    );
    const dz = later[2]! - before[2]!;
    const vertical = Math.abs(normal.reduce((s, l) => s + l, 0) - m * dz) / (m * Math.abs(dz));
    const change = Array.from({ length: n }, (_, i) => before.reduce((s, _, k) => s + M[i * n + k]! * (later[k]! - before[k]!), 0));
    const appell = tangent
      ? Math.max(
          ...change.map((v, i) => Math.abs(v - normal.reduce((s, l, j) => s + G[j * n + i]! * l, 0) - tangent.reduce((s, l, r) => s + S[r * n + i]! * l, 0))),
        ) / Math.hypot(...change)
      : 0;
    const cone = tangent
      ? Math.max(...closed.filter((j) => normal[j]! > 0).map((j) => (Math.hypot(tangent[2 * j]!, tangent[2 * j + 1]!) - mu * normal[j]!) / normal[j]!))
      : 0;
    return { energy: (kinetic(later) - kinetic(before)) / kinetic(before), complementarity, vertical, appell, cone };
  }

  describe('coming to rest on its spatial contacts, sticking in the exact cone (e = 0)', () => {
    const [cHalf, grav] = [0.1, 9.81];

    it('tipped onto an edge at μ = 2: sticks on it, pivots, lands flat and rests on four sticking corners, as the runtime', () => {
      const [q0, qd0, T] = [[0, 0, 0.2, 0, 0.4, 0], [0, 0, 0, 0, 0, 0], 1];
      const ts = simulate(mod, { q0, qd0, params: { mu: 2, e: 0 }, t1: T, rtol: 1e-12, atol: 1e-12 });
      const cRun = run(exe, ['-t', `${T}`, '-q', q0.join(), '-v', qd0.join(), '-p', 'mu=2', '-p', 'e=0']);
      agreesWithRuntime(sys, cRun, ts, T, TOL);
      // Two sticks: the edge's two corners (two dependent pins), then the face's other two.
      expect(cRun.events.filter((ev) => ev.kind === 'stick').map((ev) => ev.fields.contacts)).toEqual(['Cpmm,Cppm', 'Cmmm,Cmpm']);
      const last = cRun.rows.at(-1)!;
      // At rest on the face z = −c: z = c, level, no velocity.
      expect(Math.abs(last[3]! - cHalf)).toBeLessThan(1e-12);
      for (const i of [5, 6, ...[7, 8, 9, 10, 11, 12]]) expect(Math.abs(last[i]!)).toBeLessThan(1e-12);
    });

    it('landing flat while sliding at μ = 0.3: the slide stops at t* + (|v₀| − μ g t*)/(μ g) along v₀, sticks, as the runtime', () => {
      // Falling from z₀, flat: the plastic impact at t* = √(2(z₀ − c)/g) takes μ m g t* off the slip along itself
      // (|v₀| > μ g t*: sliding through it), then μ g decelerates the slide; the sticking corners hold it.
      const [z0, v, mu, T] = [0.15, [1, 0.5], 0.3, 1];
      const tStar = Math.sqrt((2 * (z0 - cHalf)) / grav);
      const speed = Math.hypot(v[0]!, v[1]!);
      const after = speed - mu * grav * tStar;
      const tStop = tStar + after / (mu * grav);
      const path = speed * tStar + (after * after) / (2 * mu * grav);
      const [q0, qd0] = [
        [0, 0, z0, 0, 0, 0],
        [v[0]!, v[1]!, 0, 0, 0, 0],
      ];
      const ts = simulate(mod, { q0, qd0, params: { mu, e: 0 }, t1: T, rtol: 1e-12, atol: 1e-12 });
      const cRun = run(exe, ['-t', `${T}`, '-q', q0.join(), '-v', qd0.join(), '-p', `mu=${mu}`, '-p', 'e=0']);
      agreesWithRuntime(sys, cRun, ts, T, TOL);
      const stick = cRun.events.filter((ev) => ev.kind === 'stick');
      expect(stick.map((ev) => ev.fields.contacts)).toEqual(['Cmmm,Cmpm,Cpmm,Cppm']);
      expect(Math.abs(Number(stick[0]!.fields.t) - tStop)).toBeLessThan(1e-9);
      const last = cRun.rows.at(-1)!;
      v.forEach((vi, i) => expect(Math.abs(last[1 + i]! - (path * vi) / speed)).toBeLessThan(1e-9));
      for (const i of [4, 5, 6]) expect(Math.abs(last[i]!)).toBeLessThan(1e-12);
    });

    it('spinning flat at ω = 3 (μ = 0.2): each corner slips along its own circle, stops at ω/α turned ω²/(2α), as the runtime', () => {
      // Each corner r = √(a² + b²) from the centre carries its friction μσ̇ against its own slip: the moment is μ m g r
      // for any split of the weight, α = μ m g r/I_z, I_z = m(a² + b²)/3. The stop is that of all four slips at once.
      const [a, b, mu, omega, T] = [0.2, 0.15, 0.2, 3, 0.3];
      const alpha = (mu * grav * Math.hypot(a, b)) / ((a * a + b * b) / 3);
      const [q0, qd0] = [
        [0, 0, cHalf, 0, 0, 0],
        [0, 0, 0, omega, 0, 0],
      ];
      const ts = simulate(mod, { q0, qd0, params: { mu }, t1: T, rtol: 1e-12, atol: 1e-12 });
      const cRun = run(exe, ['-t', `${T}`, '-q', q0.join(), '-v', qd0.join(), '-p', `mu=${mu}`]);
      agreesWithRuntime(sys, cRun, ts, T, TOL);
      const stick = cRun.events.filter((ev) => ev.kind === 'stick');
      expect(stick.map((ev) => ev.fields.contacts)).toEqual(['Cmmm,Cmpm,Cpmm,Cppm']);
      expect(Math.abs(Number(stick[0]!.fields.t) - omega / alpha)).toBeLessThan(1e-9);
      expect(Math.abs(cRun.rows.at(-1)![4]! - (omega * omega) / (2 * alpha))).toBeLessThan(1e-12);
    });

    it('spinning while it slides flat (μ = 0.2): stops at t = 0 with ambiguous-contact-mode on the four corners, as the runtime', () => {
      // Point contacts carry no moment about the normal (no torsional friction): each corner's friction is −μσ̇ ṡ/|ṡ| along its own
      // slip, and how the weight splits among the four corners moves the moment of those forces about the vertical.
      const cRun = run(exe, ['-t', '0.1', '-q', [0, 0, cHalf, 0, 0, 0].join(), '-v', [0.5, 0, 0, 3, 0, 0].join(), '-p', 'mu=0.2']);
      const stop = cRun.events.at(-1)!;
      expect(cRun.status).toBe(2);
      expect([stop.kind, stop.fields.t, stop.fields.reason, stop.fields.contacts]).toEqual(['stop', '0', 'ambiguous-contact-mode', 'Cmmm,Cmpm,Cpmm,Cppm']);
      expect(() => simulate(mod, { q0: [0, 0, cHalf, 0, 0, 0], qd0: [0.5, 0, 0, 3, 0, 0], t1: 0.1, params: { mu: 0.2 } })).toThrow(
        expect.objectContaining({ code: 'ambiguous-contact-mode', t: 0 }),
      );
    });
  });

  it('the default run past 0.649 s, from its flight at 0.6477 s to 3 s: every event and state the runtime’s to 1e-9', () => {
    // Its first 0.649 s are c-driver.test.ts's (to 1e-8: cascades amplify 1e-11 s). From a state both take, the rest
    // of the run, its cascades on two and four corners and the stick on its face, agrees to 4.4e-10 (measured). Where
    // three or more corners strike (rows over the coordinates: the impulses not unique, their q̇⁺ is) the least-norm
    // split leaves a cone and each keeps a vertex of its own solver (the runtime's Lemke for the 3⁴ phases of four
    // corners, the driver's enumeration; enumerated in TypeScript too, the mirror image of the driver's, a tie broken
    // by roundoff): there q̇⁺ is compared, and the driver's split keeps Appell's balance.
    const { q0, qd0 } = sys.model.initial;
    const flight = simulate(mod, { q0, qd0, t1: 0.6477, rtol: 1e-12, atol: 1e-12 });
    const [q, qd, T] = [Array.from(flight.q.at(-1)!), Array.from(flight.qd.at(-1)!), 3 - 0.6477];
    const ts = simulate(mod, { q0: q, qd0: qd, t1: T, rtol: 1e-12, atol: 1e-12 });
    const cRun = run(exe, ['-t', `${T}`, '-q', q.join(), '-v', qd.join()]);
    // The rows of the corners an impact of the runtime's engages (an impulse above roundoff) outnumber the coordinates.
    const dependent = (ev: (typeof ts.events)[number]): boolean => {
      const largest = Math.max(...(ev.impulses ?? []).map(Math.abs));
      const engaged = ev.contacts.filter((j) => Math.abs(ev.impulses![j]!) > 1e-12 * largest);
      return engaged.reduce((r, j) => r + 1 + (mod.model.unilateral[j]!.slip ?? 0), 0) > n;
    };
    agreesWithRuntime(sys, cRun, ts, T, TOL, dependent);
    // The driver's normal impulses there (1e-6 N·s) keep Appell's balance with some tangential impulses on the struck
    // corners (measured: 2.8e-10 of |M Δq̇|); which ones is not recoverable from q̇⁺ over dependent rows, nor their cone.
    const impacts = ts.events.filter((ev) => ev.type === 'impact');
    const split = impactLaw(cRun, defaults.mu!).filter((_, k) => dependent(impacts[k]!));
    expect(split.length).toBeGreaterThan(1);
    for (const { appell } of split) expect(appell).toBeLessThan(1e-9);
    // Three or more corners struck at once (here the four of a face: a plane through three corners with the box above
    // it is a face's): the driver's split and the runtime's each pass the law's checks (measured: the energy falls by
    // 0.9097, 0.91, 0.91 of T, the last two e² − 1 of a level face landing; complementarity to 9e-16, Σ Λ_N = m Δż to
    // 1.3e-16, the runtime's Appell balance to 1.3e-16 and cone to 3e-16), and their Σ Λ_N, split-free, agree to 2.4e-11
    // N·s of 2.6e-5.
    const cImpacts = cRun.events.filter((ev) => ev.kind === 'impact');
    const sum = (v: readonly number[]): number => v.reduce((a, b) => a + b, 0);
    const struckTogether = impacts.flatMap((ev, k) => (dependent(ev) ? [k] : []));
    expect(struckTogether.length).toBeGreaterThan(1);
    for (const k of struckTogether) {
      const [ev, f] = [impacts[k]!, cImpacts[k]!.fields];
      const t = Number(f.t);
      expect(ev.contacts.length).toBeGreaterThanOrEqual(3);
      const mine = impactChecks(t, after(cRun, t).slice(1, 1 + n), numbers(f['qd-']), numbers(f['qd+']), numbers(f.impulses), defaults.mu!);
      const theirs = impactChecks(ev.t, ev.q, ev.qd, ev.qdPlus!, ev.impulses!, defaults.mu!, ev.tangentImpulses);
      for (const r of [mine, theirs]) {
        expect(r.energy).toBeLessThan(0);
        expect(r.complementarity).toBeLessThan(1e-12);
        expect(r.vertical).toBeLessThan(1e-12);
      }
      expect(theirs.appell).toBeLessThan(1e-12);
      expect(theirs.cone).toBeLessThan(1e-12);
      expect(Math.abs(sum(numbers(f.impulses)) - sum(ev.impulses!))).toBeLessThan(TOL);
    }
    // At rest on its side y = −b: φ = π/2, the centre at b, sticking on the face's four corners.
    const last = cRun.rows.at(-1)!;
    expect(cRun.events.filter((ev) => ev.kind === 'stick').at(-1)!.fields.contacts).toBe('Cmmm,Cmmp,Cpmm,Cpmp');
    expect(Math.abs(last[6]! - Math.PI / 2)).toBeLessThan(1e-9);
    expect(Math.abs(last[3]! - 0.15)).toBeLessThan(1e-9);
  });

  // Tipped onto Cmmp at rest, the box pivots on the stuck corner until its force leaves the cone; the slip starts at
  // ṡ = εd, aimed while slow along the direction d with s̈(d) ∥ d, then in steps short enough for its direction to
  // settle. That direction is resolved to ~1e-7 rad (ṡ rounds at ε), and the slide after it to about that: measured at
  // μ = 0.5 (to a second corner's impact) 2.3e-10 s and 4.8e-6 in q̇⁺, at μ = 1.5 1.5e-10 in every event and state.
  for (const [mu, tol] of [
    [0.5, 1e-5],
    [1.5, 1e-9],
  ] as const)
    it(`a corner breaking away from rest at μ = ${mu} slides along its consistent direction, as the runtime, to ${tol}`, () => {
      const q0 = [0, 0, 0, 0, -0.42076835632324217, 2.57538296765509];
      q0[2] -= Math.min(...mod.gaps!(0, q0, defaults));
      const [qd0, T] = [[0, 0, 0, 0, 0, 0], 0.25];
      const ts = simulate(mod, { q0, qd0, t1: T, params: { mu, e: 0 }, rtol: 1e-12, atol: 1e-12 });
      const cRun = run(exe, ['-t', `${T}`, '-q', q0.join(), '-v', qd0.join(), '-p', `mu=${mu}`, '-p', 'e=0', '-k', '100']);
      agreesWithRuntime(sys, cRun, ts, T, tol);
      const events = cRun.events.filter((ev) => ev.kind !== 'held').map((ev) => [ev.kind, ev.fields.contacts]);
      expect(events.slice(0, 2)).toEqual([
        ['stick', 'Cmmp'],
        ['slip', 'Cmmp'],
      ]);
      if (mu === 0.5)
        expect(events.slice(2)).toEqual([
          ['impact', 'Cpmp'],
          ['slip', 'Cpmp'],
        ]);
    });

  it('at the pole of its angles (θ = π/2, M singular) stops at t = 0 with singular-mass-matrix, as the runtime', () => {
    const q0 = [0, 0, 1, 0, Math.PI / 2, 0];
    const cRun = run(exe, ['-t', '0.1', '-q', q0.join()]);
    const stop = cRun.events.at(-1)!;
    expect(cRun.status).toBe(2);
    expect([stop.kind, stop.fields.t, stop.fields.reason]).toEqual(['stop', '0', 'singular-mass-matrix']);
    expect(() => simulate(mod, { q0, qd0: [0, 0, 0, 0, 0, 0], t1: 0.1 })).toThrow(expect.objectContaining({ code: 'singular-mass-matrix', t: 0 }));
  });

  for (const [mu, T] of [
    [0.4, 0.5],
    [0.1, 0.45],
  ] as const)
    it(`tumbling at μ = ${mu}: every impact's time and q̇⁺ the runtime's to 1e-9, Appell's balance and the cone at each`, () => {
      const { q0, qd0 } = sys.model.initial;
      const ts = simulate(mod, { q0, qd0, params: { mu }, t1: T, rtol: 1e-12, atol: 1e-12 });
      const cRun = run(exe, ['-t', `${T}`, '-p', `mu=${mu}`]);
      agreesWithRuntime(sys, cRun, ts, T, TOL);
      const codes = ts.events.filter((ev) => ev.type === 'impact').flatMap((ev) => ev.modes!.filter((code) => code !== 0));
      // The runs hold what the test is about: corners sliding (1) at impacts, and at μ = 0.4 one sticking (2).
      expect(codes).toContain(1);
      if (mu === 0.4) expect(codes).toContain(2);
      const law = impactLaw(cRun, mu);
      expect(law.length).toBeGreaterThan(3);
      for (const { appell, cone } of law) {
        expect(appell).toBeLessThan(2e-12);
        expect(cone).toBeLessThan(2e-12);
      }
    });
});
