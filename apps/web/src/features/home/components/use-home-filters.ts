import type { TConsultationListQuery, TConsultationStatus } from '@escriba/contract';
import { useSearchParams } from 'react-router';
import { STATUSES } from '../../../lib/consultation-status';

export const HOME_PAGE_SIZE = 20;

export interface HomeFilters {
  q: string;
  status: TConsultationStatus | '';
  patient_id: string;
  from: string;
  to: string;
}

const KEYS = ['q', 'status', 'patient_id', 'from', 'to'] as const satisfies readonly (keyof HomeFilters)[];

const isStatus = (value: string | null): value is TConsultationStatus => STATUSES.some((status) => status === value);

/** Home's search and filters live in the address, so a reload, a shared link or "back" keeps them. */
export function useHomeFilters() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const filters: HomeFilters = {
    q: params.get('q') ?? '',
    status: isStatus(status) ? status : '',
    patient_id: params.get('patient_id') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const rangeError =
    filters.from && filters.to && filters.from > filters.to ? 'A data final deve ser igual ou posterior à inicial' : '';

  const query: TConsultationListQuery = {
    page,
    page_size: HOME_PAGE_SIZE,
    q: filters.q.trim() || undefined,
    status: filters.status || undefined,
    patient_id: filters.patient_id || undefined,
    from: filters.from || undefined,
    // An inverted range is explained beside the field instead of being sent.
    to: (!rangeError && filters.to) || undefined,
  };

  const update = (changes: Partial<HomeFilters>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        // Another filter means another list: start from its first page.
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const setPage = (nextPage: number, options?: { replace: boolean }) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (nextPage > 1) next.set('page', String(nextPage));
      else next.delete('page');
      return next;
    }, options);

  return {
    filters,
    query,
    page,
    rangeError,
    hasFilters: KEYS.some((key) => filters[key] !== ''),
    update,
    setPage,
    clear: () => setParams({}, { replace: true }),
  };
}
