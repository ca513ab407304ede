import type { TReportSection } from '@escriba/contract';
import { PartList } from '../paragraphs';
import { DocumentPart, NotMentioned, PartText } from '../parts';
import { NO_SOURCES, propertySetter, type KindBodyProps } from './kind-body';

const newSection = (): TReportSection => ({ title: '', text: '', sources: NO_SOURCES });

/** A relatório médico: its sections, each a title and its text. */
export function RelatorioBody({ documentId, content, isEditing, onChange }: KindBodyProps<'relatorio'>) {
  const set = propertySetter(content, onChange);
  return (
    <PartList
      label="Seções"
      items={content.sections}
      isEditing={isEditing}
      emptyText="A consulta não trouxe o que relatar."
      addLabel="Adicionar seção"
      newItem={newSection}
      onChange={(sections) => set('sections', sections)}
    >
      {(section, index, { change, remove }) => {
        const title = section.title.trim() || `Seção ${index + 1}`;
        return (
          <DocumentPart
            key={index}
            id={`${documentId}/sections/${index}`}
            title={title}
            heading={title}
            sources={section.sources}
            isEditing={isEditing}
            onRemove={remove}
          >
            {isEditing ? (
              <div className="flex flex-col gap-2">
                <PartText
                  label="Título da seção"
                  value={section.title}
                  isEditing
                  onChange={(text) => change({ ...section, title: text })}
                />
                <PartText
                  label="Texto da seção"
                  value={section.text}
                  isEditing
                  isMultiline
                  onChange={(text) => change({ ...section, text })}
                />
              </div>
            ) : (
              <p className="text-[15px] leading-relaxed whitespace-pre-line">
                {section.text.trim() || <NotMentioned />}
              </p>
            )}
          </DocumentPart>
        );
      }}
    </PartList>
  );
}
