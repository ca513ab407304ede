import type { TPrescriptionItem, TPrescriptionType } from '@escriba/contract';
import { useId } from 'react';
import { Badge } from '../../../../../components/ui/badge';
import { PRESCRIPTION_LABELS, PRESCRIPTION_TYPES } from '../document-labels';
import { PartList } from '../paragraphs';
import { DocumentPart, PartFields, PartText, WaitingPart } from '../parts';
import { NO_SOURCES, propertySetter, type KindBodyProps } from './kind-body';

const TEXT_FIELDS = ['dose', 'form', 'quantity', 'route'] as const;

const newLine = (): TPrescriptionItem => ({
  medication: '',
  dose: '',
  form: '',
  quantity: '',
  instructions: '',
  route: '',
  continuous: false,
  sources: NO_SOURCES,
});

/** A receita: its type (simples, or controle especial in two copies) and its numbered lines. */
export function ReceitaBody({ documentId, content, isEditing, onChange }: KindBodyProps<'receita'>) {
  const set = propertySetter(content, onChange);
  return (
    <div className="flex flex-col gap-3">
      {content.type === undefined ? (
        <ul>
          <WaitingPart title="Tipo de receita" />
        </ul>
      ) : (
        <PrescriptionType type={content.type} isEditing={isEditing} onChange={(type) => set('type', type)} />
      )}
      <PartList
        label="Medicamentos"
        items={content.items}
        isEditing={isEditing}
        emptyText="Nenhum medicamento foi prescrito na consulta."
        addLabel="Adicionar medicamento"
        newItem={newLine}
        onChange={(items) => set('items', items)}
      >
        {(item, index, { change, remove }) => {
          const edit = (patch: Partial<TPrescriptionItem>) => change({ ...item, ...patch });
          return (
            <DocumentPart
              key={index}
              id={`${documentId}/items/${index}`}
              title={`Medicamento ${index + 1}`}
              heading={
                <>
                  <span className="text-muted">{index + 1}.</span>{' '}
                  {item.medication.trim() || (isEditing ? `Medicamento ${index + 1}` : 'Medicamento não mencionado')}
                </>
              }
              sources={item.sources}
              isEditing={isEditing}
              onRemove={remove}
            >
              <PartFields isEditing={isEditing}>
                {isEditing && (
                  <PartText
                    label={PRESCRIPTION_LABELS.medication}
                    value={item.medication}
                    isEditing
                    isWide
                    onChange={(medication) => edit({ medication })}
                  />
                )}
                {TEXT_FIELDS.map((key) => (
                  <PartText
                    key={key}
                    label={PRESCRIPTION_LABELS[key]}
                    value={item[key]}
                    isEditing={isEditing}
                    onChange={(value) => edit({ [key]: value })}
                  />
                ))}
                <PartText
                  label={PRESCRIPTION_LABELS.instructions}
                  value={item.instructions}
                  isEditing={isEditing}
                  isMultiline
                  isWide
                  onChange={(instructions) => edit({ instructions })}
                />
                <Continuous
                  isContinuous={item.continuous}
                  isEditing={isEditing}
                  onChange={(continuous) => edit({ continuous })}
                />
              </PartFields>
            </DocumentPart>
          );
        }}
      </PartList>
    </div>
  );
}

interface ContinuousProps {
  isContinuous: boolean;
  isEditing: boolean;
  onChange: (isContinuous: boolean) => void;
}

/** "Uso contínuo": marked when it is, a box to tick while editing. */
function Continuous({ isContinuous, isEditing, onChange }: ContinuousProps) {
  if (isEditing) {
    return (
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-accent-600"
          checked={isContinuous}
          onChange={(event) => onChange(event.target.checked)}
        />
        {PRESCRIPTION_LABELS.continuous}
      </label>
    );
  }
  return (
    isContinuous && (
      <div>
        <dt className="sr-only">{PRESCRIPTION_LABELS.continuous}</dt>
        <dd>
          <Badge tone="accent">{PRESCRIPTION_LABELS.continuous}</Badge>
        </dd>
      </div>
    )
  );
}

interface PrescriptionTypeProps {
  type: TPrescriptionType;
  isEditing: boolean;
  onChange: (type: TPrescriptionType) => void;
}

function PrescriptionType({ type, isEditing, onChange }: PrescriptionTypeProps) {
  const name = useId();
  if (!isEditing) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
        <Badge tone={type === 'controle_especial' ? 'warning' : 'neutral'}>{PRESCRIPTION_TYPES[type].title}</Badge>
        {PRESCRIPTION_TYPES[type].hint}
      </p>
    );
  }
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1 text-sm font-medium">Tipo de receita</legend>
      {(Object.keys(PRESCRIPTION_TYPES) as TPrescriptionType[]).map((value) => (
        <label key={value} className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name={name}
            className="mt-0.5 size-4 accent-accent-600"
            checked={type === value}
            onChange={() => onChange(value)}
          />
          <span>
            <span className="font-medium">{PRESCRIPTION_TYPES[value].title}</span>{' '}
            <span className="text-muted">{PRESCRIPTION_TYPES[value].hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
