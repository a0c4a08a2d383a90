// Displays for a phone: broken again at top-level sums and relations, never
// inside a group, a \left…\right pair or an environment; every line fits.
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { equation, matrixEquation } from '../../src/report/document.js';
import { texWidth } from '../../src/report/latex.js';
import { breakableInline, narrowRow, narrowRows, NARROW_WIDTH, topTerms, widest } from '../../src/report/layout.js';
import { displayTex, KATEX_OPTIONS } from '../../src/report/render-html.js';

describe('topTerms', () => {
  it('splits before + and − at depth 0, each term keeping its sign', () => {
    expect(topTerms('= a + \\frac{b + c}{d} - e')).toEqual(['= a', '+ \\frac{b + c}{d}', '- e']);
  });
  it('never cuts a \\left…\\right pair or an environment', () => {
    expect(topTerms('= \\left(a + b\\right) + \\begin{pmatrix} a + b \\end{pmatrix}')).toEqual([
      '= \\left(a + b\\right)',
      '+ \\begin{pmatrix} a + b \\end{pmatrix}',
    ]);
  });
});

describe('narrowRow', () => {
  // f₁ of the double pendulum on a wall, as the report prints it on one line.
  const row = equation('f1', 'f_{1}', ['-l_{1} \\bigl(g (m_{1} + m_{2}) \\sin q_{1} + m_{2} l_{2} \\dot{q}_{2}^{2} \\sin(q_{1} - q_{2})\\bigr)']);

  it('packs the same terms, in order, into lines that fit the phone', () => {
    expect(widest([row])).toBeGreaterThan(NARROW_WIDTH);
    const narrow = narrowRow(row, texWidth('f_{1}'));
    expect(narrow.label).toBe('f1');
    expect(narrow.lines.length).toBeGreaterThan(1);
    expect(narrow.lines.map((l) => l.after.replace('\\quad {}', '')).join(' ')).toBe(row.lines[0]!.after);
    expect(widest([narrow])).toBeLessThanOrEqual(NARROW_WIDTH);
    expect(() => katex.renderToString(displayTex([narrow], new Map([['f1', 9]])), { ...KATEX_OPTIONS, displayMode: true })).not.toThrow();
  });

  it('breaks a constraint inside its closing factor and before its relation: the compass foot f₁ fits the phone (it was cut off at 390 px)', () => {
    const f1 = equation('f1', 'f_{1}', ['\\frac{1}{2} (2 y_{c} + l (\\cos\\alpha \\cos\\psi - 2 \\cos(\\alpha + \\psi))) \\ge 0']);
    const narrow = narrowRow(f1, texWidth('f_{1}'));
    expect(narrow.lines.map((l) => l.after.replace('\\quad {}', ''))).toEqual([
      '= \\frac{1}{2} \\bigl(2 y_{c} + l \\bigl(\\cos\\alpha \\cos\\psi',
      '- 2 \\cos(\\alpha + \\psi)\\bigr)\\bigr) \\ge 0',
    ]);
    expect(widest([narrow])).toBeLessThanOrEqual(NARROW_WIDTH);
    expect(() => katex.renderToString(displayTex([narrow], new Map([['f1', 3]])), { ...KATEX_OPTIONS, displayMode: true })).not.toThrow();
  });

  it('breaks inside a wide \\left( … \\right) factor, set as \\Bigl( … \\Bigr): the compass’s contact phase ẍ_c (it scrolled at 390 px)', () => {
    const xc = equation('x', '\\ddot{x}_{c}', [
      '\\frac{1}{16} \\bigl(\\frac{3 g}{1 + 3 \\sin^{2}\\alpha} \\left(3 \\sin 2 \\psi + \\frac{1}{2} \\sin(2 (\\alpha - \\psi)) - \\frac{9}{2} \\sin(2 (\\alpha + \\psi))\\right) + 4 l \\dot{\\psi}^{2} \\bigl(\\sin(\\alpha - \\psi) + 3 \\sin(\\alpha + \\psi)\\bigr)\\bigr)',
    ]);
    const narrow = narrowRow(xc, texWidth('\\ddot{x}_{c}'));
    const joined = narrow.lines.map((l) => l.after.replace('\\quad {}', '')).join(' ');
    expect(joined).toContain('\\Bigl(3 \\sin 2 \\psi');
    expect(joined).not.toContain('\\left(');
    expect(joined.replace('\\Bigl(', '\\left(').replace('\\Bigr)', '\\right)')).toBe(xc.lines[0]!.after);
    expect(widest([narrow])).toBeLessThanOrEqual(NARROW_WIDTH);
    expect(() => katex.renderToString(displayTex([narrow], new Map([['x', 15]])), { ...KATEX_OPTIONS, displayMode: true })).not.toThrow();
  });

  it('breaks before ≈: α₀ = arcsin(1/√3) ≈ 0.615480 ≈ 35°16′ on two lines', () => {
    const rows = narrowRows([
      equation(
        'a0',
        '\\alpha_0',
        "= \\arcsin\\left(\\frac{1}{\\sqrt{3}}\\right) \\approx 0.615480 \\approx 35^\\circ 16' \\approx 0.615480 \\approx 35^\\circ 16'",
      ),
    ]);
    const lines = rows?.[0]?.lines ?? [];
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[1]?.after).toMatch(/^\\quad \{\}\\approx/);
  });

  it('stacks rows whose left side leaves too little room: each paper result’s name on a line of its own (the compass’s (1.7)–(1.9))', () => {
    const rows = [
      equation('r1', '[\\dot{x}_c]\\ \\text{(B leaves)}\\ \\text{(1.7)}', '\\frac{3 l \\dot{\\psi}^{-} \\cos\\alpha \\sin^{2}\\alpha}{1 + 3 \\sin^{2}\\alpha}'),
      equation(
        'r2',
        'E_{R_{1x}} + E_{R_{2x}}\\ \\text{(B leaves)}\\ \\text{(1.8)}',
        '\\frac{3 m l \\dot{\\psi}^{-} \\sin\\alpha \\sin 2 \\alpha}{1 + 3 \\sin^{2}\\alpha}',
      ),
    ];
    const narrow = narrowRows(rows)!;
    expect(narrow.map((r) => r.lines.map((l) => l.before + l.after))).toEqual([
      ['[\\dot{x}_c]\\ \\text{(B leaves)}\\ \\text{(1.7)}', '\\quad {}= \\frac{3 l \\dot{\\psi}^{-} \\cos\\alpha \\sin^{2}\\alpha}{1 + 3 \\sin^{2}\\alpha}'],
      [
        'E_{R_{1x}} + E_{R_{2x}}\\ \\text{(B leaves)}\\ \\text{(1.8)}',
        '\\quad {}= \\frac{3 m l \\dot{\\psi}^{-} \\sin\\alpha \\sin 2 \\alpha}{1 + 3 \\sin^{2}\\alpha}',
      ],
    ]);
    expect(widest(narrow)).toBeLessThan(widest(rows));
    // A short name beside a matrix too wide either way stays beside it.
    const M = [equation('M', 'M', '\\begin{pmatrix} 2 m + m_{H} & 0 & m b \\cos a_{1} & m b \\cos a_{2} & m b \\cos a_{2} & m b \\cos a_{2} \\end{pmatrix}')];
    expect(narrowRows(M)?.[0]?.lines[0]?.before ?? 'M').toBe('M');
  });

  it('keeps a row with nothing to its right beside a wide one (the prism’s friction variants)', () => {
    const rows = [
      { lines: [{ before: '\\Phi', after: '' }] },
      equation('w', 'x', 'a + b + c + d + e + f + g + h + i + j + k + l + m + n + o + p + q + r + s + t + u + v'),
    ];
    expect(() => narrowRows(rows)).not.toThrow();
    expect(widest(narrowRows(rows)!)).toBeLessThanOrEqual(NARROW_WIDTH);
  });

  it('lists a square matrix too wide for the phone by its entries: the double pendulum’s M, M_12 = m₂l₁l₂cos(q₁ − q₂) once (kugushev2002 §9)', () => {
    const m12 = 'm_{2} l_{1} l_{2} \\cos(q_{1} - q_{2})';
    const M = matrixEquation('mass-matrix', 'M', [
      ['l_{1}^{2} (m_{1} + m_{2})', m12],
      [m12, 'm_{2} l_{2}^{2}'],
    ]);
    expect(widest([M])).toBeGreaterThan(NARROW_WIDTH);
    const narrow = narrowRows([M])!;
    expect(narrow.map((r) => `${r.lines[0]!.before} ${r.lines[0]!.after}`)).toEqual([
      'M = M^{\\top} = (M_{ij}),\\ i, j = 1, \\dots, 2',
      'M_{11} = l_{1}^{2} (m_{1} + m_{2})',
      `M_{12} = ${m12}`,
      'M_{22} = m_{2} l_{2}^{2}',
    ]);
    // The number stays with the matrix's own row; the entries are unnumbered, and every line fits.
    expect(narrow.map((r) => r.label)).toEqual(['mass-matrix', undefined, undefined, undefined]);
    expect(widest(narrow)).toBeLessThanOrEqual(NARROW_WIDTH);
    expect(() => katex.renderToString(displayTex(narrow, new Map([['mass-matrix', 7]])), { ...KATEX_OPTIONS, displayMode: true })).not.toThrow();
    // A matrix that is not symmetric lists every entry.
    const A = matrixEquation('a', 'A', [
      [m12, '1'],
      ['0', m12],
    ]);
    expect(narrowRows([A])!.map((r) => r.lines[0]!.before)).toEqual(['A', 'A_{11}', 'A_{12}', 'A_{21}', 'A_{22}']);
  });

  it('leaves displays that already fit alone', () => {
    expect(narrowRows([equation('a', 'x', 'y + 1')])).toBeUndefined();
  });
});

