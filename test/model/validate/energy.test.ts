// kinetic / potential / lagrangian / particles.
import { describe, expect, it } from 'vitest';
import { ball, builds, mutate, problems } from '../spec-cases.js';

describe('energy', () => {
  it('particles whose position is a string, particles that are not a list, a particle that is null', () => {
    expect(problems(mutate(ball, { kinetic: undefined, particles: [{ mass: 'm', position: 'y' }] }))).toEqual([['bad-type', 'particles[0].position']]);
    expect(problems(mutate(ball, { kinetic: undefined, particles: { mass: 'm' } }))).toEqual([['bad-type', 'particles']]);
    expect(problems(mutate(ball, { kinetic: undefined, particles: [null] }))).toEqual([['bad-type', 'particles[0]']]);
  });

  it('no energy at all, or an empty list of particles: no-energy in field kinetic', () => {
    expect(problems(mutate(ball, { kinetic: undefined }))).toEqual([['no-energy', 'kinetic']]);
    expect(problems(mutate(ball, { kinetic: undefined, particles: [] }))).toEqual([['no-energy', 'kinetic']]);
  });

  it('a particle gives ½ m |ṙ|²: the ball as a particle has the same Lagrangian', () => {
    const asParticle = builds(mutate(ball, { kinetic: undefined, particles: [{ mass: 'm', position: ['0', 'y'] }] }));
    expect(asParticle.L).toBe(builds(ball).L);
  });

  it('a Lagrangian alone is accepted; with a potential too, ambiguous-energy', () => {
    expect(builds(mutate(ball, { kinetic: undefined, potential: undefined, lagrangian: "m*y'^2/2 - m*g*y" })).T).toBeUndefined();
    expect(problems(mutate(ball, { lagrangian: "m*y'^2/2" }))).toEqual([['ambiguous-energy', 'lagrangian']]);
  });
});
