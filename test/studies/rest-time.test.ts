// The compass's rest time t∞ against its report's run (src/studies/rest-time.ts):
// t∞ typed here from rubanovich1981 (1.16), the speed ratio r = (1 − 3 sin²α)/(1 + 3 sin²α),
// and the deceleration about the arriving foot D at ψ = 0, a = 3 g sin α/(l (1 + 3 sin²α))
// (gravity's moment m g l sin α of the two legs over I_D = (2/3) m l² (1 + 3 sin²α)): swings
// up and back at a, slower by |r| at each strike, last 2|ψ̇⁻||r|/(a(1 − |r|)).
import { beforeAll, describe, expect, it } from 'vitest';
import compass from '../../derivations/compass.js';
import hingedCompass from '../../derivations/hinged-compass.js';
import { derivedFacts } from '../../src/derive/paper-results.js';
import type { Trajectory } from '../../src/runtime/hybrid/trajectory.js';
import { reportMotion } from '../../src/studies/motion.js';
import { runLoss, runRest, type RunRest } from '../../src/studies/rest-time.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';

describe('the compass comes to rest about t∞ after its first strike', () => {
  const system = derived(compass);
  const [l, alpha, g] = [1, 0.3, 9.81];
  const s2 = Math.sin(alpha) ** 2;
  const r = (1 - 3 * s2) / (1 + 3 * s2);
  const a = (3 * g * Math.sin(alpha)) / (l * (1 + 3 * s2));
  let trajectory: Trajectory;
  let study: RunRest;
  beforeAll(async () => {
    const { simulation } = reportMotion(await loadGenerated(system));
    if (!('trajectory' in simulation)) throw new Error('no trajectory');
    trajectory = simulation.trajectory;
    study = runRest(system, 'impact1.leaves.rest', derivedFacts(system).get('impact1.leaves.rest')!, trajectory.events)!;
  });

  it('takes the speed of the first strike of foot D and the run’s rest after it', () => {
    const strike = trajectory.events.find((e) => e.type === 'impact')!;
    expect(study.strike).toBe(strike.t);
    expect(study.speed).toBe(strike.qd[2]);
    expect(study.speed).toBeLessThan(0);
    expect(study.run).toBe(trajectory.events.find((e) => e.type === 'rest')!.t - strike.t);
  });

  it('t∞ at that speed is 2|ψ̇⁻||r|/(a(1 − |r|)) with (1.16)’s r, about 0.527 s', () => {
    const expected = (2 * Math.abs(study.speed) * r) / (a * (1 - r));
    expect(study.formula).toBeCloseTo(expected, 12);
    expect(study.formula).toBeCloseTo(0.527, 3);
  });

  it('the run rests within 3 % of t∞ (0.540 s), later: the swings’ higher orders', () => {
    expect(study.run).toBeCloseTo(0.54, 2);
    expect(study.relative).toBeCloseTo((study.formula - study.run) / study.run, 15);
    expect(study.relative).toBeLessThan(0);
    expect(Math.abs(study.relative)).toBeLessThan(0.03);
  });

  it('gives nothing for a run that never strikes with the arriving contact', () => {
    const noStrike = trajectory.events.filter((e) => e.type !== 'impact');
    expect(runRest(system, 'impact1.leaves.rest', derivedFacts(system).get('impact1.leaves.rest')!, noStrike)).toBeUndefined();
  });

  it('Carnot’s loss (1.20) at the first strike’s speed is the loss the run takes there: 4 m l² ψ̇⁻² sin²α/(1 + 3 sin²α)', () => {
    // rubanovich1981 (1.20): T(−0)(1 − r²) with T(−0) = (1/3) m l² ψ̇⁻² (1 + 3 sin²α), about the standing foot.
    const [loss, ...others] = runLoss(system, 'impact1.leaves.ΔT', derivedFacts(system).get('impact1.leaves.ΔT')!, trajectory.events);
    // One foot strikes, its first strike read: the compass has no mirror image of it.
    expect(others).toEqual([]);
    if (!loss) throw new Error('no strike');
    const strike = trajectory.events.find((e) => e.type === 'impact')!;
    expect(loss.strike).toBe(strike.t);
    expect(loss.formula).toBeCloseTo((4 * l * l * study.speed ** 2 * s2) / (1 + 3 * s2), 12);
    expect(loss.formula).toBeCloseTo(0.45978, 5);
    expect(Math.abs(loss.run - loss.formula)).toBeLessThan(1e-6 * loss.formula);
    expect(runLoss(system, 'impact1.stays.ΔT', derivedFacts(system).get('impact1.stays.ΔT')!, trajectory.events)).toEqual([]);
  });
});

