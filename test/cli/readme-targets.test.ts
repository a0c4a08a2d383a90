// The README's ball in C and Python, run as it stands: its model file, its
// C program and Python script written from the README's blocks into a
// project folder where `npx mechanics` is the built CLI, then its sh block.
// What the programs print is checked against the closed form of the
// bouncing ball: the first impact at t₁ = √(2y₀/g) with ẏ⁻ = −√(2gy₀),
// ẏ⁺ = −e ẏ⁻, and each flight after an impact at speed v lasting 2v/g.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT, cliProject, fencedBlock } from '../helpers/doc-project.js';
import { ROOT } from '../helpers/examples.js';
import { HAVE_GCC, HAVE_SCIPY, IN_CI } from '../helpers/targets.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const block = (lang: string, marker: string): string => fencedBlock(README, 'README.md', lang, marker);

const READY = BUILT && HAVE_GCC && HAVE_SCIPY;
if (!READY && !IN_CI) console.warn('the README’s C and Python blocks are not run: they need npm run build, gcc, and python3 with NumPy and SciPy.');

describe.skipIf(!READY && !IN_CI)('the README’s ball in C and Python', () => {
  it('runs as written and prints the closed form’s impacts', () => {
    const dir = cliProject('readme-targets-');
    mkdirSync(join(dir, 'models'));
    writeFileSync(join(dir, 'models', 'ball.ts'), block('ts', '// models/ball.ts'));
    writeFileSync(join(dir, 'main.c'), block('c', '/* main.c'));
    writeFileSync(join(dir, 'bounce.py'), block('python', '# bounce.py'));
    const out = execFileSync('sh', ['-e', '-c', block('sh', '--target c')], { cwd: dir, encoding: 'utf8', timeout: 240_000 });
    // After the CLI's lines (what it wrote), the C program's and the script's.
    const [c, py] = out.trim().split('\n').slice(-2);
    const [y0, g, e] = [1, 9.81, 0.8];
    const v = Math.sqrt(2 * g * y0);
    // C: RK4 steps of 1e-4 end at the first step past t₁; ẏ there is −g·t.
    const m = /^impact at t = (\S+) s: ydot (\S+) -> (\S+) m\/s$/.exec(c!);
    expect(m, c).not.toBeNull();
    const [t, before, after] = m!.slice(1).map(Number) as [number, number, number];
    expect(Math.abs(t - Math.sqrt((2 * y0) / g))).toBeLessThanOrEqual(1e-3);
    expect(before).toBeCloseTo(-g * t, 2);
    expect(after).toBeCloseTo(-e * before, 2);
    // Python: the impact times t₁, t₁ + 2ev/g, … to the four decimals printed.
    const times = [Math.sqrt((2 * y0) / g)];
    for (let k = 1; k < 4; k++) times.push(times[k - 1]! + (2 * e ** k * v) / g);
    expect(py).toBe(times.map((x) => x.toFixed(4)).join(' '));
    expect(block('python', '# bounce.py')).toContain(`# ${py}`);
  }, 300_000);
});
