// Large systems: long equations named and elided, large families of
// equations cut to their first few and last, each with a pointer to the
// function of the generated code that evaluates it (checked against the
// generated module), displays kept within KaTeX's expansion limit; the
// 30-link pendulum's report is small and typesets in KaTeX's strict mode.
import katex from 'katex';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nLinkPendulum } from '../../derivations/n-link-pendulum.js';
import { evaluate } from '../../src/core/evaluate.js';
import { TOOLKIT } from '../../src/codegen/module.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel } from '../../src/model/index.js';
import { equation, paragraph, type Block, type EquationRow, type Inline, type ReportDocument, type Table } from '../../src/report/document.js';
import {
  condense,
  entryIndex,
  familyOf,
  MAX_FAMILY_ROWS,
  MAX_INLINE_WIDTH,
  MAX_ROW_LINES,
  MAX_TABLE_ROWS,
  POINTERS,
  SHOWN,
  shortLists,
  shownIndices,
  splitDisplays,
  tooLong,
  VDOTS_ROW,
} from '../../src/report/large.js';
import { texWidth } from '../../src/report/latex.js';
import { mathLines } from '../../src/report/notation.js';
import { katexInputs, KATEX_OPTIONS, renderHtml } from '../../src/report/render-html.js';
import { renderLatexDocument } from '../../src/report/render-latex.js';
import { buildReport } from '../../src/report/report.js';
import { SECTIONS } from '../../src/report/sections.js';
import { loadGenerated } from '../helpers/generated-module.js';

// As pdflatex.test.ts: CI never skips the compile (reports.ts's IN_CI, not imported: it loads every model).
const HAVE_PDFLATEX = spawnSync('pdflatex', ['--version'], { stdio: 'ignore' }).status === 0 || process.env.CI === 'true';

const sum = (n: number, width: number): string[] =>
  Array.from({ length: n }, (_, k) => Array.from({ length: width }, (_, j) => `m_{${k * width + j}}`).join(' + '));

describe('condense', () => {
  const doc: ReportDocument = {
    model: 'big',
    title: 'Big',
    provenance: 'test',
    abstract: [],
    citations: [],
    sections: [
      {
        id: 's',
        title: 'S',
        blocks: [
          paragraph('Momenta:'),
          {
            kind: 'equations',
            rows: [equation('p1', 'p_{1}', sum(3, 4)), equation('p2', 'p_{2}', sum(MAX_ROW_LINES + 4, 4)), equation('p3', 'p_{3}', sum(MAX_ROW_LINES + 1, 4))],
          },
        ],
      },
    ],
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
    expect(note).toEqual(
      paragraph(
        'Equations ',
        { ref: 'p2' },
        ' and ',
        { ref: 'p3' },
        ' are too long to print here; the generated module ',
        { code: 'generated/big.ts' },
        ' evaluates them.',
      ),
    );
  });

  it('splits a display of many numbered rows so that each stays within KaTeX’s 1000 expansions', () => {
    // 150 two-line numbered rows fail in one display (measured); split, every part typesets.
    const rows = Array.from({ length: 150 }, (_, k) => equation(`r${k}`, `M_{${k}}`, ['l_{1} l_{2} \\bigl(m_{2} + m_{3}', 'm_{4}\\bigr)']));
    const parts = splitDisplays(rows);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.flat()).toEqual(rows);
    const tex = (rs: typeof rows): string =>
      `\\begin{align}${rs.flatMap((r, i) => r.lines.map((l, k) => `${l.before} &${l.after} ${k === r.lines.length - 1 ? `\\tag{${i}}` : '\\notag'}`)).join(' \\\\\n')}\\end{align}`;
    expect(() => katex.renderToString(tex(rows), { ...KATEX_OPTIONS, displayMode: true })).toThrow(/Too many expansions/);
    for (const p of parts) expect(() => katex.renderToString(tex(p), { ...KATEX_OPTIONS, displayMode: true })).not.toThrow();
  });
});

