import { writeListFilters } from '../users/list-filters';

export const ACCESS_LOG_FILTER_KEYS = ['user_id', 'patient_id'] as const;
export type AccessLogFilters = Partial<Record<(typeof ACCESS_LOG_FILTER_KEYS)[number], string>>;

const ACCESS_LOG_PATH = '/admin/access-log';

/** The address of "Acessos" showing these filters from its first page: a link opens the filtered list. */
export function accessLogPath(filters: AccessLogFilters): string {
  const query = writeListFilters(new URLSearchParams(), ACCESS_LOG_FILTER_KEYS, filters).toString();
  return query ? `${ACCESS_LOG_PATH}?${query}` : ACCESS_LOG_PATH;
}
