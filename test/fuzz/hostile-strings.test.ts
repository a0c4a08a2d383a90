// Hostile-strings corpus (injection-safe output): every piece of free user text that reaches generated TypeScript,
// LaTeX or HTML is either rejected with a named error naming its field, or
// comes out inert — the generated module runs no injected code, the LaTeX
// has no live command the author did not write, the HTML no script or
// handler. Names are identifiers (validated), so only free text is tried here.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateModule, TOOLKIT } from '../../src/codegen/module.js';
import { deriveSystem, type DerivedSystem } from '../../src/derive/system.js';
import { MechanicsError } from '../../src/errors.js';
import { buildModel, type ModelSpec } from '../../src/model/index.js';
import { reportFiles } from '../../src/report/report.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { firstError, HAVE_PDFLATEX, pdflatex } from '../helpers/pdflatex.js';

const MARK = '__hostileStringRan';

/** Strings that would run code, read files or inject markup if printed raw. */
const HOSTILE: readonly string[] = [
  `x\nglobalThis.${MARK} = 1;\n//`,
  `*/ globalThis.${MARK} = 1; /*`,
  `\u2028globalThis.${MARK} = 1;`,
  `</script><script>globalThis.${MARK} = 1</script>`,
  `<img src=x onerror="globalThis.${MARK}=1">`,
  '\\input{/etc/hostname}',
  '\\immediate\\write18{touch /tmp/pwned}',
  '$\\input{/etc/hostname}$',
  '}\\end{document}\\input{/etc/hostname}',
  '% & # _ ^ ~ { } \\',
  `\`\${globalThis.${MARK} = 1}\``,
  `' + (globalThis.${MARK} = 1) + '`,
  `" + (globalThis.${MARK} = 1) + "`,
];

/** Free-text fields of a model spec, each as a function putting a string there. */
const FIELDS: Readonly<Record<string, (s: string) => ModelSpec>> = {
  title: (s) => ({ ...ball, title: s }),
  description: (s) => ({ ...ball, description: s }),
  'coordinates[0].description': (s) => ({ ...ball, coordinates: [{ name: 'y', description: s, unit: 'm' }] }),
  'coordinates[0].unit': (s) => ({ ...ball, coordinates: [{ name: 'y', unit: s }] }),
  'parameters.m.description': (s) => ({ ...ball, parameters: { ...ball.parameters, m: { default: 1, description: s } } }),
  'parameters.m.unit': (s) => ({ ...ball, parameters: { ...ball.parameters, m: { default: 1, unit: s } } }),
  'unilateral[0].description': (s) => ({ ...ball, unilateral: [{ ...ball.unilateral![0]!, description: s }] }),
};

const ball: ModelSpec = {
  name: 'hostile-ball',
  title: 'Ball',
  coordinates: [{ name: 'y', unit: 'm' }],
  parameters: { m: { default: 1, unit: 'kg' }, g: { default: 9.81 }, e: { default: 0.5 } },
  kinetic: "m*y'^2/2",
  potential: 'm*g*y',
  unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { newton: 'e' } }],
  initial: { q: { y: 1 }, t1: 1 },
};

/** Live LaTeX commands a report may contain only if its own template writes them. */
const LATEX_DANGER = /\\(input|include|write18|immediate|openout|openin|read|catcode|def|csname|usepackage|end\{document\})/g;
/** Live markup: a script or image element, or an event-handler attribute inside a tag (escaped text is inert). */
const HTML_DANGER = /<script|<img|<[a-z][^>]*\son[a-z]+\s*=/gi;
const count = (text: string, re: RegExp): number => (text.match(re) ?? []).length;
/** LaTeX without its comments (an unescaped % to the end of the line), where text is inert. */
const latexCode = (tex: string): string => tex.replace(/(^|[^\\])%.*$/gm, '$1');

function outputs(spec: ModelSpec): { sys: DerivedSystem; source: string; files: Map<string, string> } | MechanicsError {
  try {
    const sys = deriveSystem(buildModel(spec));
    const { source } = generateModule(sys, 'derivations/hostile-ball.ts');
    return { sys, source, files: reportFiles(sys, { source: 'derivations/hostile-ball.ts', toolkit: TOOLKIT }) };
  } catch (err) {
    if (err instanceof MechanicsError) return err;
    throw err;
  }
}

const clean = outputs(ball);

describe.each(Object.entries(FIELDS))('hostile text in %s', (field, put) => {
  it.each(HOSTILE.map((s) => [JSON.stringify(s), s] as const))('is rejected by name or printed inert: %s', async (_, hostile) => {
    if (clean instanceof MechanicsError) throw clean;
    const out = outputs(put(hostile));
    if (out instanceof MechanicsError) {
      const problems = out.problems.length ? out.problems : [out];
      expect(problems.some((p) => p.kind === 'model' && p.where.field?.startsWith(field.split('.')[0]!.replace(/\[\d+\]$/, '')))).toBe(true);
      return;
    }
    // TypeScript: the module loads and runs nothing of the text.
    delete (globalThis as Record<string, unknown>)[MARK];
    await loadGenerated(out.sys);
    expect((globalThis as Record<string, unknown>)[MARK]).toBeUndefined();
    // LaTeX and HTML: no more live commands or markup than the clean report has.
    for (const [rel, text] of out.files) {
      const base = clean.files.get(rel)!;
      if (rel.endsWith('.tex')) expect(count(latexCode(text), LATEX_DANGER), rel).toBe(count(latexCode(base), LATEX_DANGER));
      if (rel.endsWith('.html')) expect(count(text, HTML_DANGER), rel).toBe(count(base, HTML_DANGER));
    }
  });
});

