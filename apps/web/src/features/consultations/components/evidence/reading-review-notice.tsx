import type { TEvidenceDetail, TEvidenceImageWarning } from '@escriba/contract';
import { Alert } from '../../../../components/ui/alert';
import { unsureShareLabel } from './evidence-labels';

const WARNINGS: Record<TEvidenceImageWarning, string> = {
  check_boxes:
    'Este documento tem caixas de marcação: a leitura do texto não registra quais estão assinaladas. Confira as respostas na imagem.',
  handwriting:
    'Há trechos que a leitura não conseguiu decifrar (escrita à mão, carimbo ou imagem ruim). Confira esses trechos na imagem.',
};

/** Why the text read from a file needs checking against its image: an unsure reading, a form's marks, handwriting. */
export function ReadingReviewNotice({ evidence }: { evidence: TEvidenceDetail }) {
  if (evidence.status !== 'ready' || (!evidence.low_confidence && evidence.image_warnings.length === 0)) return null;
  return (
    <div className="mb-3 flex flex-col gap-2" data-testid="reading-review-notice">
      {evidence.low_confidence && (
        <Alert tone="warning">
          <strong className="font-semibold">Leitura incerta:</strong> {unsureShareLabel(evidence.unsure_share)} foram
          lidas com pouca confiança. Compare os trechos marcados com a imagem antes de usar este texto; os números
          marcados não contam como confirmados na nota.
        </Alert>
      )}
      {evidence.image_warnings.map((warning) => (
        <Alert key={warning} tone="warning">
          {WARNINGS[warning]}
        </Alert>
      ))}
    </div>
  );
}
