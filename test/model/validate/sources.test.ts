// A model's sources: bibliography keys, each checked (src/model/validate/sources.ts).
import { describe, expect, it } from 'vitest';
import { checkSources } from '../../../src/model/validate/sources.js';

const problems = (x: unknown) => checkSources(x, 'm').problems.map((p) => [p.code, p.where.field]);

describe('sources', () => {
  it('takes known keys, and none', () => {
    expect(problems(['rubanovich1981', 'kozlov1988'])).toEqual([]);
    expect(problems(undefined)).toEqual([]);
  });

  it('refuses an unknown key, a key that is no string, and a list that is none', () => {
    expect(problems(['rubanovich1981', 'rubanovich81', 7])).toEqual([
      ['invalid-option', 'sources[1]'],
      ['bad-type', 'sources[2]'],
    ]);
    expect(problems('rubanovich1981')).toEqual([['bad-type', 'sources']]);
  });
});
