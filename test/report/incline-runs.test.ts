// The incline runs' section (src/report/incline-runs.ts) prints the study's
// numbers as they are: a study made up here, one run that rolls and one that
// slides, and its table and findings read back.
import { describe, expect, it } from 'vitest';
import { inclineRunsFinding, inclineRunsSection } from '../../src/report/incline-runs.js';
import type { InclineRunsStudy } from '../../src/studies/incline-runs.js';
import { cellText, models, report, tableOf } from './reports.js';

const study: InclineRunsStudy = {
  patch: 'foundation',
  velocity: "x'",
  runs: [
    {
      params: { alpha: 0.002 },
      t: [0, 1, 2],
      speed: [0.5, 0.1, 0.07],
      slip: [-1.5, 0, 0],
      holding: 0.0033333,
      stop: 0.3,
      rolling: { last: 0.0696, limit: 0.06866, timeConstant: 5.46, steady: 0.066667 },
    },
    { params: { alpha: 0.6 }, t: [0, 1, 2], speed: [0.5, 4, 8], slip: [-1.5, 0.4, 0.97], holding: 1.14, sliding: { rate: 0.5394, derived: 0.6812 } },
  ],
};

describe('the incline runs printed', () => {
  const section = inclineRunsSection(study);
  const text = JSON.stringify(section.blocks);

  it('draws each run and tabulates σ*, the stop, the rolling speed’s limit against (12.5), the slip’s rate against (11.2)', () => {
    expect(section.id).toBe('incline-runs');
    expect(section.blocks.filter((b) => b.kind === 'figure').length).toBe(2);
    const table = section.blocks.find((b) => b.kind === 'table');
    if (table?.kind !== 'table') throw new Error('no table');
    expect(table.rows.map((r) => JSON.stringify(r))).toEqual([
      JSON.stringify([
        [{ math: '\\alpha = 0.002' }],
        [{ math: '0.003333' }],
        [{ math: '0.3' }],
        [{ math: '0.0696' }],
        [{ math: '0.06866' }],
        [{ math: '0.06667' }],
        ['—'],
        ['—'],
      ]),
      JSON.stringify([[{ math: '\\alpha = 0.6' }], [{ math: '1.14' }], ['—'], ['—'], ['—'], ['—'], [{ math: '0.5394' }], [{ math: '0.6812' }]]),
    ]);
  });

  it('says where the slip stops and what the speed tends to, with its ratio to (12.5): 0.06866/0.066667 = 1.03', () => {
    expect(text).toContain('|\\\\sigma_{*}| = 0.003333 < 1');
    expect(text).toContain('|\\\\sigma_{*}| = 1.14 > 1');
    expect(text).toContain('"1.03"');
  });

  it('sums them up for the abstract: where the slip stops, the speed’s ratio to (12.5); where it never does', () => {
    const finding = inclineRunsFinding(study)
      .map((x) => (typeof x === 'string' ? x : 'math' in x ? `$${x.math}$` : ''))
      .join('');
    expect(finding).toBe(
      'on the incline at $\\alpha = 0.002$ the slip stops and the rolling speed tends to $1.03$ times the steady speed of (12.5), close to it only where the speed moves the patch’s rear end in by little; at $\\alpha = 0.6$, beyond (2.3), the slip never stops',
    );
  });
});

describe('the disk’s report on the incline, against the paper’s values at the defaults', () => {
  it('tabulates σ* = tan α/(3λ) and (12.5)’s steady speed kr tan α/ν at α = 0.002, 0.02 and 0.6', () => {
    const doc = report(models.find((x) => x.spec.name === 'viscoelastic-disk')!).doc;
    const rows = tableOf(doc.sections.find((s) => s.id === 'incline-runs')!).rows.map((r) => r.map(cellText));
    const four = (x: number): string => `${Number(x.toPrecision(4))}`;
    expect(rows.map((r) => r[0])).toEqual(['\\alpha = 0.002', '\\alpha = 0.02', '\\alpha = 0.6']);
    expect(rows.map((r) => r[1])).toEqual([0.002, 0.02, 0.6].map((a) => four(Math.tan(a) / 0.6)));
    expect(rows.slice(0, 2).map((r) => r[5])).toEqual([0.002, 0.02].map((a) => four((1e7 * 0.1 * Math.tan(a)) / 3e4)));
    // The steep run slides to its end: no stop, and the rate (11.2) gives, g(sin α − 3λ cos α).
    expect(rows[2]![2]).toBe('—');
    expect(rows[2]![7]).toBe(four(9.81 * (Math.sin(0.6) - 0.6 * Math.cos(0.6))));
  });
});
