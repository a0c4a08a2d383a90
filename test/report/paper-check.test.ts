// The report's paper sections (src/report/paper-check.ts), printed from the
// compass's paper check: the results and the table among the results,
// one row per compared formula saying how it agrees.
import { describe, expect, it } from 'vitest';
import compass from '../../derivations/compass.js';
import { TOOLKIT } from '../../src/codegen/module.js';
import { buildReport } from '../../src/report/report.js';
import { paperCheck } from '../../src/studies/paper-check.js';
import { derived } from '../helpers/examples.js';

describe('the report', () => {
  const system = derived(compass);
  const doc = buildReport(system, { source: 'derivations/compass.ts', toolkit: TOOLKIT, paper: paperCheck(system, compass.paper!) });
  it('gives the paper’s results and then the table, among the results before the discussion', () => {
    const ids = doc.sections.map((s) => s.id);
    const at = ids.indexOf('paper-results');
    expect(ids.slice(at, at + 2)).toEqual(['paper-results', 'paper-check']);
    expect(ids.indexOf('results')).toBeLessThan(at);
    expect(ids.indexOf('discussion')).toBeGreaterThan(at + 1);
  });
  it('has one table row per compared formula, each saying how it agrees', () => {
    const table = doc.sections.find((s) => s.id === 'paper-check')!.blocks.find((b) => b.kind === 'table');
    const verdicts = table?.kind === 'table' ? table.rows.map((r) => r[4]![0] as string) : [];
    expect(verdicts).toHaveLength(13);
    for (const v of verdicts) expect(v).toMatch(/^yes, (symbolically|at 16 points)$/);
  });
});
