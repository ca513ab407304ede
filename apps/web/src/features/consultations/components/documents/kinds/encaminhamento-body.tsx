import { REFERRAL_TITLES } from '../document-labels';
import { ParagraphPart } from '../paragraphs';
import { propertySetter, type KindBodyProps } from './kind-body';

const KEYS = Object.keys(REFERRAL_TITLES) as (keyof typeof REFERRAL_TITLES)[];

/** An encaminhamento: the specialty, the reason, the clinical summary and the question for the specialist. */
export function EncaminhamentoBody({ documentId, content, isEditing, onChange }: KindBodyProps<'encaminhamento'>) {
  const set = propertySetter(content, onChange);
  return (
    <ul className="flex flex-col gap-2">
      {KEYS.map((key) => (
        <ParagraphPart
          key={key}
          id={`${documentId}/${key}`}
          title={REFERRAL_TITLES[key]}
          paragraph={content[key]}
          isEditing={isEditing}
          onChange={(next) => set(key, next)}
        />
      ))}
    </ul>
  );
}
