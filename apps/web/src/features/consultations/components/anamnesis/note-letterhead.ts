import type { TPatientSummary } from '@escriba/contract';
import { formatCalendarDay, formatDateTime } from '../../../../lib/format';
import type { NoteAuthor } from '../../api/note-author';

type LicenseText = NonNullable<NoteAuthor['license']>;

interface NoteConsultation {
  patient: Pick<TPatientSummary, 'name' | 'social_name' | 'birth_date'>;
  created_at: string;
}

/** What heads and closes the note wherever it leaves the page (print, "Copiar tudo"). */
export interface NoteLetterhead {
  rows: { label: string; value: string }[];
  aiDisclosure: string;
}

/** A license as Brazilian documents write it: council/UF then the number ("CRM/SP 123456"). */
export function licenseText({ license_type_code, state, number }: LicenseText): string {
  return `${license_type_code}/${state} ${number}`;
}

/** The license with the specialist's RQE when there is one: "CRM/SP 123456 · RQE nº 45678". */
export function credentialsText(license: LicenseText): string {
  return license.rqe ? `${licenseText(license)} · RQE nº ${license.rqe}` : licenseText(license);
}

// The CFM's rule binds physicians: other councils' professionals record the AI's use without citing it.
const CFM_RULE = 'Uso registrado conforme a Resolução CFM nº 2.454/2026.';

/** The closing line that records the AI's part and the professional's review. */
export function aiDisclosure({ name, license }: NoteAuthor): string {
  const reviewer = license ? `${name} (${licenseText(license)})` : name;
  const drafted = `Texto redigido com auxílio de assistente de inteligência artificial (Escriba) e revisado por ${reviewer}.`;
  return license?.license_type_code === 'CRM' ? `${drafted} ${CFM_RULE}` : drafted;
}

/** The patient as the record names her: the social name first, the civil name beside it. */
function patientText({ name, social_name, birth_date }: NoteConsultation['patient']): string {
  const named = social_name ? `${social_name} (nome civil: ${name})` : name;
  return birth_date ? `${named} · nascimento em ${formatCalendarDay(birth_date)}` : named;
}

export function noteLetterhead(author: NoteAuthor, consultation: NoteConsultation): NoteLetterhead {
  const professional = author.license ? `${author.name} · ${credentialsText(author.license)}` : author.name;
  return {
    rows: [
      { label: 'Profissional', value: professional },
      { label: 'Paciente', value: patientText(consultation.patient) },
      { label: 'Consulta', value: formatDateTime(consultation.created_at) },
    ],
    aiDisclosure: aiDisclosure(author),
  };
}
