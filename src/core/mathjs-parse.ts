// mathjs's parser alone: an instance made of parse's dependencies, not the
// package's default one. `npm run build` replaces this module's compiled
// file with a minified bundle of it (esbuild), since Node would otherwise
// load mathjs's ES entry, about 1260 modules and 1.2 s of CPU at every
// start of the command line; the bundle takes about 0.15 s. Under a
// TypeScript loader (tests) and in the playground's bundle it is this file.
// Tests: test/core/parse.test.ts
import { create, parseDependencies } from 'mathjs';

export const { parse } = create({ parseDependencies });
