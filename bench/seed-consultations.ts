import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema/index';

export interface SeedShape {
  professionals: number;
  patientsPerProfessional: number;
  consultationsPerPatient: number;
}

/**
 * Fills the tables with a few set-based statements (generate_series), not a request per row: active
 * professionals sharing `passwordHash`, their patients, and consultations spread over the last
 * two years. Returns the professionals' e-mail addresses.
 */
export async function seedConsultations(db: Database, shape: SeedShape, passwordHash: string): Promise<string[]> {
  const professionals = await db
    .insert(users)
    .values(
      Array.from({ length: shape.professionals }, (_, index) => ({
        name: `Profissional ${index + 1}`,
        email: `bench.${index + 1}@clinica.test`,
        passwordHash,
        status: 'active' as const,
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ email: users.email });
  await db.execute(sql`
    INSERT INTO patients (user_id, name, search_key, birth_date, sex, created_at, updated_at)
    SELECT u.id, 'Paciente ' || p || ' de ' || u.name, 'paciente ' || p || ' de ' || lower(u.name),
           date '1940-01-01' + (random() * 30000)::int, (ARRAY['female', 'male', 'intersex'])[1 + p % 3],
           now() - interval '3 years', now() - interval '3 years'
    FROM users u, generate_series(1, ${shape.patientsPerProfessional}::int) AS p`);
  await db.execute(sql`
    INSERT INTO consultations
      (user_id, patient_id, status, title, chief_complaint, search_key, user_context, created_at, updated_at)
    SELECT user_id, patient_id, (ARRAY['draft', 'recording', 'processing', 'done', 'done', 'done'])[1 + c % 6],
           'Consulta ' || c, 'Queixa número ' || c, 'consulta ' || c || ' queixa numero ' || c,
           repeat('Contexto clínico. ', 20), at, at
    FROM (SELECT p.user_id, p.id AS patient_id, c, now() - random() * interval '730 days' AS at
          FROM patients p, generate_series(1, ${shape.consultationsPerPatient}::int) AS c) AS planned`);
  await db.execute(sql`VACUUM ANALYZE users, patients, consultations`);
  return professionals.map((row) => row.email);
}