describe('a family of many equations', () => {
  // A 30 × 30 matrix's 465 entries on and above the diagonal, one line each, and a remark that cites one left out.
  const n = 30;
  const entries: EquationRow[] = [];
  for (let i = 1; i <= n; i++)
    for (let j = i; j <= n; j++) entries.push(equation(`mass-${i}-${j}`, `M_{${i},${j}}`, `l_{${i}} l_{${j}} \\cos(q_{${i}} - q_{${j}})`));
  const doc: ReportDocument = {
    model: 'chain',
    title: 'Chain',
    provenance: 'test',
    abstract: [],
    citations: [],
    sections: [
      { id: 's', title: 'S', blocks: [{ kind: 'equations', rows: entries }, paragraph('By ', { ref: 'mass-2-7' }, ' and ', { ref: 'mass-1-1' }, '.')] },
    ],
  };
  const out = condense(doc, 'generated/chain.ts').sections[0]!.blocks;
  const display = out[0]!;
  if (display.kind !== 'equations') throw new Error('no display');

  it(`shows its first ${SHOWN} and its last, with ⋮ between, beyond ${MAX_FAMILY_ROWS} rows`, () => {
    expect(entries).toHaveLength(465);
    expect(display.rows).toEqual([...entries.slice(0, SHOWN), VDOTS_ROW, entries[464]]);
  });

  it('says how many it shows and where all of them are evaluated: the function and the index of M_ij', () => {
    expect(out[1]).toEqual(
      paragraph(
        'Equations ',
        { ref: 'mass-1-1' },
        ', ',
        { ref: 'mass-1-2' },
        ', ',
        { ref: 'mass-1-3' },
        ' and ',
        { ref: 'mass-30-30' },
        ' show 4 of the 465 equations of this kind; the generated module ',
        { code: 'generated/chain.ts' },
        ' evaluates all 465: ',
        { code: 'massMatrix(t, q, p)' },
        ' returns ',
        { math: 'M_{ij}' },
        ' at index ',
        { math: '30(i - 1) + j - 1' },
        '.',
      ),
    );
  });

  it('turns a reference to an entry left out into its left-hand side, and keeps one to an entry shown', () => {
    expect(out[2]).toEqual(paragraph('By ', { math: 'M_{2,7}' }, ' and ', { ref: 'mass-1-1' }, '.'));
  });

  it('keeps exactly the rows shownIndices names in advance, at and beyond MAX_FAMILY_ROWS', () => {
    for (const count of [MAX_FAMILY_ROWS, MAX_FAMILY_ROWS + 1, 465]) {
      const rows = entries.slice(0, count);
      const shown = condense({ ...doc, sections: [{ id: 's', title: 'S', blocks: [{ kind: 'equations', rows }] }] }, 'g.ts').sections[0]!.blocks[0]!;
      if (shown.kind !== 'equations') throw new Error('no display');
      expect(shown.rows.filter((r) => r !== VDOTS_ROW)).toEqual(shownIndices(count).map((k) => rows[k]));
    }
    expect(shownIndices(MAX_FAMILY_ROWS + 1)).toEqual([0, 1, 2, MAX_FAMILY_ROWS]);
  });

  it('marks a cut family whose shown rows are partly elided with \\cdots as math (pdflatex refuses a Unicode ⋯ in text)', () => {
    const rows = Array.from({ length: MAX_FAMILY_ROWS + 1 }, (_, k) =>
      equation(`momentum-${k + 1}`, `p_{${k + 1}}`, k === 1 ? sum(MAX_ROW_LINES + 4, 4) : 'm_{1}'),
    );
    const [display, note] = condense({ ...doc, sections: [{ id: 's', title: 'S', blocks: [{ kind: 'equations', rows }] }] }, 'g.ts').sections[0]!.blocks;
    expect(display).toEqual({
      kind: 'equations',
      rows: [rows[0], { label: 'momentum-2', lines: [{ before: 'p_{2}', after: '= \\cdots' }] }, rows[2], VDOTS_ROW, rows[MAX_FAMILY_ROWS]],
    });
    if (note?.kind !== 'paragraph') throw new Error('no note');
    expect(note.content.slice(8, 11)).toEqual([
      ` show 4 of the ${MAX_FAMILY_ROWS + 1} equations of this kind (`,
      { math: '\\cdots' },
      ' where one is too long to print here); the generated module ',
    ]);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, as the check's whole set
    expect(note.content.filter((x): x is string => typeof x === 'string').join('')).not.toMatch(/[^\x00-\x7F’]/);
  });

  it('leaves a family of at most MAX_FAMILY_ROWS rows whole', () => {
    const few = entries.filter((r) => familyOf(r.label!).indices[0]! >= 25); // 21 entries of the rows 25…30
    const kept = condense({ ...doc, sections: [{ id: 's', title: 'S', blocks: [{ kind: 'equations', rows: few }] }] }, 'g.ts').sections[0]!.blocks;
    expect(kept).toEqual([{ kind: 'equations', rows: few }]);
  });

  it('reads a label as its family and indices', () => {
    expect(familyOf('mass-12-3')).toEqual({ stem: 'mass', indices: [12, 3] });
    expect(familyOf('hamilton-dLdq-7')).toEqual({ stem: 'hamilton-dLdq', indices: [7] });
    expect(familyOf('lagrange2')).toEqual({ stem: 'lagrange2', indices: [] });
  });
});

