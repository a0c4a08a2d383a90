// The compass's rest time t∞ against its report's run (src/studies/rest-time.ts):
// t∞ typed here from rubanovich1981 (1.16), the speed ratio r = (1 − 3 sin²α)/(1 + 3 sin²α),
// and the deceleration about the arriving foot D at ψ = 0, a = 3 g sin α/(l (1 + 3 sin²α))
// (gravity's moment m g l sin α of the two legs over I_D = (2/3) m l² (1 + 3 sin²α)): swings
// up and back at a, slower by |r| at each strike, last 2|ψ̇⁻||r|/(a(1 − |r|)).
import { beforeAll, describe, expect, it } from 'vitest';
import compass from '../../derivations/compass.js';
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
    const loss = runLoss(system, 'impact1.leaves.ΔT', derivedFacts(system).get('impact1.leaves.ΔT')!, trajectory.events)!;
    const strike = trajectory.events.find((e) => e.type === 'impact')!;
    expect(loss.strike).toBe(strike.t);
    expect(loss.formula).toBeCloseTo((4 * l * l * study.speed ** 2 * s2) / (1 + 3 * s2), 12);
    expect(loss.formula).toBeCloseTo(0.45978, 5);
    expect(Math.abs(loss.run - loss.formula)).toBeLessThan(1e-6 * loss.formula);
    expect(runLoss(system, 'impact1.stays.ΔT', derivedFacts(system).get('impact1.stays.ΔT')!, trajectory.events)).toBeUndefined();
  });
});
