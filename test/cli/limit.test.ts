// `mechanics limit`: the rigid-limit study of Kozlov's viscous realization
// as its model file declares it (release 2 + 1/N with order 1, beside the
// rigid model's release at 1), the parameter and values from the command
// line, a user's model without a declared study (a spring floor, elastic:
// e = 1, contact time π√(m/k)), and usage errors.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, projectWith } from './run-cli.js';

interface Record {
  readonly value: number;
  readonly release: number | null;
  readonly duration: number | null;
  readonly restitution: number | null;
  readonly distance: number | null;
}

interface LimitJson {
  model: string;
  parameter: string;
  params: { [name: string]: number };
  rows: Record[];
  reference?: Omit<Record, 'value' | 'distance'>;
  limits: { release?: number };
  orders: Omit<Record, 'value'>;
}

async function limitJson(...argv: string[]): Promise<LimitJson> {
  const r = await cli('limit', ...argv, '--format', 'json');
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as LimitJson;
}

describe('mechanics limit', () => {
  it('kozlov-release-viscous as declared: release 2 + 1/N (order 1) beside the rigid release at 1; the motion tends to (2.7), 1.5 from the rigid (2.4) at t = 3', async () => {
    const o = await limitJson('kozlov-release-viscous');
    expect(o.parameter).toBe('N');
    expect(o.rows.map((r) => r.value)).toEqual([10, 100, 1000, 10000]);
    // The exact release is 2 + 1/N + O(1/N²) (the piecewise-exponential solution of (2.7)).
    o.rows.forEach((r) => expect(Math.abs(r.release! - 2 - 1 / r.value)).toBeLessThan(2 / r.value ** 2 + 1e-7));
    expect(o.orders.release).toBeCloseTo(1, 3);
    expect(o.limits.release).toBe(2);
    expect(o.reference!.release).toBeCloseTo(1, 9);
    // Released from rest on the line: no impact, so no restitution.
    expect(o.rows.every((r) => r.restitution === null)).toBe(true);
    expect(o.rows.at(-1)!.distance).toBeCloseTo(1.5, 3);
  });

  it('--progress reports the fraction of the study’s runs on stderr, rising to 100%', async () => {
    const r = await cli('limit', 'kozlov-release-viscous', '--values', '10,100', '--progress', '--format', 'json');
    expect(r.code).toBe(0);
    const percents = r.stderr
      .trim()
      .split('\n')
      .map((l) => Number(/^kozlov-release-viscous limit: (\d+)%$/.exec(l)?.[1]));
    expect(percents[0]).toBe(0);
    expect(percents.at(-1)).toBe(100);
    // The rigid model's run and two values: past a third, past two thirds, each tenth once.
    expect(percents.some((p) => p > 33 && p < 67)).toBe(true);
    expect(percents).toEqual([...new Set(percents)].sort((a, b) => a - b));
  });

  it('--param N --values and another parameter: the elastic realization with g = 2 still leaves at 1 + O(N^{−1/2}), the rigid model at 1', async () => {
    const o = await limitJson('kozlov-release-elastic', '--param', 'N', '--values', '100, 1e4', '--param', 'g=2');
    expect(o.params.g).toBe(2);
    expect(o.rows.map((r) => r.value)).toEqual([100, 10000]);
    o.rows.forEach((r) => {
      expect(r.release! - 1).toBeGreaterThan(0);
      expect(r.release! - 1).toBeLessThan(4 / Math.sqrt(r.value));
    });
    expect(o.reference!.release).toBeCloseTo(1, 9);
    expect(o.rows[1]!.distance!).toBeLessThan(o.rows[0]!.distance!);
  });

  it('a user’s spring floor without a declared study: elastic restitution 1 and contact time π√(m/k) at every k; the summary prints the table', async () => {
    const dir = projectWith(
      'spring.ts',
      `import { defineModel } from 'unilateral-mechanics';
export default defineModel({
  name: 'spring-floor', coordinates: ['y'], parameters: { m: 2, k: 100 },
  kinetic: "m*y'^2/2", unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { compliant: { stiffness: 'k' } } }],
  initial: { q: { y: 0.1 }, qd: { y: -1 }, t1: 1 },
});
`,
    );
    const file = join(dir, 'spring.ts');
    const o = await limitJson(file, '--param', 'k', '--values', '1e3,1e4,1e5');
    expect(o.reference).toBeUndefined();
    o.rows.forEach((r) => {
      expect(r.restitution).toBeCloseTo(1, 8);
      expect(r.duration).toBeCloseTo(Math.PI * Math.sqrt(2 / r.value), 8);
      expect(r.distance).toBeNull();
    });
    // The duration falls like k^{−1/2} (successive differences of an exact power law).
    expect(o.orders.duration).toBeCloseTo(0.5, 6);
    const s = await cli('limit', file, '--param', 'k', '--values', '1e3,1e4');
    expect(s.code).toBe(0);
    expect(s.stdout).toMatch(/spring-floor: the rigid limit as k grows/);
    expect(s.stdout).toMatch(/order/);
  });

  it('a declared study whose rigid law names no contact is a model error naming the contacts there are', async () => {
    const dir = projectWith(
      'typo.ts',
      `import { defineModel } from 'unilateral-mechanics';
export default defineModel({
  name: 'typo', coordinates: ['y'], parameters: { k: 100 },
  kinetic: "y'^2/2", unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { compliant: { stiffness: 'k' } } }],
  limitStudy: { parameter: 'k', values: [100, 1000, 10000], rigid: { flor: { plastic: true } } },
  initial: { q: { y: 0.1 }, qd: { y: -1 }, t1: 1 },
});
`,
    );
    const r = await cli('limit', join(dir, 'typo.ts'));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('unknown-contact');
    expect(r.stderr).toContain('limitStudy.rigid names flor, not a unilateral constraint of typo (floor)');
  });

  it.each([
    [['limit'], 'limit needs a model'],
    [['limit', 'kozlov-release-viscous', '--format', 'csv'], '--format must be one of summary, json'],
    [['limit', 'kozlov-release-viscous', '--param', 'N', '--param', 'g'], 'names the one parameter that grows'],
    [['limit', 'kozlov-release-viscous', '--param', 'M'], "'M' is not a parameter of kozlov-release-viscous"],
    [['limit', 'bouncing-ball'], 'declares no limitStudy'],
  ])('usage error %j', async (argv, message) => {
    const r = await cli(...argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });
});
