// A progress bar on stderr for people watching a long run; nothing when
// stderr is not a terminal (a pipe or a log file gets no carriage returns).

const WIDTH = 30;
/** Runs shorter than this never show a bar: it would only flicker. */
const QUIET_MS = 300;

export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr): ((fraction: number) => void) | undefined {
  if (!stream.isTTY) return undefined;
  const started = performance.now();
  let shown = false;
  return (fraction) => {
    if (!shown && performance.now() - started < QUIET_MS && fraction < 1) return;
    if (!shown && fraction >= 1) return;
    shown = true;
    const filled = Math.round(WIDTH * fraction);
    stream.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${(100 * fraction).toFixed(0).padStart(3)}%${fraction >= 1 ? '\n' : ''}`);
  };
}
