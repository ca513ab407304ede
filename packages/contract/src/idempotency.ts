import { z } from 'zod';

/** The request header that makes a create safe to repeat (draft-ietf-httpapi-idempotency-key-header). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** How long the server remembers a key's first answer. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

// A UUID is what the web app sends; the draft writes the key as a quoted string, so quotes are accepted too.
const KEY_PATTERN = /^(?:"[A-Za-z0-9._:-]{1,255}"|[A-Za-z0-9._:-]{1,255})$/;

/** The headers of a create: other headers pass through untouched. */
export const ZIdempotentHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(KEY_PATTERN, 'Use de 1 a 255 letras, dígitos ou . _ : -')
    .optional()
    .meta({
      description: `Opcional. Uma chave nova por ação (um UUID): repetida pelo mesmo usuário em até ${IDEMPOTENCY_KEY_TTL_HOURS} h, a requisição não cria nada de novo e recebe a primeira resposta (2xx); com outro corpo, 422. Erros não são guardados: a repetição corrigida é atendida.`,
      example: '8e03978e-40d5-43e8-bc93-6894a57f9324',
    }),
});

/** The key as the client meant it, without the quotes the draft's string form allows. */
export function unquoteIdempotencyKey(header: string): string {
  return header.replace(/^"(.*)"$/, '$1');
}
