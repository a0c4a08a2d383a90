// Large systems: long equations named and elided with a pointer to the
// generated code, displays kept within KaTeX's expansion limit; the
// 20-link pendulum's report typesets in KaTeX's strict mode.
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { nLinkPendulum } from '../../derivations/n-link-pendulum.js';
import { TOOLKIT } from '../../src/codegen/module.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel } from '../../src/model/index.js';
import { equation, paragraph, type ReportDocument } from '../../src/report/document.js';
import { condense, MAX_ROW_LINES, splitDisplays, tooLong } from '../../src/report/large.js';
import { katexInputs, KATEX_OPTIONS } from '../../src/report/render-html.js';
import { buildReport } from '../../src/report/report.js';

const sum = (n: number, width: number): string[] => Array.from({ length: n }, (_, k) => Array.from({ length: width }, (_, j) => `m_{${k * width + j}}`).join(' + '));

describe('condense', () => {
  const doc: ReportDocument = {
    model: 'big', title: 'Big', provenance: 'test',
    sections: [{
      id: 's', title: 'S',
      blocks: [paragraph('Momenta:'), { kind: 'equations', rows: [equation('p1', 'p_{1}', sum(3, 4)), equation('p2', 'p_{2}', sum(MAX_ROW_LINES + 4, 4)), equation('p3', 'p_{3}', sum(MAX_ROW_LINES + 1, 4))] }],
    }],
  };
  const out = condense(doc, 'generated/big.ts');
  const blocks = out.sections[0]!.blocks;

  it('keeps a short equation and elides the long ones to "lhs = ⋯", labels kept', () => {
    const eq = blocks[1]!;
    if (eq.kind !== 'equations') throw new Error('no display');
    expect(eq.rows.map((r) => r.label)).toEqual(['p1', 'p2', 'p3']);
    expect(eq.rows[0]!.lines).toHaveLength(3);
    expect(eq.rows[1]!.lines).toEqual([{ before: 'p_{2}', after: '= \\cdots' }]);
    expect(eq.rows.filter(tooLong)).toEqual([]);
  });

  it('lists the elided equations by reference and points to the generated module', () => {
    const note = blocks[2]!;
    expect(note).toEqual(paragraph('Equations ', { ref: 'p2' }, ' and ', { ref: 'p3' }, ' are too long to print here; the generated module generated/big.ts evaluates them.'));
  });

  it('splits a display of many numbered rows so that each stays within KaTeX’s 1000 expansions', () => {
    // 150 two-line numbered rows fail in one display (measured); split, every part typesets.
    const rows = Array.from({ length: 150 }, (_, k) => equation(`r${k}`, `M_{${k}}`, ['l_{1} l_{2} \\bigl(m_{2} + m_{3}', 'm_{4}\\bigr)']));
    const parts = splitDisplays(rows);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.flat()).toEqual(rows);
    const tex = (rs: typeof rows): string => `\\begin{align}${rs.flatMap((r, i) => r.lines.map((l, k) => `${l.before} &${l.after} ${k === r.lines.length - 1 ? `\\tag{${i}}` : '\\notag'}`)).join(' \\\\\n')}\\end{align}`;
    expect(() => katex.renderToString(tex(rows), { ...KATEX_OPTIONS, displayMode: true })).toThrow(/Too many expansions/);
    for (const p of parts) expect(() => katex.renderToString(tex(p), { ...KATEX_OPTIONS, displayMode: true })).not.toThrow();
  });
});

describe('the 20-link pendulum’s report', () => {
  const system = deriveSystem(buildModel(nLinkPendulum(20)));
  const doc = buildReport(system, { source: 'derivations/n-link-pendulum.ts', toolkit: TOOLKIT });

  it('typesets every formula in KaTeX’s strict mode (n ≥ 18 used to fail with "Too many expansions")', () => {
    const failures: string[] = [];
    for (const { tex, display } of katexInputs(doc)) {
      try {
        katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode: display });
      } catch (err) {
        failures.push((err as Error).message);
      }
    }
    expect(failures).toEqual([]);
  });

  it('prints no equation over the line limit, and says where the elided ones are evaluated', () => {
    const rows = doc.sections.flatMap((s) => s.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : [])));
    expect(rows.filter(tooLong)).toEqual([]);
    expect(JSON.stringify(doc)).toContain('generated/pendulum-20-links.ts');
  });
}, 120_000);
