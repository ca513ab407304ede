import { describe, expect, it } from 'vitest';
import { greetingFor, greetingName } from './greeting';

describe('greeting', () => {
  it('greets by the first word of the name that is not a title', () => {
    expect(greetingName('Ana Souza')).toBe('Ana');
    expect(greetingName('Dra. Ana Souza')).toBe('Ana');
    expect(greetingName('  dr João Lima')).toBe('João');
    expect(greetingName('Prof. Dr. Carlos Mendes')).toBe('Carlos');
    expect(greetingName('Profa. Enf. Marta Reis')).toBe('Marta');
    expect(greetingName('Drummond Alves')).toBe('Drummond');
  });

  it('says good morning, afternoon or evening by the hour', () => {
    expect([greetingFor(8), greetingFor(12), greetingFor(18)]).toEqual(['Bom dia', 'Boa tarde', 'Boa noite']);
  });
});
