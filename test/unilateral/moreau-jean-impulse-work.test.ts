// Moreau–Jean's contact impulses never gain energy, at any step h and every
// e ≤ 1, with Coulomb friction and 'stick' (the law of
// src/runtime/contact/impact-law.ts with U⁻ = U_k; the statement in the
// header of src/runtime/hybrid/moreau-jean.ts). Every frictional example
// with contacts runs from seeded random parameters (the module's own limits
// hold them) and random states near contact (the velocities reversed, slowed
// or sped up: a slide that stops within a step is the hard case) at h = 1e-2,
// 1e-3, 1e-4 and e ∈ {0, ½, 0.95, 1}, θ = ½, and every step is checked:
// - the impulses' work in the scheme's own balance,
//     W_k = ½v_{k+1}ᵀMv_{k+1} − ½v_kᵀMv_k − F̄ᵀ(q_{k+1} − q_k),   M = M(q_{k+½}),  F̄ = (F_k + F_{k+1})/2,
//   never positive beyond roundoff: ½(v_k + v_{k+1})ᵀ H_Iᵀ P where the step
//   moves by h(v_k + v_{k+1})/2, and the work of the slide's stop plus the
//   step's from there where a Coulomb slide stops within the step
//   (src/runtime/contact/stopping-slides.ts: the step starts from
//   v_k' = 2(q_{k+1} − q_k)/h − v_{k+1}, at which F_k is taken);
// - where M is constant and F = −∂V/∂q constant (V linear in q: every such
//   example but the two walkers with configuration-dependent M), the
//   trapezoidal rule keeps the rest exactly, so T + V itself never rises from
//   one step to the next beyond roundoff.
// One exception, bounded and rare: where a stuck 'stick' foot would need a
// tangential impulse without a normal one under the midpoint rung (no
// solution), the step takes Glocker's law, whose work is at most
// ½|Δv_fᵀ H_Iᵀ P|, Δv_f = h M⁻¹(F_k + F_{k+1})/2 the forces' own velocity
// change in the step (impact-law.ts): steps with a closed 'stick' contact
// are held to that, and at most 1 % of an example's steps over all its
// cases may use it (a case at h = 1e-2 has only 40 steps: 3 of them do on
// the compass walker at e = 0).
// Left out: the belt oscillator (its moving belt does work on the block).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LoadedModule, Params } from '../../src/runtime/contract.js';
import { SimulationError } from '../../src/runtime/errors.js';
import { simulateMoreauJean } from '../../src/runtime/hybrid/moreau-jean.js';
import { choleskyFactor, choleskySolve } from '../../src/numeric/cholesky.js';
import { committedModule, ROOT } from '../helpers/examples.js';
import { rng, uniform } from '../helpers/random.js';

const STEPS_H = [1e-2, 1e-3, 1e-4];
const RESTITUTION = [0, 0.5, 0.95, 1];
/** Random states per (model, h, e), the parameter sets they are drawn from per model, and the run's length. */
const STATES = 4;
const POOL = 4;
const HORIZON = 0.1;
/** Steps whose relative rise is above this count as a gain: a few hundred ulps of the energy. */
const ROUNDOFF = 1e-12;

const all = await Promise.all(
  readdirSync(join(ROOT, 'generated'))
    .filter((f) => f.endsWith('.ts'))
    .map(async (f) => (await committedModule(f.replace(/\.ts$/, '')))!),
);
/** Whether a contact surface moves: a normal or slip rate at zero velocity. */
function movingSurface(mod: LoadedModule): boolean {
  const { q0 } = mod.model.initial;
  const zero = q0.map(() => 0);
  return [...mod.gapRates!(0, q0, zero, {}), ...(mod.slipRates?.(0, q0, zero, {}) ?? [])].some((r) => r !== 0);
}
const examples = all.filter(
  (mod) => mod.model.unilateral.some((u) => (u.slip ?? 0) > 0) && mod.model.constraintCount === 0 && mod.energy !== undefined && !movingSurface(mod),
);

interface Start {
  readonly params: Params;
  readonly t: number;
  readonly q: number[];
  readonly qd: number[];
}

/** Seeded parameters: each default times a factor in [½, 2], drawn again until the module's checkParams takes them. */
function randomParams(mod: LoadedModule, r: () => number): Params {
  for (let tries = 0; tries < 100; tries++) {
    const params = Object.fromEntries(mod.model.parameters.map((p) => [p.name, p.default * uniform(r, 0.5, 2)]));
    if ((mod.checkParams?.(params) ?? []).length === 0) return params;
  }
  throw new Error(`${mod.model.name}: no admissible parameters in 100 draws`);
}

