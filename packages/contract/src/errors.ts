import { z } from 'zod';

/** One failing input: where it is (`["body", "email"]`), what is wrong, and a machine-readable kind. */
export const ZFieldError = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type TFieldError = z.infer<typeof ZFieldError>;

/** Every error answer has this shape: a sentence, or the list of failing fields. */
export const ZErrorBody = z.object({ detail: z.union([z.string(), z.array(ZFieldError)]) });
export type TErrorBody = z.infer<typeof ZErrorBody>;
