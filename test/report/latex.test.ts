// The LaTeX printer and the mechanics notation on top of it: one case per
// rule of "as in print", each formula also typeset by KaTeX in strict mode.
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { add, HALF, mul, neg, num, pow, sin, sym } from '../../src/core/expr.js';
import { parseExpr } from '../../src/core/parse.js';
import { breakLines, fractionDepth, latexMatrix, latexPieces, symbolNameLatex, texWidth, toLatex } from '../../src/report/latex.js';
import { math, mathLines, MECHANICS, mechanicsSymbol, unitLatex } from '../../src/report/notation.js';
import { accelerationSymbol, momentumSymbol, multiplierSymbol, postImpactSymbol, preImpactSymbol, velocitySymbol } from '../../src/model/names.js';

/** Every name a symbol; x' the velocity of x (made as the model makes it, with its role). */
const parse = (s: string) => parseExpr(s, { symbol: (name) => sym(name), velocity: (name) => velocitySymbol(sym(name)) });
const tex = (s: string): string => toLatex(parse(s), MECHANICS);
const typesets = (s: string): void => {
  expect(() => katex.renderToString(s, { throwOnError: true, strict: 'error' })).not.toThrow();
};

describe('symbol names as in print', () => {
  it.each([
    ['psi', '\\psi'],
    ['theta', '\\theta'],
    ['phi', '\\varphi'],
    ['Omega', '\\Omega'],
    ['alpha_1', '\\alpha_{1}'],
    ['theta2', '\\theta_{2}'],
    ['q1', 'q_{1}'],
    ['q12', 'q_{12}'],
    ['m_2', 'm_{2}'],
    ['l_k', 'l_{k}'],
    ['g', 'g'],
    ['xc', 'x_{c}'],
    ['fp1', 'f_{p,1}'],
    ['fm12', 'f_{m,12}'],
    ['Istar', 'I^{*}'],
    ['muk', '\\mu_{k}'],
    ['mus', '\\mu_{s}'],
    ['omegan', '\\omega_{n}'],
    ['phis', '\\varphi_{s}'],
    ['muk_2', '\\mu_{k,2}'],
    ['beta', '\\beta'],
    ['theta_1', '\\theta_{1}'],
    ['mass', '\\mathit{mass}'],
    // rubanovich1981 (1.8): an impulse's component, E_{R_{1x}}.
    ['E_R1x', 'E_{R_{1x}}'],
  ])('%s prints as %s', (name, expected) => {
    expect(symbolNameLatex(name)).toBe(expected);
    typesets(expected);
  });

  it.each([
    // Derived symbols are made by their constructors, which attach the role the printer reads.
    [velocitySymbol(sym('x')).name, '\\dot{x}'],
    [velocitySymbol(sym('q1')).name, '\\dot{q}_{1}'],
    [accelerationSymbol(sym('theta')).name, '\\ddot{\\theta}'],
    [velocitySymbol(sym('xc')).name, '\\dot{x}_{c}'],
    [momentumSymbol(sym('x')).name, 'p_{x}'],
    [momentumSymbol(sym('q1')).name, 'p_{q_{1}}'],
    [multiplierSymbol(1).name, '\\lambda_{1}'],
    ['mu[2]', '\\mu_{2}'],
    [preImpactSymbol(sym('psi')).name, '\\dot{\\psi}^{-}'],
    [postImpactSymbol(sym('psi')).name, '\\dot{\\psi}^{+}'],
  ])('the mechanics notation prints %s as %s', (name, expected) => {
    expect(mechanicsSymbol(name)).toBe(expected);
    typesets(expected);
  });
});

