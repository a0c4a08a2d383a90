// `derive --pdf`: a report's .tex compiled with pdflatex into the PDF beside
// it, run again while LaTeX asks for it (cross-references, the bibliography's
// labels), at most MAX_PASSES times. pdflatex is found on PATH; where there
// is none, a named error says so (the .tex is written all the same).
// Tests: test/cli/pdf.test.ts
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { MechanicsError } from '../errors.js';

/** A report needs two passes (labels, then references to them); a third settles page breaks the references moved. */
const MAX_PASSES = 4;
/** What pdflatex's log says when another pass would change the document. */
const RERUN = /Rerun to get (?:cross-references|outlines) right|Label\(s\) may have changed|There were undefined references/;

export interface PdfResult {
  /** The PDF's path, next to the .tex. */
  readonly pdf: string;
  readonly passes: number;
}

/** Compile `tex` (an absolute path) in its own folder; throws a named error when pdflatex is missing or fails. */
export function compilePdf(tex: string, model: string): PdfResult {
  const cwd = dirname(tex);
  const file = basename(tex);
  const log = join(cwd, file.replace(/\.tex$/, '.log'));
  for (let pass = 1; ; pass++) {
    const r = spawnSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', '-no-shell-escape', file], { cwd, stdio: 'ignore' });
    if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new MechanicsError(
        'no-pdflatex',
        'input',
        `--pdf needs pdflatex, which is not installed (not on PATH); ${tex} is written: install TeX Live (e.g. apt-get install texlive-latex-extra) or compile it elsewhere`,
        { model, field: '--pdf' },
      );
    }
    const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
    if (r.status !== 0) {
      const i = text.indexOf('\n!');
      const first = i < 0 ? `pdflatex exited ${r.status ?? r.signal}` : text.slice(i + 1, i + 400).trim();
      throw new MechanicsError('latex-failed', 'input', `pdflatex failed on ${tex} (log: ${log}):\n  ${first}`, { model, field: '--pdf' });
    }
    if (!RERUN.test(text) || pass >= MAX_PASSES) return { pdf: join(cwd, file.replace(/\.tex$/, '.pdf')), passes: pass };
  }
}
