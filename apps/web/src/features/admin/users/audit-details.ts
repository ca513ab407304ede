import {
  CONSULTATION_STATUS_LABELS,
  DOCUMENT_KIND_TITLES,
  type TConsultationStatus,
  type TCpfDisputeResolution,
  type TDocumentKind,
  type TUserStatus,
} from '@escriba/contract';
import { formatBrasiliaMinute } from '../../../lib/format';
import { queueLabel } from '../system/system-labels';
import { USER_STATUS_LABELS } from './user-labels';

// The keys the server writes in an audit event's details (the modules' recordAudit calls), as a reader names them.
const DETAIL_LABELS: Record<string, string> = {
  amount: 'créditos',
  status: 'status',
  sessions_ended: 'sessões encerradas',
  patients: 'pacientes',
  consultations: 'consultas',
  files: 'arquivos',
  kind: 'documento',
  valid_until: 'válido até',
  reason: 'motivo',
  email: 'e-mail',
  resolution: 'decisão',
  queue: 'fila',
  retried: 'repetidos',
  recording: 'gravação',
  ai_processing: 'uso de IA',
  ai_enabled: 'uso de IA',
  credentials_chosen: 'senha criada na verificação',
};

// Values written as codes: statuses (a user's and a consultation's have no code in common), what was signed or
// deleted, why a log-in failed, how a CPF dispute ended.
const VALUE_LABELS: Record<string, string> = {
  ...(USER_STATUS_LABELS satisfies Record<TUserStatus, string>),
  ...(CONSULTATION_STATUS_LABELS satisfies Record<TConsultationStatus, string>),
  ...(DOCUMENT_KIND_TITLES satisfies Record<TDocumentKind, string>),
  anamnesis: 'Anamnese',
  unknown_user: 'e-mail não cadastrado',
  wrong_password: 'senha incorreta',
  ...({
    holder_keeps: 'CPF mantido com o titular',
    claimant_gets: 'CPF transferido a quem contestou',
  } satisfies Record<TCpfDisputeResolution, string>),
};

const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Shown = string | number | boolean;

/**
 * An audit event's details as a reader says them: "Em aberto → Concluída · documento: Receita ·
 * válido até 12/03/2027 14:30": statuses, kinds and reasons in Portuguese, instants on Brasília's clock.
 * Record identifiers (`*_id`, ids as values) and nested values are left out, as they tell a reader nothing.
 */
export function describeAuditDetails(details: Record<string, unknown>): string {
  const shown = Object.entries(details).filter(
    (entry): entry is [string, Shown] =>
      !entry[0].endsWith('_id') &&
      ['string', 'number', 'boolean'].includes(typeof entry[1]) &&
      !(typeof entry[1] === 'string' && UUID.test(entry[1])),
  );
  const { from, to } = Object.fromEntries(shown);
  const change = from !== undefined && to !== undefined ? [`${describeValue(from)} → ${describeValue(to)}`] : [];
  const rest = shown
    .filter(([key]) => change.length === 0 || (key !== 'from' && key !== 'to'))
    .map(
      ([key, value]) =>
        `${DETAIL_LABELS[key] ?? key}: ${key === 'queue' ? queueLabel(String(value)) : describeValue(value)}`,
    );
  return [...change, ...rest].join(' · ');
}

function describeValue(value: Shown): string {
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (typeof value === 'number') return value.toLocaleString('pt-BR');
  if (ISO_INSTANT.test(value)) return formatBrasiliaMinute(value);
  return VALUE_LABELS[value] ?? value;
}
