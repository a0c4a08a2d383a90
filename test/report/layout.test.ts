// Displays for a phone: broken again at top-level sums and relations, never
// inside a group, a \left…\right pair or an environment; every line fits.
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { equation } from '../../src/report/document.js';
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
