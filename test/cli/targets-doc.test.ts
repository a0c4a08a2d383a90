// docs/targets.md's compass in Python, run as it stands: its sh block in a
// folder laid out as the toolkit's (its derivations/ and built dist/), with its script written from the doc's block. What the
// script prints is checked against the TypeScript runtime's `simulate` of
// the same model from the model's initial state (the state the script
// builds from rubanovich1981 §1's stance on foot B): the impact times, and
// the energy before and after each impact from the TypeScript module's
// `energy` at the run's pre- and post-impact velocities; the energy drift
// between impacts against 0, the conservation while a foot is pinned; the
// energy lost against rubanovich1981 (1.20).
import { execFileSync } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { BUILT, cliProject, fencedBlock } from '../helpers/doc-project.js';
import { committedModule, ROOT } from '../helpers/examples.js';
import { HAVE_SCIPY, IN_CI } from '../helpers/targets.js';

const DOC = readFileSync(join(ROOT, 'docs', 'targets.md'), 'utf8');
const block = (lang: string, marker: string): string => fencedBlock(DOC, 'docs/targets.md', lang, marker);

const READY = BUILT && HAVE_SCIPY;
if (!READY && !IN_CI) console.warn('docs/targets.md’s compass script is not run: it needs npm run build, and python3 with NumPy and SciPy.');

/** The model's defaults, the script's parameters. */
const [M, ALPHA, G] = [1, 0.3, 9.81];
const LINE = /^impact (\d) at t = (\S+) s: drift (\S+) J on the way, energy (\S+) -> (\S+) J, on (footD|footB)$/;

describe.skipIf(!READY && !IN_CI)('docs/targets.md’s compass in Python', () => {
  it('runs as written and impacts as the TypeScript run does', async () => {
    const dir = cliProject('targets-doc-');
    // The toolkit's folder, as the doc says: its derivations and its built CLI.
    symlinkSync(join(ROOT, 'derivations'), join(dir, 'derivations'), 'dir');
    symlinkSync(join(ROOT, 'dist'), join(dir, 'dist'), 'dir');
    writeFileSync(join(dir, 'rock.py'), block('python', '# rock.py'));
    const out = execFileSync('sh', ['-e', '-c', block('sh', 'derive compass')], { cwd: dir, encoding: 'utf8', timeout: 240_000 });
    const lines = out
      .trim()
      .split('\n')
      .filter((s) => s.startsWith('impact '));
    expect(lines).toHaveLength(4);

    const compass = (await committedModule('compass'))!;
    const { q0, qd0 } = compass.model.initial!;
    const run = simulate(compass, { q0, qd0, t1: 1 });
    const impacts = run.events.filter((e) => e.type === 'impact').slice(0, 4);
    expect(impacts).toHaveLength(4);
    const energy = (t: number, q: readonly number[], qd: readonly number[]): number => compass.energy!(t, q, qd, {});
    lines.forEach((line, k) => {
      const m = LINE.exec(line);
      expect(m, line).not.toBeNull();
      const [t, drift, before, after] = m!.slice(2, 6).map(Number) as [number, number, number, number];
      const ts = impacts[k]!;
      expect(Math.abs(t - ts.t)).toBeLessThanOrEqual(1e-6);
      expect(Math.abs(drift)).toBeLessThanOrEqual(1e-8);
      const [eBefore, eAfter] = [energy(ts.t, ts.q, ts.qd), energy(ts.t, ts.q, ts.qdPlus!)];
      expect(Math.abs(before - after - (eBefore - eAfter))).toBeLessThanOrEqual(1e-8);
      expect(Math.abs(before - eBefore)).toBeLessThanOrEqual(1e-7);
      // rubanovich1981 (1.20): the impact takes T⁻(1 − k²), k = (1 − 3 sin²α)/(1 + 3 sin²α), of T⁻ = E − 2mg·yc.
      const k2 = ((1 - 3 * Math.sin(ALPHA) ** 2) / (1 + 3 * Math.sin(ALPHA) ** 2)) ** 2;
      expect(before - after).toBeCloseTo((before - 2 * M * G * ts.q[1]!) * (1 - k2), 7);
      // The foot struck (D first, then B, …) is the one stood on next.
      expect(m![6]).toBe(k % 2 === 0 ? 'footD' : 'footB');
      expect(ts.contacts).toEqual([k % 2 === 0 ? 0 : 1]);
    });
  }, 300_000);
});
