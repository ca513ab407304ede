import { aiDisclosure, credentialsText, type TNoteAuthor, type TPatientSummary } from '@escriba/contract';
import { formatCalendarDay, formatDateTime } from '../../../../lib/format';

interface NoteConsultation {
  patient: Pick<TPatientSummary, 'name' | 'social_name' | 'birth_date'>;
  created_at: string;
}

/** What heads and closes the note wherever it leaves the page (print, "Copiar para o prontuário"). */
export interface NoteLetterhead {
  rows: { label: string; value: string }[];
  aiDisclosure: string;
}

/** The patient as the record names her: the social name first, the civil name beside it. */
function patientText({ name, social_name, birth_date }: NoteConsultation['patient']): string {
  const named = social_name ? `${social_name} (nome civil: ${name})` : name;
  return birth_date ? `${named} · nascimento em ${formatCalendarDay(birth_date)}` : named;
}

export function noteLetterhead(author: TNoteAuthor, consultation: NoteConsultation): NoteLetterhead {
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
