import type { TConsultation, TDocumentGenerationBody, TDocumentKind } from '@escriba/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { useClientConfig } from '../../../../lib/api/get-client-config';
import { meQueryOptions, useMe } from '../../../../lib/api/get-me';
import { documentsQueryOptions, generateDocument, useDocuments } from '../../api/documents';
import { creditPriceText } from '../generation/credit-price';
import { describeGenerationError, type GenerationProblem } from '../generation/generation-error';
import { DocumentItem } from './document-item';
import { GenerateDocumentForm } from './generate-document-form';
import { KindChooser } from './kind-chooser';
import { useDocumentLive } from './use-document-live';

/** Where a new document is being asked for: the kinds, then what to ask of the one chosen. */
type Asking = { step: 'kinds' } | { step: 'request'; kind: TDocumentKind };

/**
 * "Documentos": the receita, atestado, exames, encaminhamento, orientações and relatório of the visit, drafted from
 * the same sources as the note. The professional picks a kind, watches it fill, reviews and edits each part, checks
 * its sources, then copies or prints it.
 */
export function DocumentsPane({ consultation }: { consultation: TConsultation }) {
  const id = consultation.id;
  const queryClient = useQueryClient();
  const documents = useDocuments(id);
  const liveParts = useDocumentLive(id);
  const credits = useMe().data?.credits;
  // The price the server spends (DOCUMENT_CREDIT_COST), never a copy of it here.
  const cost = useClientConfig().data?.document_credit_cost;
  const [openId, setOpenId] = useState<string>();
  const [asking, setAsking] = useState<Asking>();
  const [problem, setProblem] = useState<GenerationProblem>();
  const [isRequesting, setIsRequesting] = useState(false);

  const list = documents.data ?? [];
  const isClosed = consultation.status === 'done';
  const shown: Asking | undefined =
    asking ?? (documents.isSuccess && list.length === 0 ? { step: 'kinds' } : undefined);
  const blockedReason = isClosed
    ? 'Consulta concluída: os documentos podem ser lidos, copiados e impressos. Reabra a consulta para gerar ou editar.'
    : !consultation.ai_enabled
      ? 'Consulta sem IA: o assistente não redige documentos nesta consulta. Volte a usar IA para gerá-los.'
      : credits !== undefined && cost !== undefined && credits < cost
        ? 'Sem créditos para gerar. Fale com o administrador para receber mais.'
        : undefined;

  const generate = async (kind: TDocumentKind, body: TDocumentGenerationBody) => {
    setProblem(undefined);
    setIsRequesting(true);
    try {
      const created = await generateDocument(id, kind, body);
      queryClient.setQueryData(documentsQueryOptions(id).queryKey, (cached) => [
        created,
        ...(cached ?? []).filter((document) => document.id !== created.id),
      ]);
      // Its end may have come before this answer: the list is read again rather than left saying "Gerando".
      void queryClient.invalidateQueries({ queryKey: documentsQueryOptions(id).queryKey });
      setAsking(undefined);
      setOpenId(created.id);
    } catch (error) {
      setProblem(describeGenerationError(error, 'documents'));
    } finally {
      setIsRequesting(false);
      void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    }
  };

  return (
    <section className="@container flex flex-col gap-3" aria-labelledby="documents-title">
      <div className="flex items-center gap-2">
        <Icon name="files" className="size-5 text-accent-600" />
        <h2 id="documents-title" className="text-base font-semibold">
          Documentos
        </h2>
        {list.length > 0 && !shown && !isClosed && (
          <Button size="sm" variant="secondary" className="ml-auto" onClick={() => setAsking({ step: 'kinds' })}>
            <Icon name="plus" className="size-4" /> Novo documento
          </Button>
        )}
      </div>

      {problem && (
        <Alert tone="error">
          <p className="font-semibold">{problem.title}</p>
          <p>{problem.description}</p>
        </Alert>
      )}

      {shown?.step === 'kinds' && (
        <div className="flex flex-col gap-2" data-testid="document-kinds">
          <p className="text-sm text-muted">
            Escolha o documento: o assistente o redige a partir da transcrição, das evidências e da anamnese, com as
            fontes de cada parte. O que não foi dito fica em branco para você completar; nada sai sem a sua revisão.
          </p>
          <KindChooser onChoose={(kind) => setAsking({ step: 'request', kind })} blockedReason={blockedReason} />
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {cost !== undefined && (
              <span className="text-xs text-muted">Cada documento {creditPriceText(cost, credits)}.</span>
            )}
            {list.length > 0 && (
              <Button size="sm" variant="ghost" className="ml-auto" onClick={() => setAsking(undefined)}>
                Fechar
              </Button>
            )}
          </div>
          {blockedReason && <p className="text-sm text-muted">{blockedReason}</p>}
        </div>
      )}
      {shown?.step === 'request' && (
        <GenerateDocumentForm
          key={shown.kind}
          kind={shown.kind}
          onGenerate={(body) => void generate(shown.kind, body)}
          onBack={() => setAsking({ step: 'kinds' })}
          isPending={isRequesting}
          blockedReason={blockedReason}
          priceText={creditPriceText(cost, credits)}
        />
      )}

      {documents.isError && <Alert tone="error">Não foi possível carregar os documentos da consulta.</Alert>}
      {list.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Documentos da consulta">
          {list.map((document) => (
            <DocumentItem
              key={document.id}
              consultation={consultation}
              document={document}
              liveParts={liveParts[document.id]}
              isOpen={openId === document.id}
              onToggle={() => setOpenId((current) => (current === document.id ? undefined : document.id))}
              canChange={!isClosed}
              onRetry={(kind, body) => void generate(kind, body)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
