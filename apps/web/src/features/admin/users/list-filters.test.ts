import { ZAdminUserListQuery } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { parseListQuery, readListFilters, readPage, writeListFilters } from './list-filters';

describe('list filters in the address', () => {
  it('reads only the named keys, leaving blank ones out', () => {
    const params = new URLSearchParams('name=Ana&email=%20%20&status=active&user=abc&page=2');
    expect(readListFilters(params, ['name', 'email', 'status'] as const)).toEqual({ name: 'Ana', status: 'active' });
  });

  it('writes every filter of the list, drops blank or missing ones and the page, keeps other keys', () => {
    const keys = ['name', 'email', 'status', 'cpf'] as const;
    const params = new URLSearchParams('name=Ana&cpf=123&page=3&user=abc');
    expect(writeListFilters(params, keys, { name: '', email: ' ana@ex.com ', status: 'suspended' }).toString()).toBe(
      'user=abc&email=ana%40ex.com&status=suspended',
    );
    expect(writeListFilters(params, keys, {}).toString()).toBe('user=abc');
  });

  it('reads the page as a whole number from 1', () => {
    expect(readPage(new URLSearchParams('page=3'))).toBe(3);
    expect(readPage(new URLSearchParams('page=2.7'))).toBe(2);
    for (const bad of ['', 'page=0', 'page=-4', 'page=abc']) expect(readPage(new URLSearchParams(bad))).toBe(1);
  });

  it('checks the query with the contract and answers its message', () => {
    expect(parseListQuery(ZAdminUserListQuery, { cpf: '529.982.247-25', page: 1, page_size: 20 })).toEqual({
      query: { cpf: '52998224725', page: 1, page_size: 20 },
    });
    expect(
      parseListQuery(ZAdminUserListQuery, { created_from: '2026-05-10', created_to: '2026-05-01', page: 1 }),
    ).toEqual({ error: 'A data final deve ser igual ou posterior à inicial' });
    expect(parseListQuery(ZAdminUserListQuery, { cpf: 'abc', page: 1 }).error).toBe('Use apenas os algarismos do CPF');
  });
});
