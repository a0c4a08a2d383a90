// Title, descriptions, units and scenario names: one plain line of text.
import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../../src/model/validate/text.js';
import { ball, builds, modelError, mutate, problems } from '../spec-cases.js';

describe('text fields', () => {
  it('a title with a newline (it escaped the generated header comment and ran as code): bad-text in field title', () => {
    const err = modelError(mutate(ball, { title: 'Ball */ require("child_process").execSync("id"); /*\nmore' }));
    expect([err.code, err.where.field, err.where.model]).toEqual(['bad-text', 'title', 'ball']);
    expect(err.message).toContain('single line');
  });

  it('control characters and the Unicode line separator are refused too', () => {
    for (const title of ['a\tb', 'a\u0000b', 'a\u001bb', 'a\u2028b', 'a\rb']) expect(problems(mutate(ball, { title }))).toEqual([['bad-text', 'title']]);
  });

  it('bidi overrides and other invisible formatting characters are refused, naming the code point', () => {
    for (const title of ['a\u202Eb', 'a\u200Bb', 'a\u2066b', '\uFEFFa', 'a\uE000b', 'a\uD800b']) {
      const err = modelError(mutate(ball, { title }));
      expect([err.code, err.where.field]).toEqual(['bad-text', 'title']);
      expect(err.message).toContain(`U+${title.replace(/a|b/g, '').codePointAt(0)!.toString(16).toUpperCase()}`);
    }
    builds(mutate(ball, { title: 'Ball ≈ ∞ ✓ Привет 中文 ψ̇' }));
  });

  it('a description that is not a string (used to be a TypeError): bad-type in field description', () => {
    expect(problems(mutate(ball, { description: 5 }))).toEqual([['bad-type', 'description']]);
    expect(problems(mutate(ball, { description: ['a', 'b'] }))).toEqual([['bad-type', 'description']]);
  });

  it('a description writes math between pairs of $ (the Introduction prints it): an unpaired $ or a command outside KaTeX is bad-text', () => {
    expect(builds(mutate(ball, { description: 'leaves at $t = 2 + \\sqrt{2}$' })).description).toBe('leaves at $t = 2 + \\sqrt{2}$');
    expect(problems(mutate(ball, { description: 'costs $5' }))).toEqual([['bad-text', 'description']]);
    expect(problems(mutate(ball, { description: 'at $\\input{x}$' }))).toEqual([['bad-text', 'description']]);
  });

  it('too long and empty texts are refused; the limit itself is accepted', () => {
    expect(problems(mutate(ball, { title: 'x'.repeat(TEXT_LIMITS.title + 1) }))).toEqual([['bad-text', 'title']]);
    expect(problems(mutate(ball, { title: '   ' }))).toEqual([['bad-text', 'title']]);
    expect(builds(mutate(ball, { title: 'x'.repeat(TEXT_LIMITS.title) })).title).toHaveLength(TEXT_LIMITS.title);
  });

  it('unit: true on a coordinate, a multi-line unit and a description of a contact', () => {
    const spec = mutate(ball, {
      coordinates: [{ name: 'y', unit: true }],
      parameters: { m: { default: 1, unit: 'kg\n\\input{/etc/hostname}' }, g: 9.81, e: 0.9 },
      unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { newton: 'e' }, description: null }],
    });
    expect(problems(spec)).toEqual([
      ['bad-type', 'coordinates[0].unit'],
      ['bad-text', 'parameters.m.unit'],
      ['bad-type', 'unilateral[0].description'],
    ]);
  });

  it('the valid texts are kept as given', () => {
    const model = builds(ball);
    expect(model.title).toBe('Bouncing ball');
    expect(model.coordinates[0]).toMatchObject({ description: 'height', unit: 'm' });
  });
});
