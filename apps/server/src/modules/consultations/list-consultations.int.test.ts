import { ZPatientSummary, type TConsultation, type TConsultationList } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorLocs } from '../../../test/account-requests';
import { createTestConsultation, createTestPatient, uniqueWord } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { consultations } from '../../db/schema/index';

const t = useTestApp();

type Headers = Record<string, string>;

function list(headers: Headers, query: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: '/api/v1/user/consultations/', headers, query });
}

async function ids(headers: Headers, query: Record<string, string> = {}): Promise<string[]> {
  const response = await list(headers, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TConsultationList>().items.map((item) => item.id);
}

/** Moves a consultation's creation to an instant, as if it had been made then. */
async function createdAt(consultation: TConsultation, instant: string): Promise<void> {
  await t.app.db
    .update(consultations)
    .set({ createdAt: new Date(instant) })
    .where(eq(consultations.id, consultation.id));
}

describe('GET /user/consultations/', () => {
  it('lists the professional’s consultations most recent first, with patient and without user context', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const older = await createTestConsultation(t.app, headers, { title: 'Antiga' });
    const newer = await createTestConsultation(t.app, headers, { title: 'Recente' });
    await createTestConsultation(t.app, (await createLoggedInUser(t.app)).headers);
    const response = await list(headers);
    const page = response.json<TConsultationList>();
    expect(page).toMatchObject({ total: 2, page: 1, page_size: 20 });
    // The consultation's consents and AI choice are the page's, not the list's.
    const { user_context: _, recording_consent: _consent, ai_consent: _ai, ai_enabled: _aiEnabled, ...listed } = newer;
    expect(page.items).toEqual([
      { ...listed, patient: ZPatientSummary.parse(newer.patient) },
      expect.objectContaining({ id: older.id, patient: ZPatientSummary.parse(older.patient) }),
    ]);
  });

  it('pages with a total over all pages', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const made: TConsultation[] = [];
    for (let i = 0; i < 5; i++) made.push(await createTestConsultation(t.app, headers));
    const expected = made.map((consultation) => consultation.id).reverse();
    const pages = await Promise.all(['1', '2', '3'].map((page) => list(headers, { page, page_size: '2' })));
    expect(pages.map((page) => page.json<TConsultationList>().total)).toEqual([5, 5, 5]);
    expect(pages.flatMap((page) => page.json<TConsultationList>().items.map((item) => item.id))).toEqual(expected);
  });

  it('filters by patient, status and text (title, chief complaint or patient name, ignoring case and accents)', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const word = uniqueWord();
    const patient = await createTestPatient(t.app, headers, { name: `Joana ${word} Araújo` });
    const first = await createTestConsultation(t.app, headers, { patient_id: patient.id, title: 'Pré-natal' });
    const second = await createTestConsultation(t.app, headers, {
      patient_id: patient.id,
      chief_complaint: 'Cefaleia',
    });
    const other = await createTestConsultation(t.app, headers, { title: 'Avaliação de cefaleia crônica' });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/user/consultations/${second.id}`,
      headers,
      payload: { status: 'recording' },
    });

    expect(await ids(headers, { patient_id: patient.id })).toEqual([second.id, first.id]);
    expect(await ids(headers, { status: 'recording' })).toEqual([second.id]);
    expect(await ids(headers, { status: 'draft' })).toEqual([other.id, first.id]);
    expect(await ids(headers, { q: 'ARAUJO' })).toEqual([second.id, first.id]);
    expect(await ids(headers, { q: 'pre-NATAL' })).toEqual([first.id]);
    expect(await ids(headers, { q: 'céfaleia' })).toEqual([other.id, second.id]);
    expect(await ids(headers, { q: 'cefaleia', patient_id: patient.id, status: 'recording' })).toEqual([second.id]);
    expect(await ids(headers, { q: '_' })).toEqual([]);
  });

  it('filters by days on Brasília time, both ends included', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const made = await Promise.all([1, 2, 3, 4].map(() => createTestConsultation(t.app, headers)));
    const [lateOnFirst, earlyOnSecond, lateOnSecond, onThird] = made as [
      TConsultation,
      TConsultation,
      TConsultation,
      TConsultation,
    ];
    await createdAt(lateOnFirst, '2026-03-02T02:30:00Z'); // 1 March, 23:30 in Brasília
    await createdAt(earlyOnSecond, '2026-03-02T03:00:00Z'); // 2 March, 00:00
    await createdAt(lateOnSecond, '2026-03-03T02:59:59Z'); // 2 March, 23:59:59
    await createdAt(onThird, '2026-03-03T12:00:00Z');

    expect(await ids(headers, { from: '2026-03-02', to: '2026-03-02' })).toEqual([lateOnSecond.id, earlyOnSecond.id]);
    expect(await ids(headers, { to: '2026-03-01' })).toEqual([lateOnFirst.id]);
    expect(await ids(headers, { from: '2026-03-03' })).toEqual([onThird.id]);
  });

  it('refuses bad dates, a reversed range, unknown parameters and pages out of range', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const cases: [Record<string, string>, string][] = [
      [{ from: '2026-02-30' }, 'from'],
      [{ to: '03/02/2026' }, 'to'],
      [{ from: '2026-03-10', to: '2026-03-01' }, 'to'],
      [{ status: 'paused' }, 'status'],
      [{ patient_id: 'not-a-uuid' }, 'patient_id'],
      [{ page_size: '101' }, 'page_size'],
      [{ page: '-1' }, 'page'],
      [{ q: 'x'.repeat(121) }, 'q'],
      [{ q: 'a\u0000' }, 'q'],
      [{ sort: 'title' }, 'sort'],
      [{ from: '0000-01-01' }, 'from'],
      [{ to: '0000-01-01' }, 'to'],
      [{ from: '1899-12-31' }, 'from'],
      [{ page: '0x10' }, 'page'],
      [{ page_size: '1e1' }, 'page_size'],
    ];
    for (const [query, field] of cases) {
      const response = await list(headers, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(errorLocs(response), JSON.stringify(query)).toEqual([['querystring', field]]);
    }
  });

  it('takes every day from 1900 to the last one the format can write', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const response = await list(headers, { from: '1900-01-01', to: '9999-12-31' });
    expect(response.statusCode).toBe(200);
  });
});
