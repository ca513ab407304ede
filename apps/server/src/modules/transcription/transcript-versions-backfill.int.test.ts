import { asc, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { insertEarlierConsultation, insertEarlierUser, useDatabaseBefore } from '../../../test/earlier-migrations';
import * as schema from '../../db/schema/index';

const openEarlier = useDatabaseBefore('_evidence_version_source');

// The migration is the same SQL on both databases; PGlite is enough to migrate one made before it.
it.skipIf(process.env.TEST_DATABASE_URL)(
  'tells the versions stored before it by what made them: a file read, a recording’s end, the owner’s correction',
  async () => {
    const earlier = await openEarlier();
    const { db } = earlier;
    const userId = await insertEarlierUser(db);
    const [patient] = await db
      .insert(schema.patients)
      .values({ userId: userId, name: 'Paciente', searchKey: 'paciente' })
      .returning();
    const consultationId = await insertEarlierConsultation(db, userId, patient!.id);
    // Written with the columns of the time, which the schema's insert would not be.
    const [transcript, file] = (
      await db.execute<{ id: string }>(sql`insert into evidences (consultation_id, kind) values
        (${consultationId}, 'transcript'), (${consultationId}, 'file') returning id`)
    ).rows;
    await db.execute(sql`insert into evidence_versions (evidence_id, version, text) values
      (${transcript!.id}, 1, 'Bom dia.'),
      (${transcript!.id}, 2, 'Bom dia, doutora.'),
      (${transcript!.id}, 3, ${'Bom dia, doutora.\nDor de cabeça.'}),
      (${transcript!.id}, 4, ${'Bom dia, doutora.\nDor de cabeça há três dias.'}),
      (${file!.id}, 1, 'Hemoglobina 13,5 g/dL')`);

    await earlier.migrateRest();

    const versions = await db
      .select()
      .from(schema.evidenceVersions)
      .orderBy(asc(schema.evidenceVersions.evidenceId), asc(schema.evidenceVersions.version));
    const seen = new Map(
      versions.map((each) => [`${each.evidenceId === file!.id ? 'file' : 'transcript'} ${each.version}`, each]),
    );
    expect([...seen].map(([key, { source, authorId, lines }]) => [key, source, authorId, lines]).sort()).toEqual([
      ['file 1', 'reading', null, null],
      ['transcript 1', 'recording', null, null],
      ['transcript 2', 'correction', userId, null],
      ['transcript 3', 'recording', null, null],
      ['transcript 4', 'correction', userId, null],
    ]);
  },
);
