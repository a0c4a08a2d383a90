// kozlov1988 Fig. 1 printed (src/report/realizations.ts) from a study given
// here by hand: one figure with a curve and a legend entry per realization,
// in SVG and TikZ, the caption citing the figure with the runs' parameters,
// and a table of the times each motion leaves the constraint, a dash where
// it never does.
import { describe, expect, it } from 'vitest';
import { SERIES_STYLES } from '../../src/report/plot.js';
import { realizationsSection } from '../../src/report/realizations.js';
import type { RealizationsStudy } from '../../src/studies/realizations.js';

const study: RealizationsStudy = {
  contact: 'line',
  params: { N: 100 },
  cut: 0.03,
  t: [0, 1, 2, 3],
  runs: [
    { label: 'elastic', gap: [0, -0.02, Number.NaN, Number.NaN], leaves: 1.1028237753 },
    { label: 'added mass', gap: [0, -0.005, -0.0099, -0.005], leaves: 2 + Math.SQRT2 },
    { label: 'held', gap: [0, -0.01, -0.01, -0.01], leaves: Number.NaN },
  ],
};

describe('the realizations compared (kozlov1988 Fig. 1)', () => {
  const section = realizationsSection(study);
  const figure = section.blocks.find((b) => b.kind === 'figure');
  const table = section.blocks.find((b) => b.kind === 'table');

  it('draws one curve per realization in one figure, for the page and for the PDF, each named in the legend', () => {
    expect(section.id).toBe('realizations');
    expect(figure?.kind === 'figure' && figure.legend.map((l) => l.label)).toEqual(['\\text{elastic}', '\\text{added mass}', '\\text{held}']);
    const svg = figure?.kind === 'figure' ? figure.svg : '';
    // The wide layout and the phone's, each with three curves.
    expect(svg.match(/class="series"/g)).toHaveLength(6);
    expect(figure?.kind === 'figure' && figure.tikz?.picture).toContain('\\begin{tikzpicture}');
  });

  it('cites Fig. 1 with the runs’ parameters and the band drawn', () => {
    const caption = figure?.kind === 'figure' ? figure.caption : [];
    const text = caption.map((c) => (typeof c === 'string' ? c : 'math' in c ? c.math : '')).join('');
    expect(text).toContain('Kozlov Fig. 1');
    // Each run with the line the plot draws it in (the legend's order: solid, dashed, dotted), not the paper's styles.
    expect(text).toContain(': elastic (solid), added mass (dashed), held (dotted); drawn up to');
    // Kozlov's Fig. 1 draws only the elastic and the added-mass curves; the viscous one he calls like the added-mass one.
    expect(text).toContain('Kozlov Fig. 1 draws the elastic (solid) and the added-mass (dashed) realizations only');
    expect(text).toContain('the viscous one, in his words, is qualitatively like the added-mass one');
    expect(text).not.toContain('Fig. 1 from the toolkit');
    expect(text).toContain('N = 100');
    expect(text).toContain('f = 0.03');
  });

  it('names each line by its dash pattern, as a caption says it: solid without one, dotted of dots, dashed of dashes, dash-dot of both', () => {
    for (const { dash, line } of SERIES_STYLES) {
      // The drawn lengths of the pattern (its even entries): a dot is under 2 px, a dash longer.
      const on = (dash ?? '')
        .split(' ')
        .filter((_, i) => i % 2 === 0 && dash)
        .map(Number);
      const dots = on.filter((x) => x < 2).length;
      const kind = !on.length ? 'solid' : dots === on.length ? 'dotted' : dots === 0 ? 'dashed' : dots === 1 ? 'dash-dotted' : 'dash-dot-dotted';
      expect(line.endsWith(kind) && (kind !== 'dashed' || !line.includes('dot'))).toBe(true);
    }
  });

  it('says a motion leaves later, flying back, where the force vanishes inside the constraint only where some run does so', () => {
    const words = (sec: typeof section): string =>
      sec.blocks.flatMap((b) => (b.kind === 'paragraph' ? b.content.map((c) => (typeof c === 'string' ? c : '')) : [])).join('');
    expect(words(section)).not.toContain('without adhesion');
    // kozlov1988 (2.4): the damper without adhesion lets go below the line, at y = −g/N, and the point flies back.
    const freed = { ...study, runs: [...study.runs, { label: 'no-adhesion', gap: [0, -0.001, 0, 0.01], leaves: 1.0447, inside: true as const }] };
    expect(words(realizationsSection(freed))).toContain('later where it vanishes inside it (without adhesion) and the point flies back to it.');
  });

  it('tabulates when each leaves the constraint, to six digits, a dash for one that never does', () => {
    const rows = table?.kind === 'table' ? table.rows : [];
    expect(rows.map((r) => [r[0]![0], typeof r[1]![0] === 'string' ? r[1]![0] : (r[1]![0] as { math: string }).math])).toEqual([
      ['elastic', '1.10282'],
      ['added mass', '3.41421'],
      ['held', '—'],
    ]);
  });
});
