import type { TPatient, TPatientList } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { errorLocs, formatCpf } from '../../../test/account-requests';
import { createTestPatient, uniqueWord } from '../../../test/clinical-factories';
import { createLoggedInUser, uniqueCpf } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();

type Headers = Record<string, string>;

async function list(headers: Headers, query: Record<string, string> = {}): Promise<TPatientList> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/patients/', headers, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TPatientList>();
}

const names = (page: TPatientList) => page.items.map((patient) => patient.name);

describe('GET /user/patients/', () => {
  it("lists only the professional's active patients, by name, ignoring case and accents", async () => {
    const { headers } = await createLoggedInUser(t.app);
    for (const name of ['bruno Alves', 'Álvaro Souza', 'Carla Dias']) await createTestPatient(t.app, headers, { name });
    const archived = await createTestPatient(t.app, headers, { name: 'Arquivado Silva' });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/user/patients/${archived.id}`,
      headers,
      payload: { archived: true },
    });
    const other = await createLoggedInUser(t.app);
    await createTestPatient(t.app, other.headers, { name: 'Alheio Pereira' });

    const page = await list(headers);
    expect(names(page)).toEqual(['Álvaro Souza', 'bruno Alves', 'Carla Dias']);
    expect(page).toMatchObject({ total: 3, page: 1, page_size: 20 });
    expect(names(await list(headers, { sort: '-name' }))).toEqual(['Carla Dias', 'bruno Alves', 'Álvaro Souza']);
    expect(names(await list(headers, { sort: '-created_at' }))).toEqual(['Carla Dias', 'Álvaro Souza', 'bruno Alves']);
    expect(names(await list(headers, { archived: 'true' }))).toEqual(['Arquivado Silva']);
    expect((await list(headers, { archived: 'all' })).total).toBe(4);
  });

  it('pages through the list and reports the total of every page', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const created: TPatient[] = [];
    for (let i = 0; i < 5; i++)
      created.push(await createTestPatient(t.app, headers, { name: `Paciente ${i} ${uniqueWord()}` }));
    const pages = [1, 2, 3].map((page) => list(headers, { page: String(page), page_size: '2', sort: 'created_at' }));
    const [first, second, third] = await Promise.all(pages);
    expect([first!, second!, third!].map((page) => page.total)).toEqual([5, 5, 5]);
    expect([first!, second!, third!].flatMap((page) => page.items.map((patient) => patient.id))).toEqual(
      created.map((patient) => patient.id),
    );
    expect((await list(headers, { page: '9', page_size: '2' })).items).toEqual([]);
  });

  it('finds patients by part of the name or social name, and by CPF digits typed with or without punctuation', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const word = uniqueWord();
    const cpf = uniqueCpf();
    const byName = await createTestPatient(t.app, headers, { name: `José ${word} Conceição` });
    const bySocialName = await createTestPatient(t.app, headers, {
      name: 'Registro Civil',
      social_name: `Dani ${word}`,
    });
    const byCpf = await createTestPatient(t.app, headers, { name: 'Com CPF', cpf });
    await createTestPatient(t.app, headers, { name: 'Nada a Ver' });

    const ids = async (q: string) => (await list(headers, { q })).items.map((patient) => patient.id);
    expect(await ids(word.toUpperCase())).toEqual([byName.id, bySocialName.id]);
    expect(await ids('jose')).toEqual([byName.id]);
    expect(await ids('CONCEICAO')).toEqual([byName.id]);
    expect(await ids(formatCpf(cpf).slice(0, 7))).toEqual([byCpf.id]);
    expect(await ids(cpf.slice(-5))).toEqual([byCpf.id]);
    expect(await ids('%')).toEqual([]);
    expect((await list(headers, { q: '   ' })).total).toBe(4);
  });

  it('refuses unknown parameters, bad sorts and pages out of range', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const bad = { page_size: '101', page: '0', sort: 'cpf', archived: 'sim', ordem: 'x' };
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/patients/', headers, query: bad });
    expect(response.statusCode).toBe(422);
    expect(errorLocs(response)).toEqual(expect.arrayContaining(Object.keys(bad).map((name) => ['querystring', name])));
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/patients/' })).statusCode).toBe(401);
  });
});
