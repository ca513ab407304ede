import { describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText } from '../../../test/pdf-tools';
import { renderClinicalDocument, type Letterhead } from './clinical-document';

const letterhead: Letterhead = {
  professional: { name: 'Dra. Mariana Tavares', credentials: 'CRM/SP 123456 · RQE nº 45678' },
  practice: {
    name: 'Clínica Bem Viver',
    address: 'Rua Augusta, 500 – Consolação, São Paulo/SP',
    phone: '(11) 3456-7890',
  },
  patient: { name: 'João Araújo', document: 'CPF 529.982.247-25' },
  city: 'São Paulo/SP',
  issuedAt: new Date('2026-03-10T17:45:00Z'),
};

describe('a clinical document as PDF', () => {
  it('lays each copy ("1ª via", "2ª via") out whole, numbered items with their posologia, on Brasília time', async () => {
    const pdf = await renderClinicalDocument({
      title: 'Receita de controle especial',
      author: 'Dra. Mariana Tavares',
      letterhead,
      copies: ['1ª via — Farmácia', '2ª via — Paciente'],
      body: (body) => {
        body.item(1, 'Clonazepam 2 mg — comprimido', ['Tomar 1 comprimido à noite.', 'Quantidade: 30 (trinta)']);
        body.item(2, 'Sertralina 50 mg', ['Tomar 1 comprimido pela manhã.']);
      },
    });
    expect(await pdfPageCount(pdf)).toBe(2);
    for (const [page, copy] of [
      [1, '1ª via — Farmácia'],
      [2, '2ª via — Paciente'],
    ] as const) {
      const text = await pdfText(pdf, { first: page, last: page });
      expect(text).toContain(copy);
      expect(text).toContain(`${copy} · Página 1 de 1`);
      expect(text).toMatch(
        /1\.\s+Clonazepam 2 mg — comprimido\s+Tomar 1 comprimido à noite\.\s+Quantidade: 30 \(trinta\)/,
      );
      expect(text).toMatch(/2\.\s+Sertralina 50 mg\s+Tomar 1 comprimido pela manhã\./);
      // 17:45 UTC is 14:45 in Brasília.
      expect(text).toContain('Emitido em São Paulo/SP, 10/03/2026 às 14:45');
      expect(text).toContain('Clínica Bem Viver');
    }
  });

  it('leaves out what is not known: no practice, no credentials, no patient document, no city', async () => {
    const pdf = await renderClinicalDocument({
      title: 'Orientações ao paciente',
      author: 'Paulo Lima',
      letterhead: {
        professional: { name: 'Paulo Lima', credentials: null },
        practice: null,
        patient: { name: 'Ana Souza', document: null },
        city: null,
        issuedAt: new Date('2026-03-10T17:45:00Z'),
      },
      body: (body) => body.paragraph('Beba água.'),
    });
    const text = await pdfText(pdf);
    expect(text).toContain('Paciente: Ana Souza\n');
    expect(text).toContain('Emitido em 10/03/2026 às 14:45');
    expect(text).not.toContain('Tel.');
  });

  it('never leaves the signature alone on a page: the last lines of text go with it', async () => {
    // A line to sign by hand needs about six lines of text: among nine lengths, some end too low to hold it.
    for (let lines = 36; lines <= 44; lines++) {
      const pdf = await renderClinicalDocument({
        title: 'Relatório médico',
        author: 'Dra. Mariana Tavares',
        letterhead,
        body: (body) => {
          body.heading('Evolução');
          for (let line = 1; line <= lines; line++) body.paragraph(`Linha ${line} de ${lines} do relatório.`);
        },
      });
      const pages = await pdfPageCount(pdf);
      const last = await pdfText(pdf, { first: pages, last: pages });
      expect(last, `${lines} linhas`).toMatch(
        new RegExp(`Linha ${lines} de ${lines} do relatório\\.\\s+Dra\\. Mariana Tavares\\s+CRM/SP`),
      );
      const whole = await pdfText(pdf);
      expect(whole.match(/Linha \d+ de/g), `${lines} linhas`).toHaveLength(lines);
    }
  }, 60_000);
});
