import { GUIDANCE_TITLES } from '../document-labels';
import { ParagraphPart, PartList } from '../paragraphs';
import { emptyParagraph, propertySetter, type KindBodyProps } from './kind-body';

const LISTS = {
  what_to_do: { item: 'Orientação', add: 'Adicionar orientação', empty: 'Nenhuma orientação foi dada na consulta.' },
  warning_signs: {
    item: 'Sinal de alerta',
    add: 'Adicionar sinal de alerta',
    empty: 'Nenhum sinal de alerta foi mencionado na consulta.',
  },
} as const;

/** Orientações ao paciente, in plain language: what to do, the warning signs, and when to come back. */
export function OrientacoesBody({ documentId, content, isEditing, onChange }: KindBodyProps<'orientacoes'>) {
  const set = propertySetter(content, onChange);
  return (
    <div className="flex flex-col gap-3">
      {(Object.keys(LISTS) as (keyof typeof LISTS)[]).map((key) => (
        <PartList
          key={key}
          label={GUIDANCE_TITLES[key]}
          items={content[key]}
          isEditing={isEditing}
          emptyText={LISTS[key].empty}
          addLabel={LISTS[key].add}
          newItem={emptyParagraph}
          onChange={(list) => set(key, list)}
        >
          {(paragraph, index, { change, remove }) => (
            <ParagraphPart
              key={index}
              id={`${documentId}/${key}/${index}`}
              title={`${LISTS[key].item} ${index + 1}`}
              marker={`${index + 1}.`}
              paragraph={paragraph}
              isEditing={isEditing}
              onChange={change}
              onRemove={remove}
            />
          )}
        </PartList>
      ))}
      <ul>
        <ParagraphPart
          id={`${documentId}/when_to_return`}
          title={GUIDANCE_TITLES.when_to_return}
          paragraph={content.when_to_return}
          isEditing={isEditing}
          onChange={(next) => set('when_to_return', next)}
        />
      </ul>
    </div>
  );
}
