import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Zod's own wording (the pt locale) is written for developers: an enum left blank reads `Opção inválida:
 * esperava uma das seguintes opções: "AC"|"AL"|…`. Beside a field a person needs a few words; messages
 * the contract writes itself ("Campo obrigatório", "CPF inválido") come first and are kept.
 */
export const formErrorMap: z.core.$ZodErrorMap = (issue) => {
  const isBlank = issue.input === undefined || issue.input === null || issue.input === '';
  switch (issue.code) {
    case 'invalid_value':
      return isBlank ? 'Selecione uma opção' : 'Opção inválida';
    case 'invalid_type':
      return isBlank ? 'Campo obrigatório' : 'Valor inválido';
    case 'too_small':
      if (issue.origin !== 'string') return 'Valor abaixo do permitido';
      return Number(issue.minimum) <= 1 ? 'Campo obrigatório' : `Use ao menos ${issue.minimum} caracteres`;
    case 'too_big':
      return issue.origin === 'string' ? `Use no máximo ${issue.maximum} caracteres` : 'Valor acima do permitido';
    case 'invalid_format':
      if (issue.format === 'email') return 'E-mail inválido';
      return issue.format === 'date' ? 'Data inválida' : 'Formato inválido';
    case 'custom':
    case 'invalid_element':
    case 'invalid_key':
    case 'invalid_union':
    case 'not_multiple_of':
    case 'unrecognized_keys':
      return 'Valor inválido';
  }
};

/** react-hook-form's zod resolver with short Portuguese messages for every form. */
export function formResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return zodResolver(schema, { error: formErrorMap });
}
