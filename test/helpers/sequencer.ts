// The order of the suite's files: Vitest's own (test/helpers are shared by
// a worker's files, isolate: false), with the files that measure the heap
// after full collections first, while their worker's heap is still small.
// Later, that heap holds every report the worker built for earlier files,
// and each forced full GC walks all of it: test/core/intern-memory.test.ts
// took 19 s in the suite against 2.5 s alone. The type check comes next,
// in the other worker: the longest file, started first so that the rest
// of the suite fills the cores around it (on a fresh clone Vitest orders
// by file size, which would leave it last, alone).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const FRESH_HEAP = /\/test\/core\/intern-memory\.test\.ts$/;
const TYPE_CHECK = /\/test\/architecture\/typecheck\.test\.ts$/;

export class FreshHeapFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = [FRESH_HEAP, TYPE_CHECK].flatMap((re) => sorted.filter((f) => re.test(f.moduleId)));
    return [...first, ...sorted.filter((f) => !first.includes(f))];
  }
}