/** A run of the example with random parameters and its samples near contact (smallest gap below 5 cm). */
interface Pool {
  readonly params: Params;
  readonly run: { readonly t: number[]; readonly q: number[][]; readonly qd: number[][] };
  readonly near: number[];
}

/**
 * POOL seeded parameter sets, each with the example's default run at
 * h = 1e-3; parameters whose run ends in a named failure (a walker jammed,
 * or its fixed point not settling) are drawn again.
 */
function pool(mod: LoadedModule, r: () => number): Pool[] {
  const { q0, qd0, t1 } = mod.model.initial;
  const out: Pool[] = [];
  for (let tries = 0; out.length < POOL && tries < 30 * POOL; tries++) {
    const params = randomParams(mod, r);
    const run = namedFailureOrRun(
      () => simulateMoreauJean(mod, { q0, qd0, t1, h: 1e-3, params, samples: 1001 }),
      () => true,
    );
    const near = run ? run.t.map((_, i) => i).filter((i) => Math.min(...mod.gaps!(run.t[i]!, run.q[i]!, params)) < 0.05) : [];
    if (run && near.length > 0) out.push({ params, run, near });
  }
  return out;
}

/**
 * Seeded starts of one case: a sample near contact of a random member of
 * the pool, each velocity scaled by a factor in [−1, 1] and moved by up to
 * ±1 (a block sent back up its incline, slow enough to stop within a step).
 */
function starts(runs: readonly Pool[], r: () => number): Start[] {
  return Array.from({ length: 5 * STATES }, () => {
    const { params, run, near } = runs[Math.floor(r() * runs.length)]!;
    const i = near[Math.floor(r() * near.length)]!;
    return { params, t: run.t[i]!, q: run.q[i]!, qd: run.qd[i]!.map((v) => v * uniform(r, -1, 1) + uniform(r, -1, 1)) };
  });
}

/** A run's outcome, or undefined where it fails with a SimulationError that `expected` takes. */
function namedFailureOrRun<T>(run: () => T, expected: (err: SimulationError) => boolean): T | undefined {
  try {
    return run();
  } catch (err) {
    if (err instanceof SimulationError && expected(err)) return undefined;
    throw err;
  }
}

/** Whether a 'stick' contact is closed at q (gap within 1e-6): where the header's exception may act. */
function footDown(mod: LoadedModule, t: number, q: number[], params: Params): boolean {
  const g = mod.gaps!(t, q, params);
  return mod.model.unilateral.some((u, j) => u.law.kind === 'stick' && g[j]! <= 1e-6);
}

/**
 * Per step, relative to max(1, |E₀|): the rise of T + V, the impulses' work W_k (header), and what each may
 * reach, roundoff or, on the header's exception, Glocker's bound. Returns the largest excess over its allowance.
 */
function worstSteps(mod: LoadedModule, start: Start, h: number, e: number): { energy: number; work: number; steps: number; excepted: number } {
  const { params, t: t0, q: q0, qd: qd0 } = start;
  const steps = Math.round(HORIZON / h);
  const run = simulateMoreauJean(mod, {
    q0,
    qd0,
    t0,
    params,
    t1: t0 + steps * h,
    h,
    restitution: mod.model.unilateral.map(() => e),
    samples: steps + 1,
  });
  const E = run.energy!;
  const n = q0.length;
  const scale = Math.max(1, Math.abs(E[0]!));
  let energy = -Infinity,
    work = -Infinity,
    excepted = 0;
  for (let k = 0; k < steps; k++) {
    const [t, tNext] = [run.t[k]!, run.t[k + 1]!];
    const [q, qNext, v, vNext] = [run.q[k]!, run.q[k + 1]!, run.qd[k]!, run.qd[k + 1]!];
    const M = mod.massMatrix(
      t + h / 2,
      q.map((x, i) => (x + qNext[i]!) / 2),
      params,
    );
    const dq = qNext.map((x, i) => x - q[i]!);
    const F0 = mod.forcing(
        t,
        q,
        dq.map((d, i) => (2 * d) / h - vNext[i]!),
        params,
      ),
      F1 = mod.forcing(tNext, qNext, vNext, params);
    const force = Float64Array.from(F0, (f, i) => (h * (f + F1[i]!)) / 2);
    // H_Iᵀ P = M (v_{k+1} − v_k) − h F̄, and the forces' own velocity change Δv_f = M⁻¹ h F̄.
    const impulse = Float64Array.from(force, (f, i) => M.slice(i * n, i * n + n).reduce((sum, Mij, j) => sum + Mij * (vNext[j]! - v[j]!), -f));
    const kinetic = (u: number[]): number => 0.5 * u.reduce((sum, ui, i) => sum + ui * M.slice(i * n, i * n + n).reduce((s, Mij, j) => s + Mij * u[j]!, 0), 0);
    const w = kinetic(vNext) - kinetic(v) - force.reduce((sum, f, i) => sum + (f * dq[i]!) / h, 0);
    const dvForce = new Float64Array(n);
    choleskyFactor(n, M);
    choleskySolve(n, M, force, 0, dvForce, 0);
    if (w / scale > ROUNDOFF) excepted++;
    const allowance = ROUNDOFF + (footDown(mod, t, q, params) ? (0.5 * Math.abs(impulse.reduce((sum, p, i) => sum + dvForce[i]! * p, 0))) / scale : 0);
    work = Math.max(work, w / scale - allowance);
    energy = Math.max(energy, (E[k + 1]! - E[k]!) / scale - allowance);
  }
  return { energy, work, steps, excepted };
}

