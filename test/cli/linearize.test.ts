// `mechanics linearize`: the pendulum's two rests with their eigenvalues and
// the symbolic K, the compass resting on both feet, --at, and usage errors;
// --steady: the heavy top's steady precessions at its initial nutation, their
// fold in the spin (where (A₀ − C) cos θ₀ Ω² − C φ̇ Ω + m g l = 0, from
// Goldstein's §5.7 condition with n = φ̇ + Ω cos θ₀, has a double root), the
// knife edge running straight, and named errors for bad steady input.
import { describe, expect, it } from 'vitest';
import { cli } from './run-cli.js';

const G = 9.81;

interface LinearizeJson {
  model: string;
  inputs: string[];
  linear?: { M: string[][]; C: string[][]; K: string[][] };
  equilibria: { q: Record<string, number>; resting: string[]; forces: number[]; A: number[][]; eigenvalues: { re: number; im: number }[]; verdict: string }[];
}

async function linearizeJson(...argv: string[]): Promise<LinearizeJson> {
  const r = await cli('linearize', ...argv, '--format', 'json');
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as LinearizeJson;
}

describe('mechanics linearize', () => {
  it('the simple pendulum: from its initial angle it hangs, λ = ±i√(g/l); K = g l m cos θ; no inputs', async () => {
    const o = await linearizeJson('simple-pendulum', '--param', 'l=2');
    expect(o.inputs).toEqual([]);
    expect(o.linear!.K).toEqual([['g*l*m*cos(theta)']]);
    expect(o.equilibria).toHaveLength(1);
    const [eq] = o.equilibria;
    expect(eq!.q.theta).toBeCloseTo(0, 10);
    expect(eq!.A).toEqual([
      [0, 1],
      [expect.closeTo(-G / 2, 8), 0],
    ]);
    expect(eq!.eigenvalues.map((z) => Math.abs(z.im))).toEqual([expect.closeTo(Math.sqrt(G / 2), 8), expect.closeTo(Math.sqrt(G / 2), 8)]);
    expect(eq!.verdict).toBe('linearly stable');
  });

  it("gives the report's verdict on a switching surface: the Kelvin–Voigt release at rest at the origin is not linearized", async () => {
    const o = await linearizeJson('kozlov-release-kelvin-voigt', '--at', 'x=0', '--at', 'y=0');
    expect(o.equilibria.map((e) => [e.q.x, e.q.y, e.eigenvalues, e.verdict])).toEqual([
      [expect.closeTo(0, 9), expect.closeTo(0, 9), [], expect.stringMatching(/^on a switching surface/)],
    ]);
  });

  it('--at near the top finds the inverted pendulum, unstable; the summary says so', async () => {
    const o = await linearizeJson('simple-pendulum', '--at', 'theta=pi-0.1');
    expect(o.equilibria.map((e) => [e.q.theta, e.verdict])).toEqual([[expect.closeTo(Math.PI, 9), 'unstable']]);
    const r = await cli('linearize', 'simple-pendulum', '--at', 'theta=3');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('theta = 3.14159');
    expect(r.stdout).toContain('unstable');
    expect(r.stdout).toContain('no B');
  });

  it('the compass at rest on both feet: statically indeterminate feet, every motion pinned, the vertical forces summing to 2mg', async () => {
    const o = await linearizeJson('compass', '--at', 'psi=0', '--at', 'yc=l/2*cos(alpha)');
    const both = o.equilibria.find((e) => e.resting.length === 2)!;
    expect(both.resting).toEqual(['footD', 'footB']);
    expect(both.q.psi).toBeCloseTo(0, 9);
    // Rows: footD normal, footD tangent, footB normal, footB tangent (R–F §1's R₁, R₂).
    expect(both.forces[0]! + both.forces[2]!).toBeCloseTo(2 * 9.81, 8);
    expect(both.eigenvalues).toEqual([]);
    expect(both.verdict).toBe('stable (pinned by its contacts, every normal reaction positive)');
    const r = await cli('linearize', 'compass');
    expect(r.stdout).toContain(
      'resting on footD, footB: stable (pinned by its contacts, every normal reaction positive)\n    eigenvalues: none (the resting contacts pin every coordinate)',
    );
  });

  it.each([
    [['linearize'], 'linearize needs a model'],
    [['linearize', 'simple-pendulum', '--at', 'theta'], '--at needs name=value'],
    [['linearize', 'simple-pendulum', '--format', 'csv'], '--format must be one of summary, json'],
  ])('usage error %j', async (argv, message) => {
    const r = await cli(...argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });

  it('an unknown coordinate is a model error; --help prints the usage', async () => {
    const r = await cli('linearize', 'simple-pendulum', '--at', 'phi=1');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("no coordinate 'phi'");
    const h = await cli('linearize', '--help');
    expect(h.stdout).toMatch(/^usage: mechanics linearize/);
  });
});

describe('mechanics linearize --steady', () => {
  interface SteadyJson {
    cyclic: string[];
    solvedFor: string[];
    motions?: { q: Record<string, number>; qd: Record<string, number>; family: number; verdict: string }[];
    branches?: { boundaries: { value: number; kind: string; below: string; above: string }[] }[];
  }
  const steadyJson = async (...argv: string[]): Promise<SteadyJson> => JSON.parse((await linearizeRaw(...argv)).stdout) as SteadyJson;
  const linearizeRaw = async (...argv: string[]) => {
    const r = await cli('linearize', ...argv, '--format', 'json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    return r;
  };

  it('the heavy top at its initial nutation: two precessions, meeting where φ̇ = 2√((A₀ − C) cos θ₀ m g l)/C', async () => {
    const o = await steadyJson('heavy-top', '--steady', '--sweep', 'phi=0:60:20');
    expect(o.cyclic).toEqual(['psi', 'phi']);
    expect(o.solvedFor).toEqual(["psi'"]);
    const A0 = 0.5 + 1 * 0.5 ** 2;
    const fold = (2 * Math.sqrt((A0 - 0.3) * Math.cos(0.5) * 1 * G * 0.5)) / 0.3;
    expect(o.branches).toHaveLength(2);
    for (const b of o.branches!) {
      expect(b.boundaries.map((x) => [x.kind, x.below])).toEqual([['existence', 'none']]);
      expect(Math.abs(b.boundaries[0]!.value - fold)).toBeLessThan(1e-6);
    }
    const r = await cli('linearize', 'heavy-top', '--steady', '--rate', 'phi=40');
    expect(r.stdout).toContain("steady motions (cyclic: psi, phi; the others rest; solved for: psi')");
    expect(r.stdout).toContain('linearly stable modulo the family');
  });

  it('the knife edge on a level plane runs straight along its blade', async () => {
    const o = await steadyJson('knife-edge', '--steady', '--param', 'alpha=0', '--at', 'theta=0.4', '--rate', 'x=2');
    expect(o.motions).toHaveLength(1);
    expect(o.motions![0]!.qd.y).toBeCloseTo(2 * Math.tan(0.4), 9);
    expect(o.motions![0]!.family).toBe(2);
  });

  it.each([
    [['heavy-top', '--sweep', 'phi=0:1'], 2, '--sweep needs --steady'],
    [['heavy-top', '--steady', '--sweep', 'phi=0'], 2, '--sweep needs name=from:to'],
    [['heavy-top', '--steady', '--sweep', 'phi=0:1:0'], 2, 'steps must be a whole number'],
    [['heavy-top', '--steady', '--sweep', 'omega=0:1'], 2, "'omega' is neither a coordinate"],
    [['heavy-top', '--steady', '--rate', 'theta=1'], 1, "'theta' is not cyclic"],
    [['heavy-top', '--steady', '--sweep', 'theta=0:1'], 1, "'theta' is not cyclic"],
    [['heavy-top', '--steady', '--rate', 'phi=1', '--free', 'phi'], 2, 'its rate is given'],
    [['heavy-top', '--steady', '--t', '1'], 2, 'do not depend on time'],
    [['simple-pendulum', '--steady'], 1, 'has no cyclic coordinate'],
  ])('bad steady input %j is a named error', async (argv, code, message) => {
    const r = await cli('linearize', ...argv);
    expect(r.code).toBe(code);
    expect(r.stderr).toContain(message);
    if (code === 1) expect(r.stderr).toMatch(/error \[steady-unsupported\]/);
  });
});