describe('the hinged compass’s first strike against rubanovich1981 (3.14), foot 2 leaving', () => {
  const system = derived(hingedCompass);
  const [m, l] = [1, 1];
  let trajectory: Trajectory;
  beforeAll(async () => {
    const { simulation } = reportMotion(await loadGenerated(system));
    if (!('trajectory' in simulation)) throw new Error('no trajectory');
    trajectory = simulation.trajectory;
  });

  it('takes the loss ½ż₁ᵀ(G₁₁ − G₁₂G₂₂⁻¹G₂₁)ż₁ at the strike’s β = a₁ and foot 1’s velocity ż₁(−0), G typed from (3.4)', () => {
    const facts = derivedFacts(system);
    const shown = new Map([
      ['xdot1', facts.get('impact1.foot1.t-')!],
      ['ydot1', facts.get('impact1.foot1.n-')!],
    ]);
    const losses = runLoss(system, 'impact1.leaves.ΔT', facts.get('impact1.leaves.ΔT')!, trajectory.events, shown);
    const strike = trajectory.events.find((e) => e.type === 'impact')!;
    const [x, y, a1, a2] = strike.q;
    const [xd, yd, a1d] = strike.qd;
    // The strike is at (3.14)'s configuration: a₂ = −β, y = l cos β.
    expect([a2, y]).toEqual([expect.closeTo(-a1!, 7), expect.closeTo(l * Math.cos(a1!), 7)]);
    expect(x).toBeGreaterThan(0);
    const beta = a1!;
    const [c2, s2] = [Math.cos(beta) ** 2, Math.sin(beta) ** 2];
    const s = Math.sin(2 * beta);
    const c = Math.cos(2 * beta) / s;
    // (3.4), (1, 2) read as −(m/2)/sin 2β: the blocks G₁₁ (rows 1–2), G₁₂, G₂₂ (rows 3–4).
    const G = [
      [(m * (1 + 3 * c2)) / (6 * c2), -m / (2 * s), (m * (3 * c2 - 1)) / (6 * c2), (m / 2) * c],
      [-m / (2 * s), (m * (1 + 3 * s2)) / (6 * s2), (-m / 2) * c, (m * (3 * s2 - 1)) / (6 * s2)],
      [(m * (3 * c2 - 1)) / (6 * c2), (-m / 2) * c, (m * (1 + 3 * c2)) / (6 * c2), m / (2 * s)],
      [(m / 2) * c, (m * (3 * s2 - 1)) / (6 * s2), m / (2 * s), (m * (1 + 3 * s2)) / (6 * s2)],
    ];
    const z = [xd! + l * Math.cos(a1!) * a1d!, yd! + l * Math.sin(a1!) * a1d!];
    const det = G[2]![2]! * G[3]![3]! - G[2]![3]! * G[3]![2]!;
    const inv = [
      [G[3]![3]! / det, -G[2]![3]! / det],
      [-G[3]![2]! / det, G[2]![2]! / det],
    ];
    // S = G₁₁ − G₁₂ G₂₂⁻¹ G₂₁, the loss ½ zᵀ S z with foot 2 free (E₂ = 0).
    const S = [0, 1].map((i) =>
      [0, 1].map((j) => G[i]![j]! - [0, 1].reduce((sum, k) => sum + [0, 1].reduce((t, n) => t + G[i]![2 + k]! * inv[k]![n]! * G[2 + n]![j]!, 0), 0)),
    );
    const expected = 0.5 * [0, 1].reduce((sum, i) => sum + [0, 1].reduce((t, j) => t + z[i]! * S[i]![j]! * z[j]!, 0), 0);
    const [first] = losses;
    expect(first!.strike).toBe(strike.t);
    expect(first!.at.beta).toBe(beta);
    expect(first!.values).toEqual({ xdot1: expect.closeTo(z[0]!, 7), ydot1: expect.closeTo(z[1]!, 7) });
    expect(first!.formula).toBeCloseTo(expected, 7);
    expect(first!.formula).toBeCloseTo(0.2204, 4);
    expect(Math.abs(first!.run - expected)).toBeLessThan(1e-6 * expected);
  });

  it('ends before the legs pass (a₁ = a₂, foot 2 scuffing on foot 1’s point), so foot 1’s strike is its one impact', () => {
    const facts = derivedFacts(system);
    const strikes = trajectory.events.filter((e) => e.type === 'impact');
    expect(strikes.map((e) => e.contacts)).toEqual([[0]]);
    // Leg 1 stays ahead of leg 2 over the whole run: the rows f₁ − f₂, ξ₁ − ξ₂ never coincide.
    for (const q of trajectory.q) expect(q[2]!).toBeGreaterThan(q[3]!);
    expect(runLoss(system, 'impact1.leaves.ΔT', facts.get('impact1.leaves.ΔT')!, trajectory.events).map((x) => x.strike)).toEqual([strikes[0]!.t]);
  });
});