/** pdflatex's overfull boxes in a complete LaTeX document (it must compile). */
function overfullBoxes(latex: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'chain-tex-'));
  writeFileSync(join(dir, 'chain.tex'), latex);
  execFileSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', '-no-shell-escape', 'chain.tex'], { cwd: dir, stdio: 'pipe', timeout: 600_000 });
  return readFileSync(join(dir, 'chain.log'), 'utf8').match(/Overfull \\hbox[^\n]*/g) ?? [];
}

describe('long tables and inline lists', () => {
  it.runIf(HAVE_PDFLATEX)(
    'cuts the 12-link chain’s coordinate vector, and its report compiles without an overfull line (in full, q = (q_1, …, q_12)ᵀ ran 25 pt past the page)',
    () => {
      const doc = buildReport(deriveSystem(buildModel(nLinkPendulum(12))), { source: 'derivations/n-link-pendulum.ts', toolkit: TOOLKIT });
      const latex = renderLatexDocument(doc);
      expect(latex).toContain('$q = (q_{1}, q_{2}, q_{3}, \\dots, q_{12})^{\\top}$');
      expect(overfullBoxes(latex)).toEqual([]);
    },
  );

  const q = Array.from({ length: 60 }, (_, k) => `q_{${k + 1}}`);
  it('cuts a formula too wide for a line to the first three items of its list and the last', () => {
    const vector = `q = (${q.join(', ')})^{\\top}`;
    expect(texWidth(vector)).toBeGreaterThan(MAX_INLINE_WIDTH);
    expect(shortLists(vector)).toBe('q = (q_{1}, q_{2}, q_{3}, \\dots, q_{60})^{\\top}');
    // A list inside a group or a narrow formula stays whole.
    expect(shortLists(`f(q_{1}, q_{2}, q_{3}, q_{4}, q_{5})`)).toBe('f(q_{1}, q_{2}, q_{3}, q_{4}, q_{5})');
    const grouped = `\\frac{1}{(${q.join(', ')})}`;
    expect(shortLists(grouped)).toBe(grouped);
  });

  it(`cuts a table of the model's parameters longer than ${MAX_TABLE_ROWS} rows and says where all of them are`, () => {
    const table: Table = {
      kind: 'table',
      id: 'parameters',
      caption: 'Parameters',
      columns: ['Symbol', 'Description'],
      align: 'll',
      rows: q.map((s) => [[{ math: s }], ['an angle']]),
    };
    const other: Table = { ...table, id: 'equilibria' };
    const doc: ReportDocument = {
      model: 'chain',
      title: 'Chain',
      provenance: 'test',
      abstract: [],
      citations: [],
      sections: [{ id: 's', title: 'S', blocks: [table, other] }],
    };
    const [cut, note, kept] = condense(doc, 'generated/chain.ts').sections[0]!.blocks;
    expect(cut).toEqual({ ...table, rows: [...table.rows.slice(0, 3), [[{ math: '\\vdots' }], []], table.rows[59]] });
    expect(note).toEqual(
      paragraph(
        'Table ',
        { ref: 'tab:parameters' },
        ' shows 4 of its 60 rows; the generated module ',
        { code: 'generated/chain.ts' },
        ' lists all of them in ',
        { code: 'model.parameters' },
        '.',
      ),
    );
    // A table the generated module does not list is left whole.
    expect(kept).toEqual(other);
  });
});

