import { ZAdminAccessLogQuery } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { parseListQuery, readListFilters, readPage } from '../users/list-filters';
import { ACCESS_LOG_FILTER_KEYS, accessLogPath } from './access-log-address';

const USER = '6f1d2c9a-3b4e-4f5a-8b7c-9d0e1f2a3b4c';
const PATIENT = '0b9c8d7e-6f5a-4b3c-9d2e-1f0a9b8c7d6e';

const addressOf = (path: string) => new URLSearchParams(path.split('?')[1] ?? '');

describe('the access log’s filters in the address', () => {
  it('links to the list filtered by who accessed, by patient, both or neither', () => {
    expect(accessLogPath({ user_id: USER })).toBe(`/admin/access-log?user_id=${USER}`);
    expect(accessLogPath({ patient_id: PATIENT })).toBe(`/admin/access-log?patient_id=${PATIENT}`);
    expect(accessLogPath({ user_id: USER, patient_id: PATIENT })).toBe(
      `/admin/access-log?user_id=${USER}&patient_id=${PATIENT}`,
    );
    expect(accessLogPath({ user_id: '', patient_id: undefined })).toBe('/admin/access-log');
  });

  it('reads back the filters a link wrote, from the first page', () => {
    const params = addressOf(accessLogPath({ user_id: USER, patient_id: PATIENT }));
    expect(readListFilters(params, ACCESS_LOG_FILTER_KEYS)).toEqual({ user_id: USER, patient_id: PATIENT });
    expect(readPage(params)).toBe(1);
    expect(
      parseListQuery(ZAdminAccessLogQuery, { ...readListFilters(params, ACCESS_LOG_FILTER_KEYS), page: 1 }),
    ).toEqual({ query: { user_id: USER, patient_id: PATIENT, page: 1, page_size: 20 } });
  });

  it('ignores other keys and answers the contract’s message for an identifier that is not one', () => {
    const params = new URLSearchParams('patient_id=abc&user=x&page=2');
    const filters = readListFilters(params, ACCESS_LOG_FILTER_KEYS);
    expect(filters).toEqual({ patient_id: 'abc' });
    expect(parseListQuery(ZAdminAccessLogQuery, { ...filters, page: readPage(params) })).toEqual({
      error: 'Identificador inválido',
    });
  });
});
