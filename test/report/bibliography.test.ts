// References: every report lists the papers its model declares and every
// paper its text cites by name, Kugushev–Sorokina first; unknown keys are
// refused with the known ones named.
import { describe, expect, it } from 'vitest';
import { MechanicsError } from '../../src/errors.js';
import { REFERENCES } from '../../src/model/sources.js';
import { citedSources } from '../../src/report/bibliography.js';
import { renderLatexBody } from '../../src/report/render-latex.js';
import { models, report } from './reports.js';

describe('citedSources', () => {
  it('puts Kugushev–Sorokina first, then the declared sources once each', () => {
    expect(citedSources()).toEqual(['kugushev2002']);
    expect(citedSources(['rubanovich1981', 'kugushev2002', 'rubanovich1981'])).toEqual(['kugushev2002', 'rubanovich1981']);
  });
  it('refuses an unknown key, naming the known ones', () => {
    expect(() => citedSources(['rubanovich1891'], 'compass')).toThrow(MechanicsError);
    expect(() => citedSources(['rubanovich1891'], 'compass')).toThrow(/unknown source\(s\) 'rubanovich1891' \(known: kugushev2002, rubanovich1981/);
  });
});

// Each model's report as `npm run derive` builds it (the run's one build, test/helpers/built-models.ts), not a second
// one of its own from fewer inputs: the references of the report a reader gets.
describe.each(models.map((f) => [f.spec.name, f] as const))('%s', (_name, file) => {
  const { doc } = report(file);
  const refs = doc.sections.find((s) => s.id === 'references');
  const listed = refs?.blocks.flatMap((b) => (b.kind === 'list' ? b.items.map((i) => i.join('')) : [])) ?? [];
  const others = renderLatexBody({ ...doc, sections: doc.sections.filter((s) => s.id !== 'references') });

  it('ends with References, Kugushev–Sorokina first, each entry under its key (cite:<key> prints its number)', () => {
    expect(doc.sections.at(-1)?.id).toBe('references');
    expect(listed[0]).toMatch(/^E\. I\. Kugushev, O\. V\. Sorokina\./);
    expect(doc.citations[0]).toBe('kugushev2002');
    expect(listed.length).toBe(doc.citations.length);
    doc.citations.forEach((k, i) => expect(listed[i]).toContain(REFERENCES[k as keyof typeof REFERENCES].title));
  });

  it('lists every declared source and every paper its text cites by name', () => {
    for (const key of file.spec.sources ?? []) expect(listed.some((l) => l.includes(REFERENCES[key as keyof typeof REFERENCES].title))).toBe(true);
    for (const r of Object.values(REFERENCES)) {
      const cited = others.includes(r.short.replace('–', '--')) || others.includes(r.short);
      if (cited)
        expect(
          listed.some((l) => l.includes(r.title)),
          `${r.short} cited but not listed`,
        ).toBe(true);
    }
  });
});
