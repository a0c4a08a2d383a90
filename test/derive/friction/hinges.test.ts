// Hinges from a model (src/derive/friction/hinges.ts): the rough-hinge pendulum's
// data of (★), built from its Lagrangian and pin constraints, against
// Smirnov's pendulum written by hand in journal.ts (pendulumHinge), the
// n-gon table converging to the iteration (2.6), and the self-locking
// threshold √(1 + f²) I/(r m l) of (2.5); the closed forms of Δᵢ and f_r*
// against the numeric n-gon of journal.ts.
import { describe, expect, it } from 'vitest';
import pendulum from '../../../derivations/rough-hinge-pendulum.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { journalConvergence, pendulumHinge, polygonJournal } from '../../../src/derive/friction/journal.js';
import { derived } from '../../helpers/examples.js';
import { expectClose } from '../../helpers/numeric.js';
import { rng, uniform } from '../../helpers/random.js';

describe('rough-hinge pendulum', () => {
  const sys = derived(pendulum);
  const [h] = sys.hinges;
  const m = 1,
    l = 0.5,
    I = 0.3,
    g = 9.81,
    r = 0.05,
    f = 0.3,
    fr = 0.35;
  it('one hinge with its data at the initial state (φ = 1, φ̇ = 2)', () => {
    expect(sys.hinges.length).toBe(1);
    expect(h!.atInitial).toBeDefined();
    expect(h!.atInitial!.journal).toEqual({ radius: r, friction: f, reduced: fr });
  });
  it("the model-derived table equals the hand-written pendulum's, row by row", () => {
    const ref = journalConvergence({ mass: m, length: l, inertia: I, gravity: g }, { radius: r, friction: f, reduced: fr }, 1, 2);
    const at = h!.atInitial!;
    expectClose(at.limit.acceleration, ref.limit.phiddot, 1e-12);
    expect(at.table.map((row) => row.n)).toEqual(ref.rows.map((row) => row.n));
    at.table.forEach((row, k) => {
      expectClose(row.acceleration, ref.rows[k]!.phiddot, 1e-12);
      expectClose(row.critical, ref.rows[k]!.critical, 1e-12);
    });
    expectClose(at.critical, ref.critical, 1e-12);
  });
  it('the n-gon converges to the iteration: error at n = 96 below 1e-3 of |θ̈|, decreasing from n = 6 on', () => {
    const { table, limit } = h!.atInitial!;
    expect(table.at(-1)!.error).toBeLessThan(1e-3 * Math.abs(limit.acceleration));
    const tail = table.filter((row) => row.n >= 6).map((row) => row.error);
    for (let k = 1; k < tail.length; k++) expect(tail[k]).toBeLessThan(tail[k - 1]!);
    expect(limit.status).toBe('converged');
  });
  it('the error follows where the load falls between the bearing vertices: (Nᵢ + Nᵢ₊₁)/|N| in [1, 1/cos(π/n)], the extra moment over I', () => {
    const { table, limit } = h!.atInitial!;
    const load = Math.hypot(...limit.reaction);
    for (const row of table) {
      expectClose(row.shareBound, 1 / Math.cos(Math.PI / row.n), 1e-15);
      // Two supports at ±π/n from their midpoint carry a load at δ from it with N₁ + N₂ = |N| cos δ/cos(π/n), |δ| ≤ π/n.
      expect(row.share).toBeGreaterThanOrEqual(1 - 1e-12);
      expect(row.share).toBeLessThanOrEqual(row.shareBound + 1e-12);
      // The n-gon's friction moment exceeds the round journal's f_r r |N| by f_r r |N| (share − 1), I φ̈ = τ − moment: to first order.
      expectClose(row.error, (fr * r * load * (row.share - 1)) / I, 0.05);
    }
    // Not a steady rate: the share sits near its bound at n = 48 and nearer 1 at n = 96.
    const part = (n: number) => table.find((row) => row.n === n)!;
    expect((part(48).share - 1) / (part(48).shareBound - 1)).toBeGreaterThan(0.9);
    expect((part(96).share - 1) / (part(96).shareBound - 1)).toBeLessThan(0.5);
  });
  it("self-locking threshold f_r* = √(1 + f²) I/(r m l) (2.5), above the model's f_r", () => {
    expectClose(h!.atInitial!.critical, (Math.sqrt(1 + f * f) * I) / (r * m * l), 1e-12);
    expect(fr).toBeLessThan(h!.atInitial!.critical);
  });
  it('Δᵢ in closed form is the numeric n-gon determinant of journal.ts over det J M⁻¹Jᵀ = I/(m² J_c), at 200 random states, sides and parameters', () => {
    const r0 = rng(2404);
    for (let trial = 0; trial < 200; trial++) {
      const p = {
        m: uniform(r0, 0.5, 2),
        l: uniform(r0, 0.2, 1),
        Jc: uniform(r0, 0.01, 0.3),
        g: 9.81,
        r: uniform(r0, 0.01, 0.1),
        f: uniform(r0, 0, 1),
        fr: uniform(r0, 0, 5),
      };
      const [phi, phidot, n] = [uniform(r0, -3, 3), (r0() < 0.5 ? -1 : 1) * uniform(r0, 0.1, 3), 3 + Math.floor(r0() * 20)];
      const inertia = p.Jc + p.m * p.l * p.l;
      const numeric = polygonJournal(
        pendulumHinge({ mass: p.m, length: p.l, inertia, gravity: p.g }, phi, phidot),
        { radius: p.r, friction: p.f, reduced: p.fr },
        n,
      );
      const scale = inertia / (p.m * p.m * p.Jc);
      numeric.variants.forEach((v, i) => {
        const env = { ...p, I: inertia, phi, "phi'": phidot, n, i, pi: Math.PI };
        expectClose(evaluate(h!.closed!.polygonDet, env), v.det / scale, 1e-9, 1);
      });
    }
  });
  it('f_r* in closed form is √(1 + f²) I/(r m l) at random parameters', () => {
    const r0 = rng(2405);
    for (let trial = 0; trial < 50; trial++) {
      const p = { m: uniform(r0, 0.5, 2), l: uniform(r0, 0.2, 1), Jc: uniform(r0, 0.01, 0.3), r: uniform(r0, 0.01, 0.1), f: uniform(r0, 0, 2) };
      const I = p.Jc + p.m * p.l ** 2;
      expectClose(evaluate(h!.closed!.critical, { ...p, I }), (Math.sqrt(1 + p.f ** 2) * I) / (p.r * p.m * p.l), 1e-12);
    }
  });
  // Smirnov's corrected Δᵢ = 2 sin(π/n)((1 + f²) cos(π/n) − f_r r m l (f cos θᵢ + σ sin θᵢ)/I), θᵢ = (2i + 1)π/n,
  // vanishes at f_r = I(1 + f²) cos(π/n)/(r m l (f cos θᵢ + σ sin θᵢ)) = f_r* cos(π/n) √(1 + f²)/(f cos θᵢ + σ sin θᵢ).
  it('the f_r at which Δᵢ vanishes is the root of the corrected (2.4), f_r* cos(π/n)√(1 + f²)/(f cos θᵢ + σ sin θᵢ), at random parameters', () => {
    const r0 = rng(2406);
    for (let trial = 0; trial < 50; trial++) {
      const p = { m: uniform(r0, 0.5, 2), l: uniform(r0, 0.2, 1), Jc: uniform(r0, 0.01, 0.3), r: uniform(r0, 0.01, 0.1), f: uniform(r0, 0, 2) };
      const [n, i, sigma] = [3 + Math.floor(r0() * 20), Math.floor(r0() * 20), r0() < 0.5 ? -1 : 1];
      const theta = ((2 * i + 1) * Math.PI) / n;
      const share = p.f * Math.cos(theta) + sigma * Math.sin(theta);
      const I = p.Jc + p.m * p.l ** 2;
      const env = { ...p, I, n, i, pi: Math.PI, "phi'": sigma };
      expectClose(evaluate(h!.closed!.polygonCritical.value, env), (I * (1 + p.f ** 2) * Math.cos(Math.PI / n)) / (p.r * p.m * p.l * share), 1e-10);
      expectClose(evaluate(h!.closed!.polygonCritical.ratio, env), (Math.cos(Math.PI / n) * Math.sqrt(1 + p.f ** 2)) / share, 1e-10);
    }
  });
  // At rest the pin bears the weight, |R| = m g, and the bearing the gravity moment m g l sin φ: held while
  // m g l |sin φ| ≤ f_r r m g/√(1 + f²), the runtime's margin (test/runtime/hybrid/hinges.test.ts releases it there).
  it('at rest: the moment m g l sin φ, the reaction m g and the zone |φ| ≤ asin(f_r r/(l√(1 + f²))), at random parameters', () => {
    const rest = h!.closed!.rest!;
    const r0 = rng(2407);
    for (let trial = 0; trial < 50; trial++) {
      const p = {
        m: uniform(r0, 0.5, 2),
        l: uniform(r0, 0.2, 1),
        I: uniform(r0, 1, 2),
        g: 9.81,
        r: uniform(r0, 0.01, 0.1),
        f: uniform(r0, 0, 2),
        fr: uniform(r0, 0, 5),
      };
      const phi = uniform(r0, -3, 3);
      expectClose(Math.abs(evaluate(rest.moment, { ...p, phi })), p.m * p.g * p.l * Math.abs(Math.sin(phi)), 1e-12);
      expectClose(evaluate(rest.reaction, { ...p, phi }), p.m * p.g, 1e-12);
      const bound = (p.fr * p.r) / (p.l * Math.sqrt(1 + p.f ** 2));
      if (bound < 1) expectClose(evaluate(rest.zone!, p), Math.asin(bound), 1e-12);
    }
  });
  // smirnov1981 (2.6) typed from the paper, N₁ = (−1)^i N_ij1, N₂ = (−1)^j N_ij2, s = sgn φ̇, P = mg:
  //   −ml(φ̈ sin φ + φ̇² cos φ) = P + N₁ − f s N₂,  ml(φ̈ cos φ − φ̇² sin φ) = N₂ + f s N₁,  I φ̈ = −Pl sin φ − f_r r √(N₁² + N₂²) s.
  it('the iteration’s φ̈ and reaction at the initial state satisfy the paper’s (2.6)', () => {
    const { acceleration: a, reaction } = h!.atInitial!.limit;
    const [N1, N2] = reaction;
    const [phi, phidot, s, P] = [1, 2, 1, m * g];
    const scale = P;
    expectClose(-m * l * (a * Math.sin(phi) + phidot ** 2 * Math.cos(phi)), P + N1 - f * s * N2, 1e-9, scale);
    expectClose(m * l * (a * Math.cos(phi) - phidot ** 2 * Math.sin(phi)), N2 + f * s * N1, 1e-9, scale);
    expectClose(I * a, -P * l * Math.sin(phi) - fr * r * Math.hypot(N1, N2) * s, 1e-9, scale);
  });
  it('the least positive root over i is the table’s n-gon threshold, between f_r* cos(π/n) and f_r*', () => {
    const { table, critical } = h!.atInitial!;
    for (const row of table) {
      const roots = Array.from({ length: row.n }, (_, i) =>
        evaluate(h!.closed!.polygonCritical.value, { m, l, I, r, f, n: row.n, i, pi: Math.PI, "phi'": 2 }),
      ).filter((x) => x > 0);
      expectClose(Math.min(...roots), row.critical, 1e-9);
      expect(row.critical).toBeGreaterThanOrEqual(critical * Math.cos(Math.PI / row.n) * (1 - 1e-12));
      expect(row.critical).toBeLessThanOrEqual(critical * (1 + 1e-12));
    }
  });
});