describe.runIf(HAVE_PDFLATEX || process.env.CI === 'true')('a report with every accepted hostile text', () => {
  /** pdflatex on a document written into dir. */
  const compile = (dir: string, name: string, tex: string): Promise<{ ok: boolean; log: string }> => {
    writeFileSync(join(dir, `${name}.tex`), tex);
    return pdflatex(dir, `${name}.tex`);
  };

  it('compiles with pdflatex and opens no file the text names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mechanics-hostile-'));
    const reports = HOSTILE.flatMap((hostile) => {
      const out = outputs(FIELDS.description!(hostile));
      return out instanceof MechanicsError ? [] : [{ hostile, tex: out.files.get('docs/reports/hostile-ball.tex')! }];
    });
    expect(reports.length).toBeGreaterThan(0);
    // One pdflatex run for all: the reports differ only in their bodies (the description is not in the preamble),
    // so their bodies go one after another into one document, each followed by a mark in the log that shows
    // TeX reached its end still reading (no text of one report swallowed the next).
    const split = reports.map(({ tex }) => {
      const begin = tex.indexOf('\\begin{document}') + '\\begin{document}'.length;
      return { preamble: tex.slice(0, begin), body: tex.slice(begin, tex.lastIndexOf('\\end{document}')) };
    });
    expect(new Set(split.map((x) => x.preamble)).size).toBe(1);
    const mark = (k: number): string => `hostile-report-${k}-typeset`;
    const all = `${split[0]!.preamble}${split.map((x, k) => `${x.body}\n\\clearpage\\typeout{${mark(k)}}\n`).join('')}\\end{document}\n`;
    const batch = await compile(dir, 'hostile-all', all);
    if (batch.ok && reports.every((_, k) => batch.log.includes(mark(k))) && !batch.log.includes('/etc/hostname')) return;
    // Something failed: each report alone names the text to blame.
    for (const [k, { hostile, tex }] of reports.entries()) {
      const alone = await compile(dir, `hostile-${k}`, tex);
      if (!alone.ok) throw new Error(`pdflatex failed on ${JSON.stringify(hostile)}: ${firstError(alone.log)}`);
      // TeX logs every file it opens: the one the text named must not be among them.
      expect(alone.log, JSON.stringify(hostile)).not.toContain('/etc/hostname');
    }
    throw new Error(`every report compiles alone, but not one after another in one document:\n${firstError(batch.log)}`);
  });
});

/**
 * Unicode beyond Latin-1 in every text field at once: the symbols a report
 * spells in LaTeX (≈ was "not set up for use with LaTeX"), other scripts and
 * emoji (printed as their code points), and invisible formatting (U+202E
 * shows text reversed), which buildModel refuses by name.
 */
const UNICODE: readonly (readonly [string, 'accepted' | 'refused'])[] = [
  ['x ≈ 3 ± 0.1, ∞ · ∂ → ⇒ ≠ ∈ √', 'accepted'],
  ['✓ checked • note † ‰ € ™ « » ‹ ›', 'accepted'],
  ['Čapek, Łódź, œuvre, Ångström, µm, ½ ß', 'accepted'],
  ['Привет, 中文, 😀, Þórr', 'accepted'],
  ['a\u202Eb reversed', 'refused'],
  ['zero\u200Bwidth', 'refused'],
];

const everywhere = (s: string): ModelSpec => ({
  ...ball,
  title: s,
  description: s,
  coordinates: [{ name: 'y', description: s, unit: s }],
  parameters: { ...ball.parameters, m: { default: 1, description: s, unit: s } },
  unilateral: [{ ...ball.unilateral![0]!, description: s }],
});

describe('Unicode text in every field', () => {
  it.each(UNICODE.filter(([, verdict]) => verdict === 'refused'))('%j is refused by buildModel with bad-text naming each field', (text) => {
    const out = outputs(everywhere(text));
    expect(out).toBeInstanceOf(MechanicsError);
    const fields = (out as MechanicsError).problems.map((p) => [p.code, p.where.field]);
    expect(fields).toContainEqual(['bad-text', 'title']);
    expect(fields).toContainEqual(['bad-text', 'parameters.m.unit']);
    expect(fields).toContainEqual(['bad-text', 'unilateral[0].description']);
  });

  it.runIf(HAVE_PDFLATEX || process.env.CI === 'true').each(UNICODE.filter(([, verdict]) => verdict === 'accepted'))(
    '%j builds and its report compiles with pdflatex',
    async (text) => {
      const out = outputs(everywhere(text));
      if (out instanceof MechanicsError) throw out;
      const dir = mkdtempSync(join(tmpdir(), 'mechanics-unicode-'));
      writeFileSync(join(dir, 'unicode.tex'), out.files.get('docs/reports/hostile-ball.tex')!);
      const { ok, log } = await pdflatex(dir, 'unicode.tex');
      expect(ok, firstError(log)).toBe(true);
    },
  );
});
