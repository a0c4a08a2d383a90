// Every report has the shape of a journal paper: abstract, introduction
// citing its papers, the model, the equations of motion, results,
// discussion, conclusion, the appendix with the general measure-form
// equations (printed once, not in the body), and References last — in the
// PDF too, where no figure or table may float past them (checked on every
// report's compile in pdflatex.test.ts).
import { describe, expect, it } from 'vitest';
import type { Inline, Section } from '../../src/report/document.js';
import { renderLatexDocument } from '../../src/report/render-latex.js';
import { models, report } from './reports.js';
import { derived } from '../helpers/examples.js';

const TOP = ['introduction', 'system', 'derivation', 'results', 'discussion', 'conclusion', 'appendix', 'references'];
/** Where each part of the derivation belongs, as a journal paper puts it. */
const PARENT: Readonly<Record<string, string>> = {
  model: 'system',
  kinematics: 'system',
  energy: 'system',
  forces: 'system',
  constraints: 'system',
  lagrange2: 'derivation',
  // Hamilton's equations add nothing to a model's derivation: the appendix; the first kind and a linearization go there where they add nothing (parentOf).
  hamilton: 'appendix',
  'contact-phases': 'derivation',
  'impact-maps': 'derivation',
  friction: 'derivation',
  compliant: 'derivation',
  patch: 'derivation',
  // The source paper's general model is derived, so it sits with the equations of motion, before the results it is checked against.
  'general-model': 'derivation',
  'general-energy': 'derivation',
  'general-constraints': 'derivation',
  'general-lagrange2': 'derivation',
  'general-contact-phases': 'derivation',
  'general-impact-maps': 'derivation',
  'periodic-orbit': 'results',
  'paper-results': 'results',
  'paper-check': 'results',
  'rigid-limit': 'results',
  simulation: 'results',
  basin: 'results',
  'measure-form': 'appendix',
  conventions: 'appendix',
};

/**
 * Where a part goes for this model: the first kind in the derivation only
 * where it has multipliers besides the contacts' (retaining constraints,
 * rough supports, hinges with friction); a linearization in the results only
 * where some verdict is decided and no rigid-limit study stands beside it.
 */
function parentOf(name: string, id: string): string {
  const { doc, file } = byName(name);
  if (id === 'lagrange1') {
    const system = derived(file.spec);
    return system.constraints || system.supports || system.hinges.length ? 'derivation' : 'appendix';
  }
  if (id === 'linearization') {
    // Beside a rigid-limit study the subject is N → ∞, not small motions at one N (kozlov1988 Theorem 1's pendulum).
    if (file.spec.limitStudy) return 'appendix';
    const table = doc.sections.find((s) => s.id === 'linearization')!.blocks.find((b) => b.kind === 'table');
    const verdicts = table?.kind === 'table' ? table.rows.map((r) => text(r.at(-1)!)) : [];
    // A rest every contact pins (the bouncing ball on its floor) is no result of the linearization either.
    return verdicts.some((v) => !v.includes('does not decide') && !v.includes('pinned by its contacts')) ? 'results' : 'appendix';
  }
  return PARENT[id] ?? 'results';
}

const text = (xs: readonly Inline[]): string =>
  xs.map((x) => (typeof x === 'string' ? x : 'math' in x ? `$${x.math}$` : 'ref' in x ? `[${x.ref}]` : x.code)).join('');
const byName = (name: string) => report(models.find((m) => m.spec.name === name)!);
const names = models.map((m) => [m.spec.name] as const);

/** Each subsection with the section it sits in. */
function parents(sections: readonly Section[]): [string, string][] {
  let top = '';
  return sections.flatMap((s): [string, string][] => {
    if (s.level !== 2) {
      top = s.id;
      return [];
    }
    return [[s.id, top]];
  });
}

