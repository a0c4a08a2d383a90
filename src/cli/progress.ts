// Progress on stderr for people watching a long run: on a terminal, one line
// redrawn with carriage returns; elsewhere (a pipe, a log file) nothing,
// unless --progress asks for it, and then whole lines a log can keep.
// Tests: test/cli/progress.test.ts

const WIDTH = 30;
/** Terminal runs shorter than this never show progress: it would only flicker. */
const QUIET_MS = 300;
/** Lines written to a log (--progress, not a terminal): one per tenth of the run. */
const LOG_STEP = 0.1;

export interface ProgressOptions {
  /** --progress: report even when the stream is not a terminal. */
  readonly force?: boolean;
  readonly stream?: NodeJS.WriteStream;
}

/** The option every long-running command takes. */
export const PROGRESS_OPTION = { '--progress': { kind: 'flag' } } as const;
export const PROGRESS_HELP = '  --progress             show progress on stderr even when it is not a terminal (a terminal always shows it)';

/** A bar of the fraction done, or undefined when nobody is watching. */
export function progressBar(label: string, opts: ProgressOptions = {}): ((fraction: number) => void) | undefined {
  const stream = opts.stream ?? process.stderr;
  if (!stream.isTTY) {
    if (!opts.force) return undefined;
    let next = 0;
    return (fraction) => {
      if (fraction < next) return;
      stream.write(`${label}: ${(100 * fraction).toFixed(0)}%\n`);
      next = fraction >= 1 ? Infinity : (Math.floor(fraction / LOG_STEP) + 1) * LOG_STEP;
    };
  }
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

/** A status line for a search with no known length (Newton's iterations); `end` closes it. */
export interface ProgressStatus {
  update(text: string): void;
  end(): void;
}

/** A status line, or undefined when nobody is watching. */
export function progressStatus(label: string, opts: ProgressOptions = {}): ProgressStatus | undefined {
  const stream = opts.stream ?? process.stderr;
  if (!stream.isTTY) {
    if (!opts.force) return undefined;
    return { update: (text) => stream.write(`${label}: ${text}\n`), end: () => {} };
  }
  const started = performance.now();
  let shown = false;
  return {
    update(text) {
      if (!shown && performance.now() - started < QUIET_MS) return;
      shown = true;
      // \x1b[K clears what a longer previous text left on the line.
      stream.write(`\r${label}: ${text}\x1b[K`);
    },
    end() {
      if (shown) stream.write('\n');
      shown = false;
    },
  };
}
