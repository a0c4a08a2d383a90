// `mechanics linearize`: the pendulum's two rests with their eigenvalues and
// the symbolic K, the compass resting on both feet, --at, and usage errors.
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
    expect(both.verdict).toBe('linearly stable');
    const r = await cli('linearize', 'compass');
    expect(r.stdout).toContain('resting on footD, footB: linearly stable\n    eigenvalues: none (the resting contacts pin every coordinate)');
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
