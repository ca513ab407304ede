import { ZAddress, ZLicenseBody } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formErrorMap } from './form-resolver';

const messages = (schema: z.ZodType, input: unknown) =>
  Object.fromEntries(
    (schema.safeParse(input, { error: formErrorMap }).error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]),
  );

describe('form messages', () => {
  it('asks to choose a state instead of listing all 27', () => {
    expect(messages(ZLicenseBody, { license_type_id: 1, number: '123', state: undefined })).toEqual({
      state: 'Selecione uma opção',
    });
    expect(messages(ZLicenseBody, { license_type_id: 1, number: '123', state: 'XX' })).toEqual({
      state: 'Opção inválida',
    });
  });

  it('keeps the messages the contract writes, and makes zod’s own short', () => {
    const address = messages(ZAddress, {
      cep: '01310-100',
      street: '',
      number: 'x'.repeat(21),
      district: 'Centro',
      city: 'São Paulo',
      state: '',
    });
    expect(address.street).toBe('Campo obrigatório');
    expect(address.number).toBe('Use no máximo 20 caracteres');
    expect(address.state).toBe('Selecione uma opção');
    for (const message of Object.values(address)) expect(message.length).toBeLessThan(40);
    expect(messages(z.object({ age: z.number() }), {})).toEqual({ age: 'Campo obrigatório' });
    expect(messages(z.object({ email: z.email() }), { email: 'x' })).toEqual({ email: 'E-mail inválido' });
  });
});
