// Rows a paper does not print (PaperFormulaSpec.origin: the toolkit's
// reductions of the paper's equations, its corrected readings) are counted
// apart from the paper's formulas wherever the report sums up the agreement
// (src/report/summary.ts) and marked in the check table (paper-check.ts):
// smirnov1981 prints 13 closed forms of the planar prism (§2) and one Δᵢ (2.4).
// Where the formulas cite both equations and sections (the prism's (2.1), §2
// and §3), the summary counts each group instead of a span that omits some.
import { describe, expect, it } from 'vitest';
import type { Block, Inline } from '../../src/report/document.js';
import { cellText, models, report, tableOf } from './reports.js';

const text = (xs: readonly Inline[]): string => xs.map((x) => (typeof x === 'string' ? x : 'math' in x ? `$${x.math}$` : '')).join('');
const paragraphs = (blocks: readonly Block[]): string[] => blocks.flatMap((b) => (b.kind === 'paragraph' ? [text(b.content)] : []));
const built = (name: string) => report(models.find((m) => m.spec.name === name)!).doc;

describe('the paper’s printed formulas counted apart from the toolkit’s own rows', () => {
  it('the planar prism: 13 of Smirnov’s results (§2’s Δ_ij, N_ij1, N_ij2 at the four (i, j) and its switched Φ); each variant’s term Φ_ij of Φ a reduction, counted apart', () => {
    const doc = built('prism-in-guides-planar');
    const abstract = text(doc.abstract);
    // The abstract says what holds and where; the count is the Discussion's and the table's.
    expect(abstract).toContain('The formulas of Smirnov §2 agree with the derivation');
    expect(abstract).not.toMatch(/\b17\b/);
    expect(abstract).not.toContain('reductions');
    const all = [abstract, ...doc.sections.flatMap((s) => paragraphs(s.blocks))].join('\n');
    expect(all).not.toMatch(/38 results|thirty-eight results|38 of 38/);
    const rows = tableOf(doc.sections.find((s) => s.id === 'paper-check')!).rows;
    expect(rows.filter((r) => cellText(r[0]!).endsWith(', reduced')).map((r) => cellText(r[1]!))).toEqual([
      '\\Phi_{11}',
      '\\Phi_{12}',
      '\\Phi_{21}',
      '\\Phi_{22}',
    ]);
    expect(rows.filter((r) => cellText(r[0]!) === '§2')).toHaveLength(13);
    expect(rows.map((r) => cellText(r[1]!)).filter((q) => /from rest|variants/.test(q))).toEqual([]);
  });

  it('pair 2 fixed on the guides: §2’s a_ps = a⁰ + x as printed disagrees, its corrected a⁰ − x is a row counted apart, named in the Discussion', () => {
    const doc = built('prism-in-guides-planar-fixed');
    const rows = tableOf(doc.sections.find((s) => s.id === 'paper-check')!).rows;
    const a12 = rows.filter((r) => cellText(r[1]!) === 'a_{12}').map((r) => [cellText(r[0]!), cellText(r[2]!), cellText(r[4]!)]);
    expect(a12).toEqual([
      ['§2', 'a_{2} + x', 'no'],
      ['§2, corrected', 'a_{2} - x', 'yes, symbolically'],
    ]);
    const discussion = paragraphs(doc.sections.find((s) => s.id === 'discussion')!.blocks).join('\n');
    expect(discussion).toContain('corrected reading');
  });

  it('the prism: nine formulas of Smirnov checked, six of (2.1) and (2.2), one of §2 and two of §3; M_y as printed differs, its reading and the moment of the reactions counted apart', () => {
    const doc = built('prism-in-guides');
    const groups = '(six of (2.1)–(2.2), one of §2, and two of §3)';
    const intro = paragraphs(doc.sections.find((s) => s.id === 'introduction')!.blocks).join('\n');
    // M_y's a-terms as printed run over s = 1…5 (pairs 1, 2 have no moment about y): the print is counted, the reading is the toolkit's.
    expect(intro).toContain(`sets the paper’s nine formulas ${groups}, typed from the paper, beside the derivation, with the toolkit’s own`);
    expect(text(doc.abstract)).toContain(`Of the nine formulas of Smirnov ${groups} checked, eight agree with the derivation; $M_y$ is corrected`);
    const rows = tableOf(doc.sections.find((s) => s.id === 'paper-check')!).rows.map((r) => cellText(r[0]!));
    expect([
      rows.filter((e) => e === '(2.1)').length,
      rows.filter((e) => e === '(2.2)').length,
      rows.filter((e) => e === '§2').length,
      rows.filter((e) => e === '§3').length,
    ]).toEqual([4, 1, 1, 2]);
    expect(rows.filter((e) => e === '(2.1), corrected')).toHaveLength(1);
    // The moment of the reactions about y, derived from their points and directions, is the toolkit's row that decides.
    expect(rows.filter((e) => e === '(2.1), reduced')).toHaveLength(1);
    // The generating function (1 + 2z)^{6ν−n} is the toolkit's and says nothing the 243 does not: no row.
    expect(rows.filter((e) => e === '§2, reduced')).toHaveLength(0);
    // M_y corrected is a finding about the paper: the abstract states the print, the derived form and why; the
    // conclusion what follows from it; the Discussion counts the print among those that differ.
    const said = (id: string): string => paragraphs(doc.sections.find((s) => s.id === id)!.blocks).join('\n');
    expect(text(doc.abstract)).toContain('Smirnov (2.1) prints $M_y = N_{3} a_{3} - N_{1} a_{1} - N_{2} a_{2}');
    expect(text(doc.abstract)).toContain('the print sums the $a$ terms over $s = 1 \\dots 5$, a misprint');
    expect(said('conclusion')).toContain('solve (2.1) with $M_y$ so corrected');
    expect(said('conclusion')).not.toContain('corrected reading');
    expect(said('discussion')).toContain('$M_y$ as printed does not, and its reading');
    expect(said('discussion')).toContain('the reduction of the paper’s equations $M_y\\ (\\text{moment of the reactions})');
  });

  it('the disk: past two kinds of place, the formulas counted by kind (propositions, corollaries, sections), never “elsewhere”', () => {
    const intro = paragraphs(built('viscoelastic-disk').sections.find((s) => s.id === 'introduction')!.blocks).join('\n');
    expect(intro).not.toContain('elsewhere in the paper');
    const counts = /formulas \((.*?)\), typed from the paper/.exec(intro)![1]!;
    expect(counts).toMatch(/^\d+ of \(2\.3\)–\(12\.5\), /);
    for (const kind of ['of its propositions', 'of its corollaries', 'in the text of its sections']) expect(counts).toContain(kind);
  });

  it('the disk: (12.5) as Kuleshov prints it, 2√(gr) tan α/(εε̃), differs and is said so in the abstract; the other printed formulas counted, not named', () => {
    const doc = built('viscoelastic-disk');
    const abstract = text(doc.abstract);
    expect(abstract).toContain('(12.5) prints $u_x\\ (\\text{steady}) = \\frac{2 \\sqrt{g r} \\tan\\alpha}{\\varepsilon \\tilde{\\varepsilon}}$');
    expect(abstract).toContain('the paper contradicts itself');
    // 47 formulas: (12.5) corrected beside 46 that agree, too many to name in an abstract.
    expect(abstract).toMatch(/of the 47 formulas of Kuleshov et al\. .* checked, 46 agree with the derivation; \$u_x\\ \(\\text\{steady\}\)\$ is corrected/);
    const rows = tableOf(doc.sections.find((s) => s.id === 'paper-check')!).rows;
    const print = rows.find((r) => cellText(r[0]!) === '(12.5), corrected')!;
    expect(cellText(print[4]!)).toMatch(/^differs; the reading: yes/);
  });

  it('the rough hinge: of Smirnov’s two printed results Δᵢ (2.4) disagrees; the typed det and the corrected Δᵢ are the toolkit’s', () => {
    const doc = built('rough-hinge-pendulum');
    const abstract = text(doc.abstract);
    // (2.4), (2.5) twice (example 3's determinant, example 4's contraction) and (2.6)'s three equations; Δᵢ as printed the one that disagrees.
    expect(abstract).toContain('5 of the 6 formulas of Smirnov (2.4)–(2.6) checked agree with the derivation');
    expect(abstract).not.toMatch(/3 of the 4 formulas/);
    // The toolkit's own rows are not the abstract's: it states what is found.
    expect(abstract).not.toContain('corrected reading');
    // Nor the conclusion's: the Discussion names them beside the table that marks them.
    const conclusion = paragraphs(doc.sections.find((s) => s.id === 'conclusion')!.blocks).join('\n');
    expect(conclusion).not.toContain('corrected reading');
    const discussion = paragraphs(doc.sections.find((s) => s.id === 'discussion')!.blocks).join('\n');
    expect(discussion).toContain('the corrected reading $\\tilde{\\Delta}_i\\ \\text{(2.4)}$ agrees');
    expect(discussion).toContain('the reduction of the paper’s equations $\\det\\ \\text{(2.4)}$ agrees');
  });
});
