import { describe, expect, it } from 'vitest';
import { checkPrescriptionItem, checkReceita } from './check-receita';
import { PRESCRIPTION_LISTS, SUBSTANCE_NAMES } from './prescription-lists';

const listOf = (medication: string) => checkPrescriptionItem(medication).list;

describe('the lists kept in reference-data/receita', () => {
  it('name each list with its legal source and date, and every substance’s list is one of them', () => {
    for (const info of PRESCRIPTION_LISTS.values()) {
      expect(info.source).toMatch(/RDC|Portaria/);
      expect(info.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    for (const name of SUBSTANCE_NAMES) expect(PRESCRIPTION_LISTS.has(name.list)).toBe(true);
  });
});

describe('checkPrescriptionItem', () => {
  it.each([
    ['Amoxicilina 500 mg', 'antimicrobiano'],
    ['Amoxicilina + clavulanato de potássio 875 mg', 'antimicrobiano'],
    ['AZITROMICINA', 'antimicrobiano'],
    ['Cefalexina', 'antimicrobiano'],
    ['Ciprofloxacino 500 mg', 'antimicrobiano'],
    ['Nitrofurantoina 100 mg', 'antimicrobiano'],
    ['Sulfametoxazol + trimetoprima 400/80 mg', 'antimicrobiano'],
    ['Bactrim F', 'antimicrobiano'],
    ['Metronidazol gel vaginal', 'antimicrobiano'],
    ['Penicilina G benzatina 1.200.000 UI', 'antimicrobiano'],
  ])('finds an antimicrobial (RDC 471/2021) in "%s"', (medication, list) => {
    expect(listOf(medication)).toBe(list);
  });

  it.each([
    ['Cloridrato de sertralina 50 mg', 'C1'],
    ['Fluoxetina', 'C1'],
    ['Amitriptilina 25 mg', 'C1'],
    ['Escitalopram', 'C1'],
    ['Carbamazepina', 'C1'],
    ['Divalproato de sódio', 'C1'],
    ['Ácido valpróico', 'C1'],
    ['Quetiapina', 'C1'],
    ['Risperidona', 'C1'],
    ['Gabapentina', 'C1'],
    ['Pregabalina 75 mg', 'C1'],
    ['Tramadol 50 mg', 'C1'],
    ['Paracetamol + codeína 500/30 mg', 'C1'],
    ['Tylex 30 mg', 'C1'],
  ])('finds list C1 in "%s"', (medication, list) => {
    expect(listOf(medication)).toBe(list);
  });

  it.each([
    ['Tenofovir + lamivudina', 'C4'],
    ['Zidovudina', 'C4'],
  ])('finds the antiretrovirals of the former list C4 in "%s"', (medication, list) => {
    expect(listOf(medication)).toBe(list);
  });

  it.each([
    ['Cipionato de testosterona 200 mg/mL', 'C5'],
    ['Durateston', 'C5'],
    ['Oxandrolona', 'C5'],
  ])('finds list C5 in "%s"', (medication, list) => {
    expect(listOf(medication)).toBe(list);
  });

  it.each([
    ['Sulfato de morfina 10 mg', 'A1'],
    ['Oxicodona', 'A1'],
    ['Metadona', 'A1'],
    ['Fentanil adesivo', 'A1'],
    ['Nalbufina', 'A2'],
    ['Metilfenidato 10 mg', 'A3'],
    ['Ritalina LA', 'A3'],
    ['Lisdexanfetamina', 'A3'],
  ])('finds a list A in "%s"', (medication, list) => {
    expect(listOf(medication)).toBe(list);
  });

  it.each([
    ['Clonazepam 2 mg', 'B1'],
    ['Rivotril gotas', 'B1'],
    ['DIAZEPAM', 'B1'],
    ['Alprazolam 0,5 mg', 'B1'],
    ['Zolpidem 10 mg', 'B1'],
    ['Sibutramina 15 mg', 'B2'],
  ])('finds a list B in "%s"', (medication, list) => {
    expect(listOf(medication)).toBe(list);
  });

  it.each(['Dipirona 500 mg', 'Losartana', 'Paracetamol', 'Omeprazol 20 mg', 'Amoxi', 'Ciprofibrato', ''])(
    'finds no list in "%s"',
    (medication) => {
      expect(checkPrescriptionItem(medication)).toEqual({ list: null, substances: [], label: null, reason: null });
    },
  );

  it('says why, in Portuguese, naming every substance of the line', () => {
    expect(checkPrescriptionItem('Amoxicilina + clavulanato de potássio 875 mg')).toEqual({
      list: 'antimicrobiano',
      substances: ['amoxicilina', 'ácido clavulânico'],
      label: 'Antimicrobiano',
      reason:
        'Amoxicilina + ácido clavulânico: antimicrobiano (RDC 471/2021) — receita em duas vias, válida por 10 dias',
    });
    expect(checkPrescriptionItem('Clonazepam').label).toBe('Notificação B1');
    expect(checkPrescriptionItem('Sertralina').label).toBe('Controle especial C1');
  });
});

describe('checkReceita', () => {
  const receita = (...medications: string[]) => checkReceita(medications.map((medication) => ({ medication })));

  it('is simples without a listed medication', () => {
    expect(receita('Dipirona 500 mg', 'Losartana 50 mg').type).toBe('simples');
    expect(receita().type).toBe('simples');
  });

  it('is a receita of antimicrobial, two copies valid 10 days, with an antimicrobial', () => {
    const checked = receita('Dipirona', 'Amoxicilina 500 mg');
    expect(checked.type).toBe('antimicrobiano');
    expect(checked.reason).toContain('válida por 10 dias');
    expect(checked.items.map((item) => item.list)).toEqual([null, 'antimicrobiano']);
  });

  it('is controle especial with a C1 medication and an antimicrobial, still saying the antimicrobial’s 10 days', () => {
    const checked = receita('Sertralina 50 mg', 'Azitromicina 500 mg');
    expect(checked.type).toBe('controle_especial');
    expect(checked.reason).toBe(
      'Receita de controle especial (Portaria 344/98): Sertralina. Duas vias (1ª via retida pela farmácia). Azitromicina: antimicrobiano, válido por 10 dias.',
    );
  });

  it('needs a notificação with a list A or B medication, whatever else it has', () => {
    const checked = receita('Clonazepam 2 mg', 'Sertralina', 'Metilfenidato');
    expect(checked.type).toBe('notificacao');
    expect(checked.reason).toMatch(/^Requer Notificação de Receita A e B numerada pela vigilância sanitária/);
    expect(checked.reason).toContain('O Escriba não emite a notificação digitalmente');
  });

  it('stays simples for an antiretroviral', () => {
    expect(receita('Tenofovir').type).toBe('simples');
  });
});
