import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { AccessLogWriter, type AccessLogRow } from './access-log-writer';

/** A database whose inserts wait to be let through, and refuse the rows `refuses` picks. */
function fakeDatabase(refuses: (row: AccessLogRow) => boolean = () => false) {
  const inserts: AccessLogRow[][] = [];
  const releases: (() => void)[] = [];
  const db = {
    insert: () => ({
      values: async (rows: AccessLogRow[]) => {
        await new Promise<void>((release) => releases.push(release));
        if (rows.some(refuses)) throw new Error('refused');
        inserts.push(rows);
      },
    }),
  } as unknown as Database;
  const releaseAll = async () => {
    while (releases.length > 0) {
      releases.splice(0).forEach((release) => release());
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { db, inserts, releaseAll };
}

const row = (recordId: string): AccessLogRow => ({
  actorUserId: '00000000-0000-4000-8000-000000000001',
  actorRole: 'professional',
  recordKind: 'patient',
  recordId,
  action: 'read',
  route: 'GET /api/v1/user/patients/:id',
});

const silent = pino({ level: 'silent' });

describe('AccessLogWriter', () => {
  it('inserts the first request at once and the requests arriving meanwhile together in the next insert', async () => {
    const { db, inserts, releaseAll } = fakeDatabase();
    const writer = new AccessLogWriter(db, silent);
    const stored = [writer.append([row('1')]), writer.append([row('2')]), writer.append([row('3'), row('4')])];
    await releaseAll();
    await Promise.all(stored);
    expect(inserts.map((rows) => rows.map((each) => each.recordId))).toEqual([['1'], ['2', '3', '4']]);
  });

  it('fails only the request whose row the database refuses, not the others of its batch', async () => {
    const { db, inserts, releaseAll } = fakeDatabase((each) => each.recordId === 'bad');
    const writer = new AccessLogWriter(db, silent);
    const first = writer.append([row('1')]);
    const outcomes = [writer.append([row('2')]), writer.append([row('bad')]), writer.append([row('3')])].map((each) =>
      each.then(
        () => 'stored',
        () => 'refused',
      ),
    );
    await releaseAll();
    await first;
    expect(await Promise.all(outcomes)).toEqual(['stored', 'refused', 'stored']);
    expect(inserts.flat().map((each) => each.recordId)).toEqual(['1', '2', '3']);
  });
});