describe('numbers, signs and products', () => {
  it('writes rationals as fractions and a fractional coefficient in front: ½ m l² θ̇²', () => {
    expect(toLatex(num(0.5))).toBe('\\frac{1}{2}');
    // A decimal of three places or more typed in a formula (a value quoted from the literature) prints as typed.
    expect(toLatex(num(-1.0918))).toBe('-1.0918');
    expect(tex('0.2187 + gamma')).toBe('0.2187 + \\gamma');
    expect(toLatex(num(0.003))).toBe('0.003');
    expect(toLatex(num(225 / 128))).toBe('\\frac{225}{128}');
    expect(toLatex(num(0.05))).toBe('\\frac{1}{20}');
    expect(tex("m*l^2*theta'^2/2")).toBe('\\frac{1}{2} m l^{2} \\dot{\\theta}^{2}');
  });

  it('puts negative powers below a fraction bar, the coefficient split between the two', () => {
    expect(tex('m/l')).toBe('\\frac{m}{l}');
    expect(tex('3*m/(2*l)')).toBe('\\frac{3 m}{2 l}');
    expect(tex('1/(m*l^2)')).toBe('\\frac{1}{m l^{2}}');
    // Masses lead (m l², m g l), not the kernel's alphabetical l² m, g l m.
    expect(tex('g*l*m*sin(theta)')).toBe('m g l \\sin\\theta');
    expect(tex('l2*M')).toBe('M l_{2}');
    expect(tex('g/(l*(m1 + m2))')).toBe('\\frac{g}{l (m_{1} + m_{2})}');
    expect(tex('a/(b + c)')).toBe('\\frac{a}{b + c}');
    // A symbolic exponent goes below the bar only when every term of it is negative: a difference keeps its sign (smirnov1981 §3).
    expect(tex('2^(6*t - n)')).toBe('2^{6 t - n}');
    expect(tex('2^(-n - 6*t)')).toBe('\\frac{1}{2^{n + 6 t}}');
    expect(tex('2^(-n)')).toBe('\\frac{1}{2^{n}}');
  });

  it('never prints "+ -": a negative term is subtracted', () => {
    expect(tex('a - b')).toBe('a - b');
    expect(tex('a - 2*b/3')).toBe('a - \\frac{2}{3} b');
    expect(tex('-a - b')).toBe('-a - b');
  });

  it('leads with a positive constant (1 − 3 sin²α) and ends with a negative one (x − 1)', () => {
    expect(tex('1 - 3*sin(alpha)^2')).toBe('1 - 3 \\sin^{2}\\alpha');
    expect(tex('x - 1')).toBe('x - 1');
    expect(tex('-x + y')).toBe('y - x');
  });

  it('moves a minus into a sum of mixed signs and out of an all-negative one', () => {
    expect(toLatex(mul(num(-1), sym('l'), add(sym('g'), neg(mul(sym('l'), pow(velocitySymbol(sym('theta')), 2))))), MECHANICS)).toBe(
      'l (l \\dot{\\theta}^{2} - g)',
    );
    expect(tex('4*a/(-3*sin(b)^2 - 1)')).toBe('-\\frac{4 a}{1 + 3 \\sin^{2} b}');
  });

  it('parenthesizes only where precedence needs it', () => {
    expect(tex('c*(a + b)')).toBe('c (a + b)');
    expect(tex('(a + b)^2')).toBe('(a + b)^{2}');
    expect(tex('(a*b)^(1/3)')).toBe('\\sqrt[3]{a b}');
    expect(tex('x^(1/2)')).toBe('\\sqrt{x}');
    expect(tex('x^(3/2)')).toBe('x^{3/2}');
    expect(tex('2^x*3')).toBe('3 \\cdot 2^{x}');
  });

  it('orders factors as an author would: parameters, sums, velocities, functions last', () => {
    expect(tex("l1*l2*m2*q1'*q2'*cos(q1 - q2)")).toBe('m_{2} l_{1} l_{2} \\dot{q}_{1} \\dot{q}_{2} \\cos(q_{1} - q_{2})');
    expect(tex("(m1 + m2)*l1^2*q1'^2/2")).toBe('\\frac{1}{2} l_{1}^{2} (m_{1} + m_{2}) \\dot{q}_{1}^{2}');
    expect(tex('F*cos(w*t)')).toBe('F \\cos(w t)');
  });
});

