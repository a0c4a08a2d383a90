// `derive --pdf`: the report's PDF beside its .tex, compiled until LaTeX
// asks for no further pass; without pdflatex on PATH, a named error (the
// .tex and the index still written), said once for all models.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BALL, cli, projectWith } from './run-cli.js';

const HAVE_PDFLATEX = spawnSync('pdflatex', ['--version'], { stdio: 'ignore' }).status === 0;

describe('derive --pdf', () => {
  it.runIf(HAVE_PDFLATEX)('writes DIR/docs/reports/<model>.pdf beside the .tex, its cross-references resolved', async () => {
    const dir = projectWith('ball.ts', BALL);
    const out = join(dir, 'out');
    const r = await cli('derive', join(dir, 'ball.ts'), '--out', out, '--pdf');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const passes = Number(/ball: .*ball\.pdf \(pdflatex, (\d) passes\)/.exec(r.stdout)?.[1]);
    // One pass leaves the equation references undefined; the next resolves them.
    expect(passes).toBeGreaterThanOrEqual(2);
    expect(readFileSync(join(out, 'docs/reports/ball.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    const log = readFileSync(join(out, 'docs/reports/ball.log'), 'utf8');
    expect(log).toMatch(/Output written on ball\.pdf/);
    expect(log).not.toMatch(/undefined references|Reference `[^']*' on page \d+ undefined|Rerun to get/);
  });

  it('says plainly, once, that pdflatex is not installed; the reports and the index are written', async () => {
    const dir = projectWith('ball.ts', BALL);
    writeFileSync(join(dir, 'ball2.ts'), BALL.replace("name: 'ball'", "name: 'ball2'"));
    const out = join(dir, 'out');
    const path = process.env.PATH;
    process.env.PATH = join(dir, 'no-bin');
    let r: Awaited<ReturnType<typeof cli>>;
    try {
      r = await cli('derive', join(dir, 'ball.ts'), join(dir, 'ball2.ts'), '--out', out, '--pdf');
    } finally {
      process.env.PATH = path;
    }
    expect(r.code).toBe(1);
    expect(r.stderr.match(/error \[no-pdflatex\]/g)).toHaveLength(1);
    expect(r.stderr).toContain("[model 'ball', field '--pdf'] --pdf needs pdflatex, which is not installed (not on PATH)");
    expect(r.stderr).not.toContain('    at ');
    for (const f of ['ball.tex', 'ball2.tex', 'index.html']) expect(existsSync(join(out, 'docs/reports', f)), f).toBe(true);
    expect(existsSync(join(out, 'docs/reports/ball.pdf'))).toBe(false);
  });

  it('--pdf with --no-report is a usage error', async () => {
    const r = await cli('derive', 'bouncing-ball', '--pdf', '--no-report');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--pdf compiles the report');
  });
});
