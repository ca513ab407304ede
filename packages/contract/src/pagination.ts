import { z } from 'zod';
import { zDecimalInteger } from './integer';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** `page` (from 1) and `page_size` query parameters shared by every paginated list. */
export const ZPageQuery = z.strictObject({
  page: zDecimalInteger(z.number().min(1, 'A página começa em 1').max(10_000, 'Página alta demais')).default(1),
  page_size: zDecimalInteger(
    z
      .number()
      .min(1, 'Use ao menos 1 item por página')
      .max(MAX_PAGE_SIZE, `Use no máximo ${MAX_PAGE_SIZE} itens por página`),
  ).default(DEFAULT_PAGE_SIZE),
});

/** One page of a list, with the number of items that match the filters over all pages. */
export function zPageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}
