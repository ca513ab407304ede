import { describe, expect, it } from 'vitest';
import { noteCopy, soapLetters, type CopiedField } from './copy-formats';

const letterhead = {
  rows: [
    { label: 'Profissional', value: 'Mariana Tavares · CRM/SP 123456' },
    { label: 'Paciente', value: 'Helena <Martins>' },
  ],
  aiDisclosure: 'Texto redigido com auxílio de assistente de inteligência artificial.',
};
const HEADING = 'Profissional: Mariana Tavares · CRM/SP 123456\nPaciente: Helena <Martins>\n\n';
const CLOSING = '\n\nTexto redigido com auxílio de assistente de inteligência artificial.';

const field = (fieldId: string, title: string, text: string): CopiedField => ({ fieldId, title, text });
const NOTE = [
  field('queixa_principal', 'Queixa principal', 'Cefaleia há três semanas.'),
  field('historia_doenca_atual', 'História da doença atual', 'Dor frontal,\npior à tarde.'),
  field('medicacoes_em_uso', 'Medicações em uso', '- Losartana 50 mg.\n- Dipirona 500 mg'),
  field('alergias', 'Alergias', 'Não informado.'),
  field('exame_fisico', 'Exame físico', 'PA 150x100 mmHg.'),
  field('hipoteses_diagnosticas', 'Hipóteses diagnósticas', 'Cefaleia tensional.'),
  field('conduta', 'Conduta', 'Retorno em 30 dias.'),
  field('cid10', 'Hipóteses diagnósticas (CID-10)', 'G44.2 – Cefaléia tensional'),
];

describe('copying the note for the record', () => {
  it('with field titles: the letterhead, each title then its text, the AI line; the HTML has headings and lists', () => {
    const copied = noteCopy(letterhead, NOTE.slice(0, 4), { format: 'titled', fieldIds: [] });
    expect(copied.text).toBe(
      HEADING +
        'Queixa principal\nCefaleia há três semanas.\n\nHistória da doença atual\nDor frontal,\npior à tarde.\n\n' +
        'Medicações em uso\n- Losartana 50 mg.\n- Dipirona 500 mg\n\nAlergias\nNão informado.' +
        CLOSING,
    );
    expect(copied.html).toContain('<p><strong>Paciente:</strong> Helena &#60;Martins&#62;</p>');
    expect(copied.html).toContain('<h3>História da doença atual</h3>\n<p>Dor frontal,<br>pior à tarde.</p>');
    expect(copied.html).toContain('<ul><li>Losartana 50 mg.</li><li>Dipirona 500 mg</li></ul>');
    expect(
      copied.html.endsWith('<p><em>Texto redigido com auxílio de assistente de inteligência artificial.</em></p>'),
    ).toBe(true);
  });

  it('compact SOAP: one line per letter, titles only where a letter holds several fields, nothing unsaid', () => {
    const copied = noteCopy(letterhead, NOTE, { format: 'soap', fieldIds: [] });
    expect(copied.text).toBe(
      HEADING +
        'S: Queixa principal: Cefaleia há três semanas. História da doença atual: Dor frontal, pior à tarde. ' +
        'Medicações em uso: Losartana 50 mg; Dipirona 500 mg\n\n' +
        'O: PA 150x100 mmHg.\n\n' +
        'A: Hipóteses diagnósticas: Cefaleia tensional. Hipóteses diagnósticas (CID-10): G44.2 – Cefaléia tensional\n\n' +
        'P: Retorno em 30 dias.' +
        CLOSING,
    );
    expect(copied.html).toContain('<p><strong>O:</strong> PA 150x100 mmHg.</p>');
  });

  it('compact SOAP of a note with nothing objective says so under O', () => {
    const copied = noteCopy(letterhead, [NOTE[0]!, NOTE[6]!], { format: 'soap', fieldIds: [] });
    expect(copied.text).toContain('\n\nO: Não informado\n\nA: Não informado\n\nP: Retorno em 30 dias.');
  });

  it('only the chosen fields, in the note order', () => {
    const copied = noteCopy(letterhead, NOTE, { format: 'selected', fieldIds: ['conduta', 'queixa_principal'] });
    expect(copied.text).toBe(
      HEADING + 'Queixa principal\nCefaleia há três semanas.\n\nConduta\nRetorno em 30 dias.' + CLOSING,
    );
  });

  it('places a SOAP template, and custom fields, under the letter their words or the field before them say', () => {
    const letters = soapLetters([
      field('subjetivo', 'S', ''),
      field('objetivo', 'O', ''),
      field('ritmo', 'Ritmo cardíaco', ''),
      field('avaliacao', 'A', ''),
      field('escala_de_dor', 'Escala de dor', ''),
      field('plano', 'P', ''),
      field('motivo_do_retorno', 'Motivo do retorno', ''),
    ]);
    expect(letters).toEqual(['S', 'O', 'O', 'A', 'A', 'P', 'S']);
  });
});
