// npm run bench:playground: the playground's budgets (≤ 2 MB gzipped, shown
// within 300 ms of the last keystroke) as
// one JSON line, { bench: 'playground', bundleGzipBytes, deriveShowMs, … }:
// the built page (docs/playground/, KaTeX's fonts apart) gzipped, and the
// time from the last keystroke in the editor to the double pendulum's
// derivation shown in headless Chromium, the debounce included (median of
// REPS edits of its potential; workerMs is the part spent deriving in the worker, phasesMs
// its parts). The machine is shared: loadAverage says how busy it was.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { loadavg } from 'node:os';
import { median, round } from './stats.js';

const CHROMIUM = '/usr/bin/chromium';
const REPS = 7;
/** Typed into the potential and deleted again, in turns. */
const SPRING = ' + q1^2';

/** The repository: the nearest folder above this file with a package.json (bench/ from source, dist/ compiled). */
function root(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) || dir.endsWith('dist')) dir = dirname(dir);
  return dir;
}

/** Every file of the built page except KaTeX's fonts, gzipped one by one. */
export function bundleGzipBytes(site: string): number {
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
  return walk(site)
    .filter((f) => !f.includes(`${join('katex', 'fonts')}`))
    .reduce((sum, f) => sum + gzipSync(readFileSync(f), { level: 9 }).length, 0);
}

/** The page's record of one derivation (playground/main.ts), performance.now() times. */
interface Timing {
  readonly edit: number;
  readonly sent: number;
  readonly received: number;
  readonly shown: number;
  readonly workerMs: number;
  readonly phases: Readonly<Record<string, number>>;
}

export async function measurePlayground(site: string): Promise<Record<string, unknown>> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const loadStart = Date.now();
    await page.goto(`${pathToFileURL(join(site, 'index.html')).href}#example=double-pendulum`);
    await page.waitForFunction('window.playground.timings.length === 1', undefined, { timeout: 60_000 });
    const firstShowMs = Date.now() - loadStart;
    // Each edit changes the equations: a spring q1² added to V, then removed.
    await page.locator('.cm-line', { hasText: 'potential:' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    for (let k = 0; k < REPS; k++) {
      // One change each (typed keys on a starved CPU can be derived half-way, ' + q1^' with them).
      if (k % 2 === 0) await page.keyboard.insertText(SPRING);
      else {
        for (let i = 0; i < SPRING.length; i++) await page.keyboard.press('Shift+ArrowLeft');
        await page.keyboard.press('Backspace');
      }
      await page.waitForFunction(`window.playground.timings.length >= ${k + 2} || !document.querySelector('#errors').hidden`, undefined, { timeout: 60_000 });
      // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the text as shown), not the DOM property
      if (await page.locator('#errors').isVisible()) throw new Error(`the edit broke the model: ${await page.locator('#errors').innerText()}`);
      await page.waitForTimeout(1000);
    }
    const timings = (await page.evaluate('window.playground.timings')) as Timing[];
    const edits = timings.slice(1);
    return {
      deriveShowMs: round(median(edits.map((t) => t.shown - t.edit)), 1),
      workerMs: round(median(edits.map((t) => t.workerMs)), 1),
      waitMs: round(median(edits.map((t) => t.sent - t.edit)), 1),
      replyMs: round(median(edits.map((t) => t.received - t.sent)), 1),
      renderMs: round(median(edits.map((t) => t.shown - t.received)), 1),
      phasesMs: Object.fromEntries(Object.keys(edits[0]!.phases).map((k) => [k, round(median(edits.map((t) => t.phases[k]!)), 1)])),
      firstShowMs,
    };
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const site = join(root(), 'docs', 'playground');
  if (!existsSync(join(site, 'index.html'))) throw new Error(`${site} is not built: run npm run build:playground`);
  console.log(
    JSON.stringify({
      bench: 'playground',
      model: 'double-pendulum',
      bundleGzipBytes: bundleGzipBytes(site),
      ...(await measurePlayground(site)),
      loadAverage: round(loadavg()[0]!, 1),
    }),
  );
}
