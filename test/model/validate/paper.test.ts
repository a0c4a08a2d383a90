// A model's paper (src/model/validate/paper.ts) and sources, checked by
// buildModel before anything is derived: the compass's and the rimless
// wheel's papers build (the wheel's formulas read against its general
// model); an unknown source, an unbound symbol, an unknown key and a broken
// general model are each a named problem at their own field; so are a bad
// relation, claim (src/model/validate/paper-claims.ts) or figure.
import { describe, expect, it } from 'vitest';
import compass from '../../../derivations/compass.js';
import wheel from '../../../derivations/rimless-wheel.js';
import { builds, modelError, mutate, problems } from '../spec-cases.js';
import { paperFormulas } from '../../../src/model/validate/paper.js';

const paper = (change: Record<string, unknown>) => mutate(compass, { paper: { ...compass.paper!, ...change } });
const formula = {
  eq: '(1.16)',
  name: 'x',
  formula: 'w*(1 - 3*sin(alpha)^2)/(1 + 3*sin(alpha)^2)',
  derived: "impact1.leaves.psi'+",
  where: { w: "impact1.psi'-" },
};

describe('a paper', () => {
  it('that is sound builds, its formulas read against the model or its general model', () => {
    builds(compass);
    builds(wheel);
    expect(wheel.paper!.general).toBeDefined();
  });

  it('cites a source of the bibliography, as the model’s sources do', () => {
    expect(problems(paper({ source: 'nobody' }))).toEqual([['invalid-option', 'paper.source']]);
    expect(problems(mutate(compass, { sources: ['rubanovich1981', 'nobody'] }))).toEqual([['invalid-option', 'sources[1]']]);
  });

  it('takes a relation A = B without derived, and refuses one with two = or an unbound symbol on its left', () => {
    const relation = { eq: '(1.10)', name: 'x', formula: 'w*3 = w + w + w', where: { w: "impact1.psi'-" } };
    builds(paper({ formulas: [relation] }));
    expect(problems(paper({ formulas: [{ ...relation, formula: 'w = w = w' }] }))).toEqual([['bad-type', 'paper.formulas[0].formula']]);
    expect(problems(paper({ formulas: [{ ...relation, formula: 'q = w' }] }))).toEqual([['unknown-symbol', 'paper.formulas[0].formula']]);
  });

  it('reads a negated fact, a limit ∞ in at and where the quantity holds in LaTeX; refuses an `on` that is no text at its field', () => {
    const row = { ...formula, derived: "-impact1.leaves.psi'+", at: { alpha: '∞' }, on: '0 \\le t \\le \\pi' };
    builds(paper({ formulas: [row] }));
    expect(problems(paper({ formulas: [{ ...row, on: 3 }] }))).toEqual([['bad-type', 'paper.formulas[0].on']]);
    expect(problems(paper({ formulas: [{ ...row, at: { q: '∞' } }] }))).toEqual([['unknown-symbol', 'paper.formulas[0].at.q']]);
  });

  it('reads claims: one inequality, a rate bound to one parameter, intervals of parameters; refuses the rest at their fields', () => {
    const claim = { eq: '(1.20)', name: 'x', claim: 'wp^2 < w^2', where: { w: "impact1.psi'-", wp: "impact1.leaves.psi'+" } };
    builds(paper({ claims: [claim, { ...claim, claim: 'w > 0', rate: 'k', where: { w: "impact1.psi'-", k: 'pi/alpha' }, on: { alpha: '(0, pi/5]' } }] }));
    builds(
      paper({
        claims: [
          { ...claim, claim: 'wp^2 <= w^2' },
          { ...claim, claim: 'w^2 >= wp^2' },
        ],
      }),
    );
    expect(problems(paper({ claims: [{ ...claim, claim: 'w = 0' }] }))).toEqual([['bad-type', 'paper.claims[0].claim']]);
    expect(problems(paper({ claims: [{ ...claim, claim: 'q < w' }] }))).toEqual([['unknown-symbol', 'paper.claims[0].claim']]);
    expect(problems(paper({ claims: [{ ...claim, rate: 'w' }] }))).toEqual([['bad-type', 'paper.claims[0].rate']]);
    expect(problems(paper({ claims: [{ ...claim, on: { alpha: '0 to 1' } }] }))).toEqual([['bad-type', 'paper.claims[0].on.alpha']]);
    expect(problems(paper({ claims: [{ ...claim, on: { beta: '(0, 1)' } }] }))).toEqual([['unknown-symbol', 'paper.claims[0].on.beta']]);
    expect(problems(paper({ claims: [{ ...claim, size: 1 }] }))).toEqual([['unknown-field', 'paper.claims[0].size']]);
  });

  it('reads figures: an abscissa from < to, one parameter of curves; refuses a reversed or non-positive log axis', () => {
    const figure = wheel.paper!.figures![0]!;
    const wheelPaper = (figures: unknown[]) => problems(mutate(wheel, { paper: { ...wheel.paper!, figures } }));
    builds(mutate(wheel, { paper: { ...wheel.paper!, figures: [figure] } }));
    expect(wheelPaper([{ ...figure, x: { ...figure.x, from: 100, to: 4 } }])).toEqual([['bad-type', 'paper.figures[0].x']]);
    expect(wheelPaper([{ ...figure, x: { ...figure.x, from: 0 } }])).toEqual([['bad-type', 'paper.figures[0].x']]);
    expect(wheelPaper([{ ...figure, curves: { Istar: [0.25], m: [1] } }])).toEqual([['bad-type', 'paper.figures[0].curves']]);
  });

  it('reads results not derived: { eq, name, reason }; refuses a reason that is no text, an unpaired $ and unknown keys at their fields', () => {
    const missing = {
      eq: '(4.5)',
      name: 'f^{\\prime\\prime}(0) \\le g v^{-2}',
      reason: 'the orbit’s phase in the spring ends at a root $\\tau$ not in closed form.',
    };
    builds(paper({ notDerived: [missing] }));
    expect(problems(paper({ notDerived: [{ eq: missing.eq, name: missing.name }] }))).toEqual([['bad-type', 'paper.notDerived[0].reason']]);
    expect(problems(paper({ notDerived: [{ ...missing, reason: 'one $ only' }] }))).toEqual([['bad-text', 'paper.notDerived[0].reason']]);
    expect(problems(paper({ notDerived: [{ ...missing, page: 3 }] }))).toEqual([['unknown-field', 'paper.notDerived[0].page']]);
    expect(problems(paper({ notDerived: missing }))).toEqual([['bad-type', 'paper.notDerived']]);
  });

  it('reads the scope a model checks the paper in as a note; refuses one that is no text or has an unpaired $', () => {
    builds(paper({ scope: 'a constant metric, $\\Gamma = 0$' }));
    expect(problems(paper({ scope: 3 }))).toEqual([['bad-type', 'paper.scope']]);
    expect(problems(paper({ scope: 'one $ only' }))).toEqual([['bad-text', 'paper.scope']]);
    // What the derivation corrects of the paper's words is read the same way.
    builds(paper({ corrects: 'Kozlov calls the field potential; it has none across $x = 0$' }));
    expect(problems(paper({ corrects: 3 }))).toEqual([['bad-type', 'paper.corrects']]);
  });

  it('refuses a formula with an unbound symbol, a fact that is no fact’s name, and unknown keys', () => {
    expect(problems(paper({ formulas: [{ ...formula, formula: 'q*m' }] }))).toEqual([['unknown-symbol', 'paper.formulas[0].formula']]);
    // The time is no parameter, but a law of motion names it (kozlov1988 (2.4): y = g(t − 1)²/2).
    builds(paper({ formulas: [{ ...formula, formula: 'g*(t - 1)^2/2', derived: 'trajectory2.y@g→∞', where: {} }] }));
    expect(problems(paper({ formulas: [{ ...formula, formula: 's*(t - 1)^2/2', derived: 'trajectory2.y', where: {} }] }))).toEqual([
      ['unknown-symbol', 'paper.formulas[0].formula'],
    ]);
    expect(problems(paper({ formulas: [{ ...formula, derived: 'psi+' }] }))).toEqual([['bad-type', 'paper.formulas[0].derived']]);
    // A symbol a fact's substitution brings in, a variable of a limit, may be named (kozlov1988 §6: the parabola's A); one it does not, may not.
    builds(paper({ formulas: [{ ...formula, formula: 'A*w', derived: "impact1.leaves.psi'+@alpha=(A/2)" }] }));
    expect(problems(paper({ formulas: [{ ...formula, formula: 'B*w', derived: "impact1.leaves.psi'+@alpha=(A/2)" }] }))).toEqual([
      ['unknown-symbol', 'paper.formulas[0].formula'],
    ]);
    expect(problems(paper({ volume: 2 }))).toEqual([['unknown-field', 'paper.volume']]);
    expect(problems(mutate(compass, { paper: 'Rubanovich–Formalsky' }))).toEqual([['bad-type', 'paper']]);
  });

  it('reads a remainder o(p^r), p a parameter and r ≤ 0 rational, or O(e^{−p}/p); refuses another symbol, a growing order, another form and a measured fact', () => {
    const at = (remainder: unknown, change: Record<string, unknown> = {}) => problems(paper({ formulas: [{ ...formula, remainder, ...change }] }));
    builds(
      paper({
        formulas: [
          { ...formula, remainder: 'o(m^(-1/2))' },
          { ...formula, remainder: 'o(l^-1)' },
          { ...formula, remainder: 'o(g^0)' },
          { ...formula, remainder: 'O(e^(-m)/m)' },
          { ...formula, remainder: 'O(e^(-l))' },
        ],
      }),
    );
    expect(at('o(q^(-1/2))')).toEqual([['unknown-symbol', 'paper.formulas[0].remainder']]);
    expect(at('O(e^(-q)/q)')).toEqual([['unknown-symbol', 'paper.formulas[0].remainder']]);
    // Exponentially small in one parameter over a power of it: not over another's.
    expect(at('O(e^(-m)/l)')).toEqual([['bad-type', 'paper.formulas[0].remainder']]);
    expect(at('o(pi^(-1))')).toEqual([['unknown-symbol', 'paper.formulas[0].remainder']]);
    for (const bad of ['o(m^(1/2))', 'O(m^(-1))', 'o(m^(-1/0))', 'o(m)', 'm^(-1)', 3])
      expect(at(bad), String(bad)).toEqual([['bad-type', 'paper.formulas[0].remainder']]);
    expect(at('o(m^(-1))', { formula: '1', derived: 'limit.release', where: {}, tolerance: 1e-6 })).toEqual([['bad-type', 'paper.formulas[0].remainder']]);
  });

  it('marks a row the paper does not print as the toolkit’s reduction or correction; refuses another origin at its field', () => {
    builds(
      paper({
        formulas: [
          { ...formula, origin: 'reduction' },
          { ...formula, origin: 'correction' },
        ],
      }),
    );
    for (const bad of ['printed', 'Reduction', 1, true])
      expect(problems(paper({ formulas: [{ ...formula, origin: bad }] })), String(bad)).toEqual([['bad-type', 'paper.formulas[0].origin']]);
  });

  it('keeps the typed text of a formula printed in its typed order; refuses another order, or one without a formula', () => {
    const model = builds(paper({ formulas: [{ ...formula, order: 'typed' }] }));
    expect(paperFormulas([{ ...formula, order: 'typed' }], model).value[0]!.typed).toBe(formula.formula);
    expect(paperFormulas([formula], model).value[0]!.typed).toBeUndefined();
    for (const bad of ['canonical', 1, true])
      expect(problems(paper({ formulas: [{ ...formula, order: bad }] })), String(bad)).toEqual([['bad-type', 'paper.formulas[0].order']]);
  });

  it('keeps the paper’s print of a formula typed out too long (display), as LaTeX beside a formula; refuses one without', () => {
    const model = builds(paper({ formulas: [{ ...formula, display: '\\sum_{s=1}^{5} w_s' }] }));
    expect(paperFormulas([{ ...formula, display: '\\sum_{s=1}^{5} w_s' }], model).value[0]!.display).toBe('\\sum_{s=1}^{5} w_s');
    const { formula: _, ...words } = formula;
    expect(problems(paper({ formulas: [{ ...words, display: 'w' }] }))).toEqual([['bad-type', 'paper.formulas[0].display']]);
  });

  it('reads where a quantity holds as LaTeX and the quantity a row bounds as { name, value in the parameters }; refuses the rest at their fields', () => {
    builds(paper({ formulas: [{ ...formula, on: '0 \\le t < \\tau', bounds: { name: 'f^{\\prime\\prime}(0)', value: '1/alpha' } }] }));
    expect(problems(paper({ formulas: [{ ...formula, on: 3 }] }))).toEqual([['bad-type', 'paper.formulas[0].on']]);
    expect(problems(paper({ formulas: [{ ...formula, bounds: { name: 'f', value: '1/q' } }] }))).toEqual([
      ['unknown-symbol', 'paper.formulas[0].bounds.value'],
    ]);
    expect(problems(paper({ formulas: [{ ...formula, bounds: { name: 'f', value: '1', by: 2 } }] }))).toEqual([
      ['unknown-field', 'paper.formulas[0].bounds.by'],
    ]);
    expect(problems(paper({ formulas: [{ ...formula, bounds: '1/alpha' }] }))).toEqual([['bad-type', 'paper.formulas[0].bounds']]);
  });

  it('takes LaTeX in a name and a note’s $…$ only with the commands a report prints as is', () => {
    const at = (change: Record<string, unknown>) => problems(paper({ formulas: [{ ...formula, ...change }] }));
    builds(
      paper({ formulas: [{ ...formula, name: "\\dot{\\psi}'_{+} \\approx \\tfrac{1}{2}", note: 'as ≈ in the text, $\\lim_{N \\to \\infty} t_{*}$ in math' }] }),
    );
    for (const name of ['\\href{https://example.org}{x}', '\\input{/etc/hostname}', 'x ≈ y', '\\frac{1}{2', 'x}', 'x^', '50%', '\\text{a_b}'])
      expect(at({ name }), name).toEqual([['bad-text', 'paper.formulas[0].name']]);
    for (const note of ['see $\\href{https://example.org}{here}$', 'one $ alone', 'a\u202Eb'])
      expect(at({ note }), note).toEqual([['bad-text', 'paper.formulas[0].note']]);
    // A stability bound's reading, said in the abstract, is a note's text: the same checks.
    builds(paper({ formulas: [{ ...formula, reading: 'that is, while its apex $\\dot{y}^2/(2g)$ is below the focus $a/2$' }] }));
    for (const reading of ['one $ alone', 'see $\\href{https://example.org}{here}$'])
      expect(at({ reading }), reading).toEqual([['bad-text', 'paper.formulas[0].reading']]);
    // So is a correction's consequence, said in the conclusion.
    builds(paper({ formulas: [{ ...formula, consequence: 'the speed falls to $u$ and not below it' }] }));
    expect(at({ consequence: 'see $\\href{https://example.org}{here}$' })).toEqual([['bad-text', 'paper.formulas[0].consequence']]);
    expect(at({ eq: '(1.16)}\\input{x}' })).toEqual([['bad-text', 'paper.formulas[0].eq']]);
  });

  it('reports a general model’s own problems under its name', () => {
    const err = modelError(mutate(wheel, { paper: { ...wheel.paper!, general: { ...wheel.paper!.general!, potential: 'm*g*h' } } }));
    expect(err.message).toContain(wheel.paper!.general!.name);
    expect(err.message).toContain('h');
  });
});