describe('the pointers into the generated module', () => {
  // The 3-link pendulum's derivation against its generated module at a random state: each family's
  // function returns, at the index the report prints, the value of the expression the report prints.
  it('give, at the printed index, the value of each printed entry (3-link pendulum, random state)', async () => {
    const system = deriveSystem(buildModel(nLinkPendulum(3)));
    const mod = await loadGenerated(system);
    const { model, lagrange2, hamilton } = system;
    const n = model.coordinates.length;
    const rnd = (): number => Math.round((Math.random() * 2 - 1) * 1000) / 1000;
    const params = Object.fromEntries(model.parameters.map((p) => [p.name, 0.5 + Math.random()]));
    const q = model.coordinates.map(rnd),
      qd = model.coordinates.map(rnd);
    const env = {
      ...params,
      t: 0,
      ...Object.fromEntries(
        model.coordinates.flatMap((c, i) => [
          [c.name, q[i]!],
          [c.qd.name, qd[i]!],
        ]),
      ),
    };
    const pm = Array.from(mod.momenta(0, q, qd, params));
    const z = [...q, ...pm];
    const canonical = { ...env, ...Object.fromEntries(hamilton.p.map((p, i) => [p.name, pm[i]!])) };
    const rhs = Array.from(mod.hamiltonRhs(0, z, params));
    const calls: Record<string, (i: number) => { value: number; expected: number }[]> = {
      mass: (i) =>
        Array.from({ length: n }, (_, j) => ({
          value: mod.massMatrix(0, q, params)[entryIndex(POINTERS.mass!.layout, n, i, j + 1)]!,
          expected: evaluate(lagrange2.massMatrix[i - 1]![j]!, env),
        })),
      momentum: (i) => [{ value: pm[entryIndex(POINTERS.momentum!.layout, n, i)]!, expected: evaluate(lagrange2.momenta[i - 1]!, env) }],
      forcing: (i) => [
        { value: mod.forcing(0, q, qd, params)[entryIndex(POINTERS.forcing!.layout, n, i)]!, expected: evaluate(lagrange2.forcing[i - 1]!, env) },
      ],
      'hamilton-q': (i) => [{ value: rhs[entryIndex(POINTERS['hamilton-q']!.layout, n, i)]!, expected: evaluate(hamilton.explicit!.qdot[i - 1]!, canonical) }],
      'hamilton-p': (i) => [{ value: rhs[entryIndex(POINTERS['hamilton-p']!.layout, n, i)]!, expected: evaluate(hamilton.explicit!.pdot[i - 1]!, canonical) }],
      // q̇ = M⁻¹p here (p₀ = 0), so ∂L/∂q at the state is ṗ (Q = 0).
      'hamilton-dLdq': (i) => [{ value: rhs[entryIndex(POINTERS['hamilton-dLdq']!.layout, n, i)]!, expected: evaluate(lagrange2.dLdq[i - 1]!, env) }],
      'hamilton-b': (i) => [
        { value: mod.momenta(0, q, [0, 0, 0], params)[entryIndex(POINTERS['hamilton-b']!.layout, n, i)]!, expected: evaluate(lagrange2.b[i - 1]!, env) },
      ],
    };
    expect(Object.keys(calls).sort()).toEqual(Object.keys(POINTERS).sort());
    for (const [family, at] of Object.entries(calls)) {
      // The call as printed names an exported function with these arguments (its `out` has a default, which length leaves out).
      const [name, args] = /^(\w+)\((.*)\)$/.exec(POINTERS[family]!.call)!.slice(1);
      expect(typeof (mod as unknown as Record<string, unknown>)[name!], family).toBe('function');
      expect(args!.split(', ').length, family).toBe((mod as unknown as Record<string, (...a: unknown[]) => unknown>)[name!]!.length);
      for (let i = 1; i <= n; i++) for (const { value, expected } of at(i)) expect(value, `${family} ${i}`).toBeCloseTo(expected, 10);
    }
  });
});

