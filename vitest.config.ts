// The suite must pass on a loaded 2-core machine: no test may fail because
// the machine is slow. Vitest's default 5 s per test and 10 s per hook fail a
// test that takes 0.5 s on an idle machine once the load is ten times that,
// so every test and hook gets 10 minutes; the work in each is bounded by
// itself (fixed step counts, sample sizes, tolerances), never by the clock.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { FreshHeapFirst } from './test/helpers/sequencer.js';

export default defineConfig({
  test: {
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // Vitest leaves a core to its main process (cores − 1 workers), which on
    // 2 cores runs the files one at a time; the main process only collects
    // results, so every core runs a worker.
    maxWorkers: availableParallelism(),
    // The CLI's young generation (src/cli/main.ts's shebang): derivations and
    // reports make short-lived terms by the million, and a 64 MB semi-space
    // scavenges them about 4x less often than V8's default.
    execArgv: ['--max-semi-space-size=64'],
    // A worker runs its files one after another in one module graph instead
    // of a fresh process per file: importing the toolkit again for each of
    // some 240 files cost more than most files' tests, and a model derived
    // or built by a shared helper (test/helpers/examples.ts, built-models.ts)
    // stays built for the worker's later files. No test file changes global
    // state it does not restore (spies and fake timers are restored after each).
    isolate: false,
    // The run's directory of shared model builds (test/helpers/built-models.ts).
    globalSetup: ['test/helpers/global-setup.ts'],
    // The heap-measuring files first, while their worker's heap is small (test/helpers/sequencer.ts).
    sequence: { sequencer: FreshHeapFirst },
  },
});