describe('a report as a journal paper', () => {
  it.each(names)('%s: its sections in the paper’s order, each part in its section, References last', (name) => {
    const { doc } = byName(name);
    const top = doc.sections.filter((s) => s.level !== 2).map((s) => s.id);
    expect(top.filter((id) => id !== 'results')).toEqual(TOP.filter((id) => id !== 'results'));
    expect(top.indexOf('results')).toBe(top.includes('results') ? 3 : -1);
    expect(doc.sections.at(-1)!.id).toBe('references');
    for (const [id, parent] of parents(doc.sections)) expect(`${id} in ${parent}`).toBe(`${id} in ${parentOf(name, id)}`);
    // The appendix and everything in it is lettered; nothing before it is.
    const first = doc.sections.findIndex((s) => s.appendix);
    expect(doc.sections[first]!.id).toBe('appendix');
    expect(doc.sections.slice(first, -1).every((s) => s.appendix)).toBe(true);
  });

  it.each(names)('%s: an abstract of its own (its coordinates, what is derived), an introduction citing its papers by key', (name) => {
    const { doc, file } = byName(name);
    const abstract = text(doc.abstract);
    expect(abstract.split('. ').length).toBeGreaterThanOrEqual(2);
    expect(abstract).toContain('Lagrange’s equations');
    // The system by name: its title up to the citation in parentheses.
    expect(abstract.toLowerCase()).toContain(
      doc.title
        .split(' (')[0]!
        .toLowerCase()
        .replace(/^(a|an) /, ''),
    );
    const others = models.filter((m) => m.spec.name !== name).map((m) => text(byName(m.spec.name).doc.abstract));
    expect(others).not.toContain(abstract);
    const intro = doc.sections.find((s) => s.id === 'introduction')!;
    const cites = intro.blocks.flatMap((b) => (b.kind === 'paragraph' ? b.content : [])).flatMap((x) => (typeof x === 'object' && 'ref' in x ? [x.ref] : []));
    for (const key of ['kugushev2002', ...(file.spec.sources ?? [])]) expect(cites).toContain(`cite:${key}`);
    expect(cites.filter((c) => c.startsWith('cite:')).every((c) => doc.citations.includes(c.slice(5)))).toBe(true);
  });

  it.each(names)('%s: the measure-form equations once, in the appendix (with contacts: the first kind, a contact phase, an impact)', (name) => {
    const { doc } = byName(name);
    const where = (label: string): string[] =>
      doc.sections.filter((s) => s.blocks.some((b) => b.kind === 'equations' && b.rows.some((r) => r.label === label))).map((s) => s.id);
    for (const label of ['lagrange2-measure', 'hamilton-q', 'hamilton-p']) expect(where(label), label).toEqual(['measure-form']);
    // Rigid contacts (impact maps); contacts realized by forces have no measures.
    const contacts = doc.sections.some((s) => s.id === 'impact-maps');
    for (const label of ['lagrange1', 'contact-phase', 'impact'])
      expect(where(label), label).toEqual(contacts ? ['measure-form'] : label === 'lagrange1' ? where(label).filter((id) => id === 'lagrange1') : []);
  });

  it.each(names)('%s: in the .tex, every figure and table before the float barrier that precedes the References', (name) => {
    const tex = renderLatexDocument(byName(name).doc);
    const bibliography = tex.indexOf('\\begin{thebibliography}');
    const barrier = tex.lastIndexOf('\\FloatBarrier', bibliography);
    expect(bibliography).toBeGreaterThan(0);
    expect(tex.slice(barrier, bibliography).trim()).toBe('\\FloatBarrier');
    expect(tex.slice(bibliography)).not.toMatch(/\\begin\{(figure|table)\}|\\(sub)?section\{/);
    expect(tex.slice(barrier)).not.toMatch(/\\begin\{(figure|table)\}/);
    expect(tex).toContain('\\usepackage{placeins}');
    // Each section's floats stay in it: a barrier before every section (the results' figures drifted past the Discussion).
    expect(tex.match(/\\section\{/g)!.length).toBe(tex.match(/\\FloatBarrier\n\n(\\appendix\n)?\\section\{/g)?.length);
  });
  // A title that starts with its article ("The 2-periodic orbit of …") is not given another ("For the the …").
  it.each(names)('%s: no article doubled in its prose', (name) => {
    expect(renderLatexDocument(byName(name).doc).match(/\b(the|an?) (the|an?)\b/gi) ?? []).toEqual([]);
  });
});
