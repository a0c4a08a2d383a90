// The papers a report cites, by key (the table is src/model/sources.ts,
// where buildModel checks a model file's keys): a model file names its
// sources (`sources: ['rubanovich1981']`), the measure-form equations always
// cite Kugushev–Sorokina, and the report ends with the References section
// these entries make (numbered [1], [2], … by the renderers, which print
// cite:<key> as that number). The short name is how the text cites a paper at its
// formulas, e.g. “Rubanovich–Formalsky (1.16)”.
// Tests: test/report/bibliography.test.ts.
import { MechanicsError } from '../errors.js';
import { isSourceKey, REFERENCES, type Reference, type SourceKey } from '../model/sources.js';
import { list, REFERENCES_ID, type Block, type Inline, type Section } from './document.js';

/** Every report cites this one: the measure-form equations of motion are its (10.13), (11.3). */
const ALWAYS: SourceKey = 'kugushev2002';

/** The references of a report: Kugushev–Sorokina, then the model's sources in the order given. */
export function citedSources(sources: readonly string[] = [], model = ''): SourceKey[] {
  const unknown = sources.filter((s) => !isSourceKey(s));
  if (unknown.length) {
    throw new MechanicsError(
      'invalid-option',
      'input',
      `unknown source(s) ${unknown.map((u) => `'${u}'`).join(', ')} (known: ${Object.keys(REFERENCES).join(', ')})`,
      { model, field: 'sources' },
    );
  }
  return [...new Set([ALWAYS, ...(sources as SourceKey[])])];
}

// A short name ending in a full stop (“Goswami et al.”) ends the sentence itself.
const entry = (r: Reference): Inline[] => [`${r.authors}. “${r.title}”. ${r.venue}. Cited as ${r.short}${r.short.endsWith('.') ? '' : '.'}`];

/** The running text of a block (math excluded): where a paper is cited by its short name. */
function blockText(b: Block): string[] {
  // A cite:<key> reference as a marker the text cannot contain.
  const inline = (xs: readonly Inline[]): string[] =>
    xs.flatMap((x) => (typeof x === 'string' ? [x] : 'ref' in x && x.ref.startsWith('cite:') ? [`\u0000${x.ref}`] : []));
  switch (b.kind) {
    case 'paragraph':
      return inline(b.content);
    case 'list':
      return b.items.flatMap(inline);
    case 'table':
      return [b.caption, ...b.rows.flatMap((r) => r.flatMap(inline))];
    case 'figure':
      return inline(b.caption);
    case 'equations':
      return [];
    default:
      return b satisfies never;
  }
}

/**
 * The sections with References added last, and the keys it lists in
 * order: the declared sources and every paper the text (or the model's
 * title and description) cites by its short name or by cite:<key>.
 */
export function withReferences(
  sections: readonly Section[],
  sources: readonly string[] | undefined,
  model: { readonly name: string; readonly title: string; readonly description?: string },
): { sections: Section[]; citations: SourceKey[] } {
  const text = [model.title, model.description ?? '', ...sections.flatMap((s) => [s.title, ...s.blocks.flatMap(blockText)])].join('\n');
  const cited = (Object.keys(REFERENCES) as SourceKey[]).filter((k) => text.includes(REFERENCES[k].short) || text.includes(`\u0000cite:${k}`));
  const citations = [...new Set([...citedSources(sources, model.name), ...cited])];
  const references: Section = { id: REFERENCES_ID, title: 'References', blocks: [list(...citations.map((k) => entry(REFERENCES[k])))] };
  return { sections: [...sections, references], citations };
}
