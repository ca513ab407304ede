import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { consultations } from '../../db/schema/index';

// A consultation's patient never changes: an entry stays true for as long as it is kept.
const MAX_ENTRIES = 20_000;

/** Whose patient a consultation is about, remembered (least recently used out first), for the access log. */
export class ConsultationPatients {
  private readonly known = new Map<string, { userId: string; patientId: string }>();

  constructor(private readonly db: Database) {}

  /** The patient of the owner's consultation; null when it is not hers (the route answers 404). */
  async patientOf(consultationId: string, ownerUserId: string): Promise<string | null> {
    const cached = this.known.get(consultationId);
    if (cached) {
      this.known.delete(consultationId);
      this.known.set(consultationId, cached);
      return cached.userId === ownerUserId ? cached.patientId : null;
    }
    const [row] = await this.db
      .select({ userId: consultations.userId, patientId: consultations.patientId })
      .from(consultations)
      .where(and(eq(consultations.id, consultationId), eq(consultations.userId, ownerUserId)));
    if (!row) return null;
    this.known.set(consultationId, row);
    if (this.known.size > MAX_ENTRIES) this.known.delete(this.known.keys().next().value!);
    return row.patientId;
  }
}