describe('topTerms inside a function', () => {
  it('never breaks inside the argument of a function or a plain bracket', () => {
    expect(topTerms('= a \\sin(q_{1} - q_{2}) + b [c + d] - e')).toEqual(['= a \\sin(q_{1} - q_{2})', '+ b [c + d]', '- e']);
  });
  it('breaks inside \\bigl( … \\bigr), which the printer sets to be broken', () => {
    expect(topTerms('= l \\bigl(a + b \\cos(x + y)\\bigr)')).toEqual(['= l \\bigl(a', '+ b \\cos(x + y)\\bigr)']);
  });
});

describe('breakableInline', () => {
  it('lets inline math break after top-level commas only, once', () => {
    expect(breakableInline('d\\mu_{1}, d\\nu_{1}, f(a, b)')).toBe('d\\mu_{1},\\allowbreak d\\nu_{1},\\allowbreak f(a, b)');
    expect(breakableInline('x = 0,\\allowbreak y, z')).toBe('x = 0,\\allowbreak y,\\allowbreak z');
    expect(breakableInline('\\mathrm{d}\\mu_{1},\\ \\mathrm{d}\\nu_{1}')).toBe('\\mathrm{d}\\mu_{1},\\allowbreak\\ \\mathrm{d}\\nu_{1}');
    expect(breakableInline('\\left\\{a, b\\right\\}, c')).toBe('\\left\\{a, b\\right\\},\\allowbreak c');
  });
});
