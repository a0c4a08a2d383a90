// A contact law lives in one place per stage: what a stage knows of a law
// is its entry in that stage's registry (a record keyed by ImpactLaw['kind']
// or RealizedLaw['kind'], so a new law does not compile without one), and
// nothing else in src/ asks a law which kind it is — no `switch` on a law's
// kind, no comparison of a kind with a law's name. Adding a law is then one
// entry per registry, never an edit of a switch somewhere else. The
// realized laws' registries (validate/compliant.ts, derive/compliant/
// compliant.ts, report/compliant.ts) hold records, not comparisons, so
// they need no exemption.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/examples.js';

/** The files that may ask a law its kind: the impact laws' registries and the runtime's readers of the contract's records. */
const REGISTRIES = [
  'src/model/impact-laws.ts',
  'src/derive/unilateral/impact-laws.ts',
  'src/codegen/impact-laws.ts',
  'src/report/impact-laws.ts',
  // The runtime reads the generated contract's records: it tells only a sticking law apart,
  'src/runtime/contact/impact-law.ts',
  // and a compliant contact (which switches) from a gap potential (which acts everywhere).
  'src/runtime/contact/compliant-switching.ts',
];

const LAW = `'(?:newton|plastic|w-law|stick|compliant|potential)'`;
/** A dispatch on an impact law's kind: a switch on a law's kind, a case of a law, a kind compared with a law. */
const DISPATCH: readonly RegExp[] = [
  /switch\s*\([^)]*\blaw\??\.kind\s*\)/,
  new RegExp(`\\bcase\\s+${LAW}\\s*:`),
  new RegExp(`\\bkind\\s*[!=]==?\\s*${LAW}`),
  new RegExp(`${LAW}\\s*[!=]==?\\s*[\\w.?!]*\\bkind\\b`),
];

export const dispatches = (line: string): boolean => DISPATCH.some((p) => p.test(line));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith('.ts') ? [path] : [];
  });
}

const sources = files(join(ROOT, 'src'))
  .map((p) => relative(ROOT, p).split('\\').join('/'))
  .sort();

describe('a contact law is asked its kind only in its stage’s registry', () => {
  it.each(sources.filter((f) => !REGISTRIES.includes(f)))('%s', (file) => {
    const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
    expect(lines.flatMap((line, i) => (dispatches(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []))).toEqual([]);
  });

  it('the exempt files exist and name the laws', () => {
    for (const file of REGISTRIES) expect(readFileSync(join(ROOT, file), 'utf8'), file).toMatch(new RegExp(LAW));
  });

  it('catches the dispatches it forbids and passes what is not one', () => {
    expect(dispatches('  switch (c.constraint.law.kind) {')).toBe(true);
    expect(dispatches('  switch (u.law?.kind) {')).toBe(true);
    expect(dispatches("    case 'w-law':")).toBe(true);
    expect(dispatches("  if (law?.kind === 'stick') {")).toBe(true);
    expect(dispatches("u.law.kind !== 'newton'")).toBe(true);
    expect(dispatches("'plastic' === law.kind")).toBe(true);
    expect(dispatches("  if (c.law.kind === 'potential') {")).toBe(true);
    expect(dispatches("  | { readonly kind: 'stick'; readonly tangent: Expr };")).toBe(false);
    expect(dispatches("    if (mode === 'stick') return loaded;")).toBe(false);
    expect(dispatches("const kind = u.friction ? 'coulomb' : sticks(u.law) ? 'stick' : 'frictionless';")).toBe(false);
  });
});
