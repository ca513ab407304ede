import type { TExamItem } from '@escriba/contract';
import { EXAMS_TITLES } from '../document-labels';
import { ParagraphPart, PartList } from '../paragraphs';
import { DocumentPart, PartFields, PartText } from '../parts';
import { CidsPart } from './cids-part';
import { NO_SOURCES, propertySetter, type KindBodyProps } from './kind-body';

const newExam = (): TExamItem => ({ exam: '', justification: '', sources: NO_SOURCES });

/** A solicitação de exames: the exams asked for (each with its justification), the clinical indication, the CIDs. */
export function ExamesBody({ documentId, content, isEditing, onChange }: KindBodyProps<'exames'>) {
  const set = propertySetter(content, onChange);
  return (
    <div className="flex flex-col gap-3">
      <PartList
        label="Exames"
        items={content.items}
        isEditing={isEditing}
        emptyText="Nenhum exame foi pedido na consulta."
        addLabel="Adicionar exame"
        newItem={newExam}
        onChange={(items) => set('items', items)}
      >
        {(item, index, { change, remove }) => (
          <DocumentPart
            key={index}
            id={`${documentId}/items/${index}`}
            title={`Exame ${index + 1}`}
            heading={`${index + 1}. ${item.exam.trim() || (isEditing ? `Exame ${index + 1}` : 'Exame não mencionado')}`}
            sources={item.sources}
            isEditing={isEditing}
            onRemove={remove}
          >
            <PartFields isEditing={isEditing}>
              {isEditing && (
                <PartText
                  label="Exame"
                  value={item.exam}
                  isEditing
                  isWide
                  onChange={(exam) => change({ ...item, exam })}
                />
              )}
              <PartText
                label="Justificativa"
                value={item.justification}
                isEditing={isEditing}
                isMultiline
                isWide
                onChange={(justification) => change({ ...item, justification })}
              />
            </PartFields>
          </DocumentPart>
        )}
      </PartList>
      <ul>
        <ParagraphPart
          id={`${documentId}/clinical_indication`}
          title={EXAMS_TITLES.clinical_indication}
          paragraph={content.clinical_indication}
          isEditing={isEditing}
          onChange={(next) => set('clinical_indication', next)}
        />
      </ul>
      {content.cids && (
        <CidsPart
          documentId={documentId}
          cids={content.cids}
          isEditing={isEditing}
          onChange={(cids) => set('cids', cids)}
        />
      )}
    </div>
  );
}
