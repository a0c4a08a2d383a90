// pdflatex in batch mode for the tests that compile reports: whether it is
// installed, a compile with its log, and the first error of a log.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function which(cmd: string): Promise<boolean> {
  try {
    await run('sh', ['-c', `command -v ${cmd}`]);
    return true;
  } catch {
    return false;
  }
}

export const HAVE_PDFLATEX = await which('pdflatex');
export const INSTALL = 'install it with .ci/install-system-deps.sh (apt-get install texlive-latex-base texlive-latex-recommended texlive-latex-extra)';

/** pdflatex in batch mode; the log whatever happens. */
export async function pdflatex(dir: string, file: string): Promise<{ ok: boolean; log: string }> {
  try {
    await run('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', '-no-shell-escape', file], { cwd: dir, timeout: 600_000 });
    return { ok: true, log: readFileSync(join(dir, file.replace(/\.tex$/, '.log')), 'utf8') };
  } catch {
    let log = '';
    try {
      log = readFileSync(join(dir, file.replace(/\.tex$/, '.log')), 'utf8');
    } catch {
      /* no log */
    }
    return { ok: false, log };
  }
}

/** The first error of a LaTeX log, with its context. */
export const firstError = (log: string): string => {
  const i = log.indexOf('\n!');
  return i < 0 ? log.slice(-1500) : log.slice(i, i + 800);
};
