import { useSyncExternalStore, type ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { cn } from '../../../lib/cn';

// The sheet being printed; null: none asked for, the browser's own print (Ctrl+P) prints the default one.
let printing: string | null = null;
const listeners = new Set<() => void>();

function setPrinting(id: string | null): void {
  printing = id;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Prints the sheet `id` alone (the note, one document), whatever other sheets the page holds. */
export function printSheet(id: string): void {
  // The sheet must be shown before the browser lays the page out for printing.
  flushSync(() => setPrinting(id));
  window.addEventListener('afterprint', () => setPrinting(null), { once: true });
  window.print();
}

interface PrintSheetProps {
  id: string;
  /** Printed when nothing was asked for (Ctrl+P): the note. */
  isDefault?: boolean;
  children: ReactNode;
}

/**
 * What a print shows: kept out of the page (a child of body, hidden on screen) so that the print stylesheet can hide
 * everything else; of the page's sheets, only the one asked for is printed.
 */
export function PrintSheet({ id, isDefault = false, children }: PrintSheetProps) {
  const current = useSyncExternalStore(subscribe, () => printing);
  const isPrinted = current === id || (current === null && isDefault);
  return createPortal(
    <article
      id={id}
      data-print-sheet
      className={cn('hidden text-[11pt] leading-normal text-black', isPrinted && 'print:block')}
    >
      <style>{`@media print { body > *:not([data-print-sheet]) { display: none !important; } @page { margin: 18mm; } }`}</style>
      {children}
    </article>,
    document.body,
  );
}
