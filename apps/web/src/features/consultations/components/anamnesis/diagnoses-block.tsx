import { hasSources, type TDiagnosis } from '@escriba/contract';
import { useEffect, useState } from 'react';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { ConfirmDeleteButton } from '../../../../components/ui/confirm-delete-button';
import { Icon } from '../../../../components/ui/icon';
import { useSourceHighlight } from '../sources/source-highlight';
import { SourceList } from '../sources/source-list';
import { Cid10Picker } from './cid10-picker';
import { useDiagnoses } from './use-diagnoses';

interface DiagnosesBlockProps {
  consultationId: string;
  diagnoses: TDiagnosis[];
  /** An open consultation: hypotheses can be confirmed, changed, removed and added. */
  canChange: boolean;
}

const SOURCE_KEY_PREFIX = 'diagnosis-';
const sourceKeyOf = (code: string) => `${SOURCE_KEY_PREFIX}${code}`;

/** Where a search box is open: adding a code, or changing the one named. */
type Picking = { kind: 'add' } | { kind: 'replace'; code: string };

/** "Hipóteses diagnósticas (CID-10)": the note's codes, the assistant's shown as suggestions until confirmed. */
export function DiagnosesBlock({ consultationId, diagnoses, canChange }: DiagnosesBlockProps) {
  const actions = useDiagnoses(consultationId, diagnoses);
  const [picking, setPicking] = useState<Picking>();
  const takenCodes = diagnoses.map((item) => item.code);
  const closePicker = () => setPicking(undefined);
  // The marks and "Fonte de …" labels of a hypothesis whose code was changed or removed (here, by a new note or in
  // another tab) would name a code the note no longer holds: they go with it.
  const { highlight, clear } = useSourceHighlight();
  const isShowingGoneCode =
    highlight?.fieldId.startsWith(SOURCE_KEY_PREFIX) === true &&
    !diagnoses.some((diagnosis) => sourceKeyOf(diagnosis.code) === highlight.fieldId);
  useEffect(() => {
    if (isShowingGoneCode) clear();
  }, [isShowingGoneCode, clear]);

  return (
    <section
      aria-labelledby="diagnoses-title"
      data-testid="diagnoses"
      className="flex flex-col gap-2.5 rounded-xl border border-line bg-surface px-3.5 py-3"
    >
      <h3 id="diagnoses-title" className="text-sm font-semibold">
        Hipóteses diagnósticas (CID-10)
      </h3>
      {diagnoses.length === 0 && (
        <p className="text-sm text-muted">
          {canChange
            ? 'Nenhuma hipótese ainda. Adicione códigos da CID-10 pela busca; as sugestões do assistente aparecem aqui para você confirmar.'
            : 'Nenhuma hipótese diagnóstica registrada.'}
        </p>
      )}
      {diagnoses.length > 0 && (
        <ul className="flex flex-col divide-y divide-line" aria-label="Hipóteses diagnósticas">
          {diagnoses.map((diagnosis) => (
            <DiagnosisItem
              key={diagnosis.code}
              diagnosis={diagnosis}
              canChange={canChange}
              isSaving={actions.isSaving}
              onConfirm={() => void actions.confirm(diagnosis.code)}
              onChange={() => setPicking({ kind: 'replace', code: diagnosis.code })}
              onRemove={() => void actions.remove(diagnosis.code)}
            >
              {picking?.kind === 'replace' && picking.code === diagnosis.code && (
                <Cid10Picker
                  label={`Trocar ${diagnosis.code} por`}
                  takenCodes={takenCodes}
                  onCancel={closePicker}
                  onChoose={(chosen) => void actions.replace(diagnosis.code, chosen.code).then(closePicker)}
                />
              )}
            </DiagnosisItem>
          ))}
        </ul>
      )}
      {canChange &&
        (picking?.kind === 'add' ? (
          <Cid10Picker
            label="Adicionar CID"
            takenCodes={takenCodes}
            onCancel={closePicker}
            onChoose={(chosen) => void actions.add(chosen.code).then((isSaved) => isSaved && closePicker())}
          />
        ) : (
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            onClick={() => setPicking({ kind: 'add' })}
            disabled={actions.isSaving}
          >
            <Icon name="plus" className="size-4" /> Adicionar CID
          </Button>
        ))}
    </section>
  );
}

interface DiagnosisItemProps {
  diagnosis: TDiagnosis;
  canChange: boolean;
  isSaving: boolean;
  onConfirm: () => void;
  onChange: () => void;
  onRemove: () => void;
  /** The search box that changes this code, when open. */
  children: React.ReactNode;
}

function DiagnosisItem({
  diagnosis,
  canChange,
  isSaving,
  onConfirm,
  onChange,
  onRemove,
  children,
}: DiagnosisItemProps) {
  const { highlight, show, clear } = useSourceHighlight();
  const { code, description, confirmed, suggested, sources } = diagnosis;
  const sourceKey = sourceKeyOf(code);
  const title = `${code} ${description}`;
  const isShowingSources = highlight?.fieldId === sourceKey;

  return (
    <li className="flex flex-col gap-1.5 py-2 first:pt-0 last:pb-0" data-testid="diagnosis" data-code={code}>
      <div className="flex items-baseline gap-2.5">
        <span className="w-14 shrink-0 font-mono text-sm font-semibold">{code}</span>
        <span className="min-w-0 flex-1 text-[15px] leading-snug">{description}</span>
        {confirmed ? (
          <Badge tone="success">
            <Icon name="circle-check" className="size-3.5" /> confirmado
          </Badge>
        ) : suggested ? (
          <Badge tone="warning">sugerido</Badge>
        ) : (
          <Badge>a confirmar</Badge>
        )}
      </div>
      <div className="-mx-1.5 flex flex-wrap items-center gap-0.5 pl-16" role="group" aria-label={`Ações de ${code}`}>
        {canChange && !confirmed && (
          <Button size="sm" variant="ghost" className="h-7 px-1.5 text-xs" onClick={onConfirm} disabled={isSaving}>
            <Icon name="circle-check" className="size-3.5" /> Confirmar
          </Button>
        )}
        {canChange && (
          <Button size="sm" variant="ghost" className="h-7 px-1.5 text-xs" onClick={onChange} disabled={isSaving}>
            <Icon name="refresh-cw" className="size-3.5" /> Trocar
          </Button>
        )}
        {canChange && (
          <ConfirmDeleteButton
            className="h-7 px-1.5 text-xs"
            isDeleting={false}
            disabled={isSaving}
            confirmation={{
              title: `Remover ${code}?`,
              description: `${description} sai das hipóteses diagnósticas desta consulta.`,
              confirmLabel: 'Remover',
            }}
            onConfirm={onRemove}
          >
            Remover
          </ConfirmDeleteButton>
        )}
        {hasSources(sources) && (
          <Button
            size="sm"
            variant="ghost"
            className="h-7 px-1.5 text-xs"
            aria-pressed={isShowingSources}
            onClick={() => (isShowingSources ? clear() : show(sourceKey, title, sources))}
          >
            <Icon name="search" className="size-3.5" /> Fontes
          </Button>
        )}
      </div>
      {isShowingSources && <SourceList fieldId={sourceKey} title={title} sources={sources} />}
      {children}
    </li>
  );
}
