// `mechanics orbit`: the rimless wheel's gait on a slope in its JSON shape
// against Rubanovich–Formalsky (2.6) with the energy gained per
// step, a user's time-dependent model with --period, and usage errors.
import { describe, expect, it } from 'vitest';
import { cli, projectWith } from './run-cli.js';
import { join } from 'node:path';

const G = 9.81;

interface OrbitJson {
  model: string;
  params: Record<string, number>;
  section: string;
  q: Record<string, number>;
  qd: Record<string, number>;
  period: number;
  impacts: { t: number; contacts: string[]; jacobian: string }[];
  multipliers: { re: number; im: number }[];
  stable: boolean;
  asymptotic: boolean;
  shift: Record<string, number>;
}

async function orbitJson(...argv: string[]): Promise<OrbitJson> {
  const r = await cli('orbit', ...argv, '--format', 'json');
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as OrbitJson;
}

describe('mechanics orbit', () => {
  it('the rimless wheel (k = 6, I* = 1/2) on a slope γ = 0.2: ψ̇⁺ = −r ω⁻, ω⁻² = 4g sin α sin γ /(l(1 + I*)(1 − r²)), r = (I* + cos 2α)/(I* + 1) (2.6)', async () => {
    const o = await orbitJson('rimless-wheel', '--param', 'gamma=0.2', '--section', 'contact:spoke2');
    const alpha = Math.PI / 6,
      Istar = 0.5,
      r = (Istar + Math.cos(2 * alpha)) / (Istar + 1);
    const wMinus = Math.sqrt((4 * G * Math.sin(alpha) * Math.sin(0.2)) / ((1 + Istar) * (1 - r * r)));
    expect(o.model).toBe('rimless-wheel');
    expect(o.section).toBe('contact:spoke2');
    expect(o.qd.psi).toBeCloseTo(-r * wMinus, 9);
    // Just after spoke 2 struck: ψ = −α (spoke 2 at +α), the hub at l cos α.
    expect(o.q.psi).toBeCloseTo(-alpha, 9);
    expect(o.q.y).toBeCloseTo(Math.cos(alpha), 9);
    expect(o.impacts.map((i) => i.contacts[0])).toEqual(['spoke3', 'spoke4', 'spoke5', 'spoke6', 'spoke1', 'spoke2']);
    expect(o.impacts.every((i) => i.jacobian === 'difference')).toBe(true);
    // One revolution: six steps of 2l sin α along the slope, ψ back by 2π.
    expect(o.shift.x).toBeCloseTo(6 * 2 * Math.sin(alpha), 8);
    expect(o.shift.psi).toBeCloseTo(-2 * Math.PI, 9);
    // ω² ↦ r²(ω² + c) per step: multiplier r² per step, r¹² per revolution; the rest are zeros.
    expect(o.multipliers[0]!.re).toBeCloseTo(r ** 12, 8);
    expect(Math.hypot(o.multipliers[1]!.re, o.multipliers[1]!.im)).toBeLessThan(1e-6);
    expect(o.stable).toBe(true);
    expect(o.asymptotic).toBe(true);
  });

  it('a user’s ball on a vibrating table: --period, a summary that names the verdict', async () => {
    const dir = projectWith(
      'table.ts',
      `import { defineModel } from 'unilateral-mechanics';
export default defineModel({
  name: 'table', coordinates: ['y'], parameters: { g: 9.81, e: 0.5, A: 0.12, w: 10 },
  kinetic: "y'^2/2", potential: 'g*y', unilateral: [{ name: 'plate', constraint: 'y - A*sin(w*t) >= 0', law: { newton: 'e' } }],
  initial: { q: { y: 0.1 }, qd: { y: 3 } },
});
`,
    );
    const file = join(dir, 'table.ts');
    const o = await orbitJson(file, '--period', '2*pi/w', '--t0', '0.05');
    expect(o.period).toBeCloseTo((2 * Math.PI) / 10, 9);
    expect(o.qd.y).toBeCloseTo((G * Math.PI) / 10, 8);
    const [a, b] = o.multipliers;
    expect(a!.re * b!.re - a!.im * b!.im).toBeCloseTo(0.25, 8);
    const s = await cli('orbit', file, '--period', '2*pi/w', '--t0', '0.05');
    expect(s.code).toBe(0);
    expect(s.stdout).toContain('asymptotically stable');
    expect(s.stdout).toMatch(/multipliers: .*\|μ\| = 0\.50000000/);
  });

  it.each([
    [['orbit'], 'orbit needs a model'],
    [['orbit', 'rimless-wheel', '--section', 'spoke2'], '--section must be contact:NAME or coordinate:NAME=VALUE:up|down'],
    [['orbit', 'rimless-wheel', '--format', 'csv'], '--format must be one of summary, json'],
    [['orbit', 'rimless-wheel', '--crossings', '0'], '--crossings must be a positive integer'],
    [['orbit', 'rimless-wheel', '--max-iterations', '2.5'], '--max-iterations must be a positive integer'],
    [['orbit', 'rimless-wheel', '--max-time', '-1'], '--max-time must be a positive number'],
  ])('usage error %j', async (argv, message) => {
    const r = await cli(...argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });

  it('an unknown contact, and a slope too shallow to keep the wheel rolling, are model errors (exit 1)', async () => {
    const r = await cli('orbit', 'rimless-wheel', '--section', 'contact:spoke9');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("no contact 'spoke9'");
    // γ = 0.1: the wheel stops on two spokes before spoke 2 comes round again.
    const stuck = await cli('orbit', 'rimless-wheel', '--section', 'contact:spoke2', '--max-time', '20');
    expect(stuck.code).toBe(1);
    expect(stuck.stderr).toContain('error [no-return]');
    expect(stuck.stderr).toContain('impacts accumulate');
  });

  it("a --max-time the flow's step cap ends first is said in orbit's terms (field --max-time)", async () => {
    // The pendulum from its initial swing never reaches θ = 5: at 100000 steps the flow stops.
    const r = await cli('orbit', 'simple-pendulum', '--section', 'coordinate:theta=5:up', '--max-time', '1e12');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /error \[max-steps\]: \[model 'simple-pendulum', field '--max-time'\] the motion ran into the flow's cap on steps before it reached the section; choose a section the motion crosses, or a smaller --max-time/,
    );
    expect(r.stderr).not.toContain('raise maxSteps');
  });

  it('gives up by default after 10 × the model’s initial.t1 without reaching the section, naming --max-time', async () => {
    // The pendulum (t1 = 10) from θ = 1 never swings up to θ = 10.
    const r = await cli('orbit', 'simple-pendulum', '--section', 'coordinate:theta=10:up');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("error [no-return]: [model 'simple-pendulum', field '--max-time']");
    expect(r.stderr).toContain('within 100 time units: raise --max-time');
  });

  it('--progress shows each Newton step on stderr; --max-iterations bounds them and the failure names it', async () => {
    // The double pendulum on its wall: Newton from the initial state does not converge in two steps.
    const r = await cli('orbit', 'pendulum-wall', '--max-iterations', '2', '--progress');
    expect(r.code).toBe(1);
    const steps = r.stderr.split('\n').filter((l) => l.startsWith('pendulum-wall orbit: Newton step'));
    expect(steps.map((l) => l.replace(/, residual .*/, ''))).toEqual([0, 1, 2].map((k) => `pendulum-wall orbit: Newton step ${k}/2`));
    expect(r.stderr).toContain("error [orbit-not-converged]: [model 'pendulum-wall', field '--max-iterations']");
    expect(r.stderr).toContain('raise --max-iterations, or start nearer the orbit');
    // Without --progress (stderr is no terminal here) only the error.
    expect((await cli('orbit', 'pendulum-wall', '--max-iterations', '1')).stderr).not.toContain('Newton step');
  });

  it('--help prints the usage', async () => {
    const r = await cli('orbit', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage: mechanics orbit/);
  });
});
