import { useEffect } from 'react';
import { Button } from './button';
import { Icon } from './icon';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Names the list being paged, e.g. "consultas". */
  noun: string;
}

/** "1–20 de 45 consultas" with previous and next; hidden when everything fits on one page. */
export function Pagination({ page, pageSize, total, onPageChange, noun }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // Past the last page there is nothing to count; the page moves back to the last one.
  if ((total <= pageSize && page === 1) || page > pages) return null;
  const first = Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={`Páginas de ${noun}`} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted" aria-live="polite">
        {first}–{last} de {total} {noun}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <Icon name="chevron-left" className="size-4" /> Anterior
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Próxima <Icon name="chevron-right" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}

/** A page past the end (an old link, records deleted since) moves to the last page, replacing the address. */
export function useClampPage(
  page: number,
  list: { total: number; page_size: number } | undefined,
  goToLastPage: (lastPage: number) => void,
): void {
  const lastPage = list ? Math.max(1, Math.ceil(list.total / list.page_size)) : undefined;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) goToLastPage(lastPage);
  }, [lastPage, page, goToLastPage]);
}
