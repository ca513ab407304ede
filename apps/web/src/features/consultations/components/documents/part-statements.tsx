import type { TDocumentStatements, TStatement } from '@escriba/contract';
import { createContext, useContext, type ReactNode } from 'react';

const PartStatements = createContext<{ documentId: string; statements: TDocumentStatements } | undefined>(undefined);

/** Gives the parts of a document laid out below it their statements (none while it is written or edited). */
export function PartStatementsProvider({
  documentId,
  statements,
  children,
}: {
  documentId: string;
  statements: TDocumentStatements | undefined;
  children: ReactNode;
}) {
  const value = statements ? { documentId, statements } : undefined;
  return <PartStatements.Provider value={value}>{children}</PartStatements.Provider>;
}

const NONE: TStatement[] = [];

/**
 * The statements of the part whose page id is `id` (`{documentId}/items/0`): the server names it by its path in the
 * content (`items.0`).
 */
export function usePartStatements(id: string): TStatement[] {
  const shown = useContext(PartStatements);
  if (!shown || !id.startsWith(`${shown.documentId}/`)) return NONE;
  return shown.statements[id.slice(shown.documentId.length + 1).replaceAll('/', '.')] ?? NONE;
}
