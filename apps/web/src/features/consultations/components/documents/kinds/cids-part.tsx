import type { TCid10Code } from '@escriba/contract';
import { useState } from 'react';
import { Button } from '../../../../../components/ui/button';
import { Cid10Picker } from '../../anamnesis/cid10-picker';
import { DocumentPart } from '../parts';
import { NO_SOURCES } from './kind-body';

interface CidsPartProps {
  documentId: string;
  cids: TCid10Code[];
  isEditing: boolean;
  onChange: (cids: TCid10Code[]) => void;
}

/**
 * The CID-10 codes of a solicitação de exames: the diagnoses confirmed in the note when it was drafted, which the
 * professional can take out or add to (health plans ask for them).
 */
export function CidsPart({ documentId, cids, isEditing, onChange }: CidsPartProps) {
  const [isPicking, setIsPicking] = useState(false);
  return (
    <DocumentPart id={`${documentId}/cids`} title="CID-10" heading="CID-10" sources={NO_SOURCES} isEditing={isEditing}>
      {cids.length === 0 ? (
        <p className="text-sm text-muted">Nenhum diagnóstico confirmado na anamnese quando o pedido foi gerado.</p>
      ) : (
        <ul className="flex flex-col gap-1.5" aria-label="Códigos CID-10 do pedido">
          {cids.map((cid) => (
            <li key={cid.code} className="flex flex-wrap items-center gap-2 text-[15px]">
              <span>
                <span className="font-mono font-semibold">{cid.code}</span> — {cid.description}
              </span>
              {isEditing && (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Tirar ${cid.code}`}
                  onClick={() => onChange(cids.filter((each) => each.code !== cid.code))}
                >
                  Tirar
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {isEditing &&
        (isPicking ? (
          <Cid10Picker
            label="CID do pedido"
            takenCodes={cids.map(({ code }) => code)}
            onChoose={(code) => {
              onChange([...cids, code]);
              setIsPicking(false);
            }}
            onCancel={() => setIsPicking(false)}
          />
        ) : (
          <div>
            <Button size="sm" variant="secondary" onClick={() => setIsPicking(true)}>
              Adicionar CID
            </Button>
          </div>
        ))}
    </DocumentPart>
  );
}