describe('functions', () => {
  it('prints \\sin and \\cos with a bare symbol argument, powers on the operator', () => {
    expect(tex('sin(psi)')).toBe('\\sin\\psi');
    expect(tex('cos(q1)')).toBe('\\cos q_{1}');
    expect(tex('sin(alpha)^2')).toBe('\\sin^{2}\\alpha');
    expect(tex('cos(2*alpha)')).toBe('\\cos 2 \\alpha');
    expect(tex('sin(q1 - q2)')).toBe('\\sin(q_{1} - q_{2})');
    expect(tex('cos(psi + pi/3)')).toBe('\\cos\\left(\\frac{\\pi}{3} + \\psi\\right)');
  });

  it('prints exp, log, abs and sign in their usual forms', () => {
    // Never e^{x}: e is the restitution coefficient in the reports.
    expect(tex('exp(x)')).toBe('\\exp(x)');
    expect(tex('exp(-pi*r)')).toBe('\\exp(-\\pi r)');
    expect(tex('log(x)')).toBe('\\ln x');
    expect(tex('abs(x - y)')).toBe('\\left|x - y\\right|');
    expect(tex('sign(x)')).toBe('\\operatorname{sgn} x');
  });

  it('prints atan as \\arctan, and π/2 − atan w as kozlov1988 (4.2)’s arcctg w, a multiple of it with its coefficient', () => {
    expect(tex('atan(x)')).toBe('\\arctan x');
    expect(tex('arcctg(x)')).toBe('\\operatorname{arcctg} x');
    expect(tex('arcctg(-g/(v*sqrt(N)))')).toBe('\\operatorname{arcctg}\\left(-\\frac{g}{\\sqrt{N} v}\\right)');
    expect(tex('2*g*arcctg(-x)/sqrt(N)')).toBe('\\frac{2 g \\operatorname{arcctg}(-x)}{\\sqrt{N}}');
    expect(tex('-arcctg(x)')).toBe('-\\operatorname{arcctg} x');
    // Any other sum of π and atan is not one.
    expect(tex('pi/2 + 2*atan(x)')).toBe('\\frac{1}{2} \\pi + 2 \\arctan x');
    typesets(tex('2*g*arcctg(-x)/sqrt(N)'));
  });

  it('prints cosᵏu over sinᵏu as cotᵏu, rubanovich1981 (3.4)’s (m/2) ctg 2α, and no other quotient of them', () => {
    expect(tex('m/2*cos(2*alpha)/sin(2*alpha)')).toBe('\\frac{1}{2} m \\cot 2 \\alpha');
    expect(tex('-m*cos(2*alpha)/(2*sin(2*alpha))')).toBe('-\\frac{1}{2} m \\cot 2 \\alpha');
    expect(tex('l*cos(x)^2/(m*sin(x)^2)')).toBe('\\frac{l \\cot^{2} x}{m}');
    expect(tex('cos(x - y)/sin(x - y)')).toBe('\\cot(x - y)');
    // Another argument or another power stays a quotient.
    expect(tex('cos(x)/sin(y)')).toBe('\\frac{\\cos x}{\\sin y}');
    expect(tex('cos(x)/sin(x)^2')).toBe('\\frac{\\cos x}{\\sin^{2} x}');
    typesets(tex('l*cos(x)^2/(m*sin(x)^2)'));
  });
});

