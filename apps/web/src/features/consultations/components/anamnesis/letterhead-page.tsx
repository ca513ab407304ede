import type { ReactNode } from 'react';
import type { NoteLetterhead } from './note-letterhead';

interface LetterheadPageProps {
  title: string;
  subtitle?: string;
  letterhead: NoteLetterhead;
  children: ReactNode;
}

/** A printed page of the consultation: headed by who wrote it and for whom, closed by the line on the AI's part. */
export function LetterheadPage({ title, subtitle, letterhead, children }: LetterheadPageProps) {
  return (
    <>
      <header className="mb-6 border-b border-black/40 pb-3">
        <h1 className="text-[16pt] font-semibold">{title}</h1>
        {subtitle && <p className="mb-2 text-[10pt]">{subtitle}</p>}
        {letterhead.rows.map((row) => (
          <p key={row.label}>
            <strong className="font-semibold">{row.label}:</strong> {row.value}
          </p>
        ))}
      </header>
      {children}
      <footer className="mt-6 break-inside-avoid border-t border-black/40 pt-3 text-[10pt] italic">
        {letterhead.aiDisclosure}
      </footer>
    </>
  );
}
