import { useRef, useState, type DragEvent } from 'react';
import { Badge } from '../../../../components/ui/badge';
import { confirmAction } from '../../../../components/ui/confirm-dialog';
import { Icon } from '../../../../components/ui/icon';
import { readApiError } from '../../../../lib/api-error';
import { toasts } from '../../../../lib/toast-store';
import { useDeleteEvidence, useEvidences } from '../../api/evidences';
import { DropZone } from './drop-zone';
import { EvidenceDialog } from './evidence-dialog';
import { listedFiles } from './evidence-labels';
import { EvidenceRow } from './evidence-row';
import { UploadRow } from './upload-row';
import { useLiveEvidences } from './use-live-evidences';
import { useUploadQueue } from './use-upload-queue';
import { formatCount } from '../../../../lib/plural';

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/** Files the professional brings to the consultation: added by drop or picker, read by the server, opened, deleted. */
export function EvidencePane({ consultationId, isReadOnly }: { consultationId: string; isReadOnly: boolean }) {
  useLiveEvidences(consultationId);
  const files = listedFiles(useEvidences(consultationId).data);
  const uploads = useUploadQueue(consultationId);
  const remove = useDeleteEvidence(consultationId);
  const [isDragging, setIsDragging] = useState(false);
  const [openId, setOpenId] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const opened = files.find((evidence) => evidence.id === openId);

  const deleteFile = async (id: string, name: string) => {
    const isConfirmed = await confirmAction({
      title: 'Excluir arquivo?',
      description: `“${name}” e o texto lido dele serão excluídos desta consulta. Esta ação não pode ser desfeita.`,
      confirmLabel: 'Excluir arquivo',
    });
    if (!isConfirmed) return;
    remove.mutate(id, {
      onSuccess: () => {
        setOpenId(undefined);
        // The button that had focus is gone with its row; after the dialogs have put focus back, it goes to the pane.
        setTimeout(() => heading.current?.focus());
        toasts.add({ title: 'Arquivo excluído', description: name, color: 'success' });
      },
      onError: (error) =>
        toasts.add({ title: 'Não foi possível excluir', description: readApiError(error).message, color: 'error' }),
    });
  };

  const dropHandlers = isReadOnly
    ? {}
    : {
        onDragOver: (event: DragEvent) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setIsDragging(true);
        },
        onDragLeave: (event: DragEvent) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false);
        },
        onDrop: (event: DragEvent) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setIsDragging(false);
          uploads.add([...event.dataTransfer.files]);
        },
      };

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3" data-testid="evidence-drop-target" {...dropHandlers}>
      <div className="flex items-center gap-2">
        <Icon name="paperclip" className="size-5 text-accent-600" />
        <h2 ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
          Evidências
        </h2>
        {files.length > 0 && <Badge className="ml-auto">{formatCount(files.length, 'arquivo', 'arquivos')}</Badge>}
      </div>
      {isReadOnly ? (
        files.length === 0 && <p className="text-sm text-muted">Nenhum arquivo foi anexado a esta consulta.</p>
      ) : (
        <>
          {files.length === 0 && uploads.items.length === 0 && (
            <p className="text-sm text-muted">
              Exames, laudos, receitas e fotos: o texto de cada arquivo é lido e fica disponível para a anamnese.
            </p>
          )}
          <DropZone isDragging={isDragging} onFiles={uploads.add} />
        </>
      )}
      {uploads.items.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Arquivos sendo enviados">
          {uploads.items.map((item) => (
            <UploadRow key={item.id} item={item} onRemove={() => uploads.remove(item.id)} />
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul
          className="flex max-h-[28rem] flex-col gap-2 overflow-y-auto"
          aria-label="Arquivos da consulta"
          aria-live="polite"
        >
          {files.map((evidence) => (
            <EvidenceRow
              key={evidence.id}
              evidence={evidence}
              canDelete={!isReadOnly}
              onOpen={() => setOpenId(evidence.id)}
              onDelete={() => void deleteFile(evidence.id, evidence.file_name ?? 'Arquivo')}
            />
          ))}
        </ul>
      )}
      {opened && (
        <EvidenceDialog
          consultationId={consultationId}
          evidenceId={opened.id}
          fileName={opened.file_name ?? 'Arquivo'}
          isEditable={!isReadOnly}
          onDelete={() => void deleteFile(opened.id, opened.file_name ?? 'Arquivo')}
          onClose={() => setOpenId(undefined)}
        />
      )}
    </div>
  );
}
