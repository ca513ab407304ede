import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { insertEarlierConsultation, insertEarlierUser, useDatabaseBefore } from '../../../test/earlier-migrations';
import * as schema from '../../db/schema/index';

const openEarlier = useDatabaseBefore('_note_statements');

const SOURCES = { transcript: [{ seq: 2, start: 16, end: 24 }], evidence: [], user_context: false };
const field = (field_id: string, text: string) => ({
  field_id,
  title: field_id,
  text,
  sources: SOURCES,
  edited: false,
});

// The migration is the same SQL on both databases; PGlite is enough to migrate one made before it.
it.skipIf(process.env.TEST_DATABASE_URL)(
  'reads a note stored before statements as one unchecked statement per field, none for "Não informado"',
  async () => {
    const earlier = await openEarlier();
    const { db } = earlier;
    const userId = await insertEarlierUser(db);
    const [patient] = await db
      .insert(schema.patients)
      .values({ userId, name: 'Paciente', searchKey: 'paciente' })
      .returning();
    const consultationId = await insertEarlierConsultation(db, userId, patient!.id);
    const fields = [field('hda', 'Cefaleia há 3 semanas. Nega febre.'), field('alergias', 'Não informado')];
    const provenance = {
      template: { id: consultationId, name: 'Clínica' },
      persona: null,
      prompts: [],
      model: null,
      inputs: { transcript: null, evidence_ids: [], patient_id: patient!.id, user_context: false, condensed: false },
    };
    await db.execute(sql`insert into anamnesis_versions
      (consultation_id, user_id, version, kind, status, template_id, template_fields, fields, provenance)
      values (${consultationId}, ${userId}, 1, 'generation', 'ready', ${consultationId}, '[]',
        ${JSON.stringify(fields)}::jsonb, ${JSON.stringify(provenance)}::jsonb),
        (${consultationId}, ${userId}, 2, 'generation', 'failed', ${consultationId}, '[]', '[]',
        ${JSON.stringify(provenance)}::jsonb)`);

    await earlier.migrateRest();

    const [note, failed] = await db.select().from(schema.anamnesisVersions).orderBy(schema.anamnesisVersions.version);
    expect(note!.fields).toEqual([
      {
        ...fields[0],
        statements: [
          { text: 'Cefaleia há 3 semanas. Nega febre.', sources: SOURCES, status: 'unchecked', reason: null },
        ],
      },
      { ...fields[1], statements: [] },
    ]);
    expect(note!.provenance).toEqual({ ...provenance, reviews: [] });
    expect(failed!.fields).toEqual([]);
    expect(failed!.provenance.reviews).toEqual([]);
  },
);