describe('the 30-link pendulum’s report', () => {
  const system = deriveSystem(buildModel(nLinkPendulum(30)));
  const source = 'derivations/n-link-pendulum.ts';
  const doc = buildReport(system, { source, toolkit: TOOLKIT });
  const html = renderHtml(doc);
  const latex = renderLatexDocument(doc);
  const rowsOf = (blocks: readonly Block[]): EquationRow[] => blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : []));

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

  it('prints only the rows shown of a large family: 4 of the 465 mass entries, as mathLines prints them; the others named, M_{i,j} = ⋯', () => {
    const raw = SECTIONS.map((build) => build({ system })).find((s) => s?.id === 'lagrange2')!;
    const mass = rowsOf(raw.blocks).filter((r) => r.label && familyOf(r.label).stem === 'mass');
    expect(mass).toHaveLength(465);
    const printed = mass.filter((r) => r.lines[0]!.after !== '= \\cdots');
    expect(printed.map((r) => r.label)).toEqual(['mass-1-1', 'mass-1-2', 'mass-1-3', 'mass-30-30']);
    for (const r of printed) {
      const [i, j] = familyOf(r.label!).indices;
      expect(r).toEqual(equation(r.label, r.lines[0]!.before, mathLines(system.lagrange2.massMatrix[i! - 1]![j! - 1]!)));
    }
    expect(mass[4]).toEqual(equation('mass-1-5', 'M_{1,5}', '\\cdots'));
  });

  it('stays small: under 1 MB of HTML and 40 kB of LaTeX, some thirty displayed rows for 30 + 465 + 30 + 30 equations', () => {
    // Printed whole, the 60-link report was 85 MB of HTML (1830 mass entries); the 30-link one's HTML is about 0.5 MB.
    expect(html.length).toBeLessThan(1_000_000);
    expect(latex.length).toBeLessThan(40_000);
    expect(rowsOf(doc.sections.flatMap((s) => s.blocks)).length).toBeLessThan(40);
  });

  it.runIf(HAVE_PDFLATEX)(
    'compiles with pdflatex, no line wider than the page (its M_{1,1}, a line of masses m_i, ran 14 pt over while texWidth took m for an average letter)',
    () => {
      expect(overfullBoxes(latex)).toEqual([]);
    },
  );

  it('prints no equation over the line limit, and names where every equation left out or elided is evaluated', () => {
    const rows = rowsOf(doc.sections.flatMap((s) => s.blocks));
    expect(rows.filter(tooLong)).toEqual([]);
    // The same sections uncondensed: every row not printed whole is covered by a note of its section
    // that refers to it (shown elided) or counts its family (left out), and names the function or the module.
    const text = (xs: readonly Inline[]): string =>
      xs.map((x) => (typeof x === 'string' ? x : 'math' in x ? x.math : 'code' in x ? x.code : `(${x.ref})`)).join('');
    let covered = 0;
    for (const build of SECTIONS) {
      const raw = build({ system });
      if (!raw) continue;
      const blocks = doc.sections.find((s) => s.id === raw.id)!.blocks;
      const printed = new Map(rowsOf(blocks).flatMap((r) => (r.label ? [[r.label, r] as const] : [])));
      const notes = blocks.flatMap((b) => (b.kind === 'paragraph' ? [text(b.content)] : []));
      for (const r of rowsOf(raw.blocks)) {
        if (!r.label || JSON.stringify(printed.get(r.label)) === JSON.stringify(r)) continue;
        const family = familyOf(r.label).stem;
        const where = POINTERS[family]?.call ?? `generated/${system.model.name}.ts`;
        const size = rowsOf(raw.blocks).filter((s) => s.label && familyOf(s.label).stem === family).length;
        const mentions = printed.has(r.label) ? `(${r.label})` : `of the ${size} equations of this kind`;
        expect(
          notes.some((t) => t.includes(mentions) && t.includes(where)),
          r.label,
        ).toBe(true);
        covered++;
      }
    }
    // 465 mass entries less 4, 30 momenta, forcing terms and ∂L/∂q_i, L₀.
    expect(covered).toBeGreaterThan(461 + 3 * 30 - 12);
  });
});
