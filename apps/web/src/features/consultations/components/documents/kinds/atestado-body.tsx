import { CERTIFICATE_MAX_DAYS, type TCid10Code } from '@escriba/contract';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../../../components/ui/button';
import { TextField } from '../../../../../components/ui/text-field';
import { formatCalendarDay } from '../../../../../lib/format';
import { Cid10Picker } from '../../anamnesis/cid10-picker';
import { CERTIFICATE_TITLES } from '../document-labels';
import { ParagraphPart } from '../paragraphs';
import { DocumentPart, NotMentioned, PartFields, WaitingPart } from '../parts';
import { NO_SOURCES, propertySetter, type KindBodyProps } from './kind-body';

interface AtestadoBodyProps extends KindBodyProps<'atestado'> {
  /** The patient authorised the CID when the atestado was asked for. */
  includeCid: boolean;
}

const daysText = (days: number) => `${days} ${days === 1 ? 'dia' : 'dias'}`;

/** An atestado: the days off and from when, what it is for, and the CID only with the patient's authorisation. */
export function AtestadoBody({ documentId, content, isEditing, onChange, includeCid }: AtestadoBodyProps) {
  const set = propertySetter(content, onChange);
  const { days, start_date: start, period_sources: periodSources, purpose, cid } = content;
  const isPeriodIn = days !== undefined && start !== undefined;
  return (
    <ul className="flex flex-col gap-2">
      {isPeriodIn ? (
        <DocumentPart
          id={`${documentId}/period`}
          title="Afastamento"
          heading="Afastamento"
          sources={periodSources ?? NO_SOURCES}
          isEditing={isEditing}
        >
          <PartFields isEditing={isEditing}>
            {isEditing ? (
              <>
                <TextField
                  label={CERTIFICATE_TITLES.days}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={CERTIFICATE_MAX_DAYS}
                  value={days ?? ''}
                  onChange={(event) => {
                    const value = Number.parseInt(event.target.value, 10);
                    set('days', Number.isNaN(value) ? null : value);
                  }}
                />
                <TextField
                  label={CERTIFICATE_TITLES.start_date}
                  type="date"
                  value={start ?? ''}
                  onChange={(event) => set('start_date', event.target.value || null)}
                />
              </>
            ) : (
              <>
                <Value term={CERTIFICATE_TITLES.days}>{days === null ? <NotMentioned /> : daysText(days)}</Value>
                <Value term={CERTIFICATE_TITLES.start_date}>
                  {start === null ? <NotMentioned /> : formatCalendarDay(start)}
                </Value>
              </>
            )}
          </PartFields>
        </DocumentPart>
      ) : (
        <WaitingPart title="Afastamento" />
      )}
      <ParagraphPart
        id={`${documentId}/purpose`}
        title={CERTIFICATE_TITLES.purpose}
        paragraph={purpose}
        isEditing={isEditing}
        onChange={(next) => set('purpose', next)}
      />
      {cid === undefined ? (
        includeCid && <WaitingPart title={CERTIFICATE_TITLES.cid} />
      ) : (
        <CidPart
          documentId={documentId}
          cid={cid}
          includeCid={includeCid}
          isEditing={isEditing}
          onChange={(next) => set('cid', next)}
        />
      )}
    </ul>
  );
}

function Value({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted">{term}</dt>
      <dd className="text-[15px]">{children}</dd>
    </div>
  );
}

interface CidPartProps {
  documentId: string;
  cid: TCid10Code | null;
  includeCid: boolean;
  isEditing: boolean;
  onChange: (cid: TCid10Code | null) => void;
}

/**
 * The CID on the atestado: the consultation's confirmed diagnosis when the patient authorised it (CFM), which the
 * professional can change or take out; without the authorisation there is none to add.
 */
function CidPart({ documentId, cid, includeCid, isEditing, onChange }: CidPartProps) {
  const [isPicking, setIsPicking] = useState(false);
  const canChoose = isEditing && includeCid;
  return (
    <DocumentPart
      id={`${documentId}/cid`}
      title={CERTIFICATE_TITLES.cid}
      heading={CERTIFICATE_TITLES.cid}
      sources={NO_SOURCES}
      isEditing={isEditing}
    >
      {cid ? (
        <p className="text-[15px]">
          <span className="font-mono font-semibold">{cid.code}</span> — {cid.description}
        </p>
      ) : (
        <p className="text-sm text-muted">
          {includeCid
            ? 'Nenhum diagnóstico confirmado na anamnese quando o atestado foi gerado.'
            : 'Não incluído: o paciente não autorizou o CID no atestado.'}
        </p>
      )}
      {canChoose &&
        (isPicking ? (
          <Cid10Picker
            label="CID do atestado"
            takenCodes={cid ? [cid.code] : []}
            onChoose={(code) => {
              onChange(code);
              setIsPicking(false);
            }}
            onCancel={() => setIsPicking(false)}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => setIsPicking(true)}>
              {cid ? 'Trocar CID' : 'Escolher CID'}
            </Button>
            {cid && (
              <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
                Tirar o CID
              </Button>
            )}
          </div>
        ))}
    </DocumentPart>
  );
}
