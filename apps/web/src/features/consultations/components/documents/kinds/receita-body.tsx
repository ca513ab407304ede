import type { TPrescriptionCheck, TPrescriptionItem } from '@escriba/contract';
import { Badge } from '../../../../../components/ui/badge';
import { PRESCRIPTION_LABELS } from '../document-labels';
import { PartList } from '../paragraphs';
import { DocumentPart, PartFields, PartText } from '../parts';
import { NO_SOURCES, propertySetter, type KindBodyProps } from './kind-body';
import { PrescriptionItemBadge, PrescriptionTypeLine } from './prescription-check';

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

interface ReceitaBodyProps extends KindBodyProps<'receita'> {
  /** The saved lines checked against the lists; null while it is written. */
  prescription: TPrescriptionCheck | null;
}

/**
 * A receita: its numbered lines, each with its list (antimicrobiano, controle especial, notificação) and why, then
 * the type they make it. The type follows the lines: the server checks them again when they are saved.
 */
export function ReceitaBody({ documentId, content, prescription, isEditing, onChange }: ReceitaBodyProps) {
  const set = propertySetter(content, onChange);
  const checks = isEditing ? undefined : prescription?.items;
  // A notificação changes what she can do with it (no PDF issued or signed): said before the lines.
  const isNotification = !isEditing && prescription?.type === 'notificacao';
  return (
    <div className="flex flex-col gap-3">
      {isNotification && <PrescriptionTypeLine check={prescription} />}
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
              {checks?.[index] && <PrescriptionItemBadge check={checks[index]} />}
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
      {isEditing ? (
        <p className="text-sm text-muted">
          O tipo da receita segue os medicamentos: ao salvar, o Escriba confere cada um nas listas de antimicrobianos e
          da Portaria 344/98.
        </p>
      ) : (
        prescription && !isNotification && <PrescriptionTypeLine check={prescription} />
      )}
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