describe('the frictional examples with contacts', () => {
  it('are the ones this test runs (the belt oscillator left out: its belt does work)', () => {
    expect(examples.map((mod) => mod.model.name).sort()).toEqual([
      'ball-on-plate',
      'block-on-incline',
      'compass',
      'compass-walker',
      'falling-rod',
      'hinged-compass',
      'rimless-wheel',
      'rough-disk',
      'tumbling-box',
    ]);
  });
});

describe.each(examples.map((mod, seed) => ({ name: mod.model.name, mod, seed })))('Moreau–Jean on $name: no step gains energy', ({ mod, seed }) => {
  const r = rng(seed + 1);
  const runs = pool(mod, r);
  const exactBalance = mod.model.constant?.massMatrix === true && mod.model.constant.forcing === true;
  let steps = 0,
    excepted = 0;
  for (const h of STEPS_H) {
    for (const e of RESTITUTION) {
      const states = starts(runs, r);
      it(`h = ${h}, e = ${e}: impulses never do positive work${exactBalance ? ', and T + V never rises' : ''} (${STATES} seeded states)`, () => {
        let done = 0;
        for (const s of states) {
          if (done === STATES) break;
          // A 'stick' contact jammed (Painlevé at the impulse level), or pressing and idle in turn through the implicit
          // update (the compass walker at h = 0.01, e = 1, from a state of its fallen run: moreau-jean-friction.test.ts):
          // a named outcome of the state, not of the law; take the next state.
          const worst = namedFailureOrRun(
            () => worstSteps(mod, s, h, e),
            (err) => err.code === 'contact-inconsistent',
          );
          if (!worst) continue;
          done++;
          steps += worst.steps;
          excepted += worst.excepted;
          const at = `state at t = ${s.t}, params ${JSON.stringify(s.params)}`;
          expect(worst.work, at).toBeLessThanOrEqual(0);
          if (exactBalance) expect(worst.energy, at).toBeLessThanOrEqual(0);
        }
        expect(done).toBe(STATES);
      });
    }
  }
  it("takes the 'stick' foot's exception on at most 1 % of its steps", () => {
    expect(steps).toBeGreaterThan(0);
    expect(excepted, 'steps whose impulses did positive work').toBeLessThanOrEqual(0.01 * steps);
  });
});

describe('Moreau–Jean on the rod lying on both ends (a state the seeded draws above miss)', () => {
  it('h = 0.01, e = 0.5: one end stuck and the other turned through the nearly dependent slip rows, and no step gains', async () => {
    const rod = (await committedModule('falling-rod'))!;
    const start: Start = {
      params: { m: 1.883676113677211, l: 1.1181216846453026, g: 18.80822044489556, e: 0.53305558959255, mu: 0.41176326535642144 },
      t: 0.849,
      q: [0.6182596111707418, 0.006053993491844382, -0.005418205140981853],
      qd: [0.597884038861833, -0.4563768839683794, -0.1572376558965656],
    };
    const worst = worstSteps(rod, start, 1e-2, 0.5);
    expect(worst.work).toBeLessThanOrEqual(0);
    expect(worst.energy).toBeLessThanOrEqual(0);
  });
});