describe('layout', () => {
  it('pulls out common factors: the double pendulum’s coupling term, its angle difference contracted as kugushev2002 (10.15) writes it', () => {
    const e = parse("l1*l2*m2*cos(q1)*cos(q2)*q1'*q2' + l1*l2*m2*sin(q1)*sin(q2)*q1'*q2'");
    expect(math(e)).toBe('m_{2} l_{1} l_{2} \\dot{q}_{1} \\dot{q}_{2} \\cos(q_{1} - q_{2})');
    expect(math(parse("l1*l2*m2*cos(q1)*cos(q2)*q1'*q2' + 2*l1*l2*m2*sin(q1)*sin(q2)*q1'*q2'"))).toBe(
      'm_{2} l_{1} l_{2} \\dot{q}_{1} \\dot{q}_{2} (\\cos q_{1} \\cos q_{2} + 2 \\sin q_{1} \\sin q_{2})',
    );
    expect(math(parse('a*x + a*y'))).toBe('a (x + y)');
  });

  it('breaks a long sum into lines no wider than asked, losing nothing', () => {
    const terms = Array.from({ length: 12 }, (_, k) => mul(sym(`m${k + 1}`), sym(`l${k + 1}`), sin(sym(`q${k + 1}`))));
    const e = add(...terms);
    const lines = mathLines(e, 30);
    expect(lines.length).toBeGreaterThan(2);
    for (const l of lines) expect(texWidth(l)).toBeLessThanOrEqual(30 + 12);
    expect(lines.join(' ')).toBe(toLatex(e, MECHANICS));
    typesets(`\\begin{aligned} f &= ${lines.join(' \\\\ &\\quad {}')} \\end{aligned}`);
  });

  it('breaks inside a parenthesized sum with \\bigl( … \\bigr), which may span lines', () => {
    const inner = add(...Array.from({ length: 10 }, (_, k) => mul(sym(`m${k + 1}`), sin(sym(`q${k + 1}`)))));
    const pieces = latexPieces(mul(sym('g'), sym('l'), inner), 30, MECHANICS);
    expect(pieces[0]).toMatch(/^g l \\bigl\(/);
    expect(pieces[pieces.length - 1]).toMatch(/\\bigr\)$/);
    const lines = breakLines(pieces, 30);
    typesets(`\\begin{aligned} f &= ${lines.join(' \\\\ &\\quad {}')} \\end{aligned}`);
  });

  it('breaks a radicand wider than the line as \\bigl( … \\bigr)^{1/2}, which \\sqrt cannot do', () => {
    const inner = add(...Array.from({ length: 10 }, (_, k) => mul(sym(`m${k + 1}`), sin(sym(`q${k + 1}`)))));
    const pieces = latexPieces(mul(sym('r'), pow(inner, HALF)), 30, MECHANICS);
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces[0]).toMatch(/^r \\bigl\(/);
    expect(pieces[pieces.length - 1]).toMatch(/\\bigr\)\^\{1\/2\}$/);
    expect(pieces.join(' ')).not.toContain('\\sqrt');
    typesets(`\\begin{aligned} f &= ${breakLines(pieces, 30).join(' \\\\ &\\quad {}')} \\end{aligned}`);
  });

  it('counts m as wide as Computer Modern sets it: 0.878 em against n’s 0.600 em', () => {
    expect(Math.abs(texWidth('m') / texWidth('n') - 0.878 / 0.6)).toBeLessThan(0.05);
  });

  it('counts \\arcsin as its six upright letters, 1.34 em wider than \\sin in Computer Modern (2.2 of n’s 0.600 em)', () => {
    expect(texWidth('\\arcsin x') - texWidth('\\sin x')).toBeGreaterThan(2);
    expect(texWidth('\\arccos x') - texWidth('\\cos x')).toBeGreaterThan(2);
  });

  it('writes matrices with pmatrix', () => {
    expect(
      latexMatrix([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}');
  });

  it('writes units upright: m/s^2, kg m^2', () => {
    expect(unitLatex('m/s^2')).toBe('\\mathrm{m}/\\mathrm{s}^{2}');
    expect(unitLatex('kg m^2')).toBe('\\mathrm{kg}\\,\\mathrm{m}^{2}');
    typesets(unitLatex('kg m^2/s'));
  });
});

describe('how deep fractions nest', () => {
  it('counts a fraction inside a numerator or denominator, not one beside another or under a root', () => {
    expect(fractionDepth('x + y')).toBe(0);
    expect(fractionDepth('\\frac{1}{R_{1}} + \\frac{1}{R_{2}}')).toBe(1);
    expect(fractionDepth('\\sqrt{\\frac{2}{g_{11}} + w^{2}}')).toBe(1);
    // kozlov1988 §4's a as the kernel prints it, against the paper's 2(1 + 2l²/(R₁R₂) − 2l(1/R₁ + 1/R₂)).
    const derived = toLatex(parseExpr('2*(1 - 2*l*(1/R2 + (1 - l/R2)/R1))'));
    expect(derived).toContain('\\frac{1 - \\frac{l}{R_{2}}}{R_{1}}');
    expect(fractionDepth(derived)).toBe(2);
    expect(fractionDepth('2 \\left(1 + \\frac{2 l^{2}}{R_{1} R_{2}} - 2 l \\left(\\frac{1}{R_{1}} + \\frac{1}{R_{2}}\\right)\\right)')).toBe(1);
    expect(fractionDepth('\\tfrac{\\frac{a}{b}}{c} + \\frac{\\frac{\\frac{x}{y}}{z}}{w}')).toBe(3);
  });
});
