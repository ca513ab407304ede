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
  // Each list's substances, by name, salt, brand, combination, with accents or without, in any case.
  const LISTED: Record<string, string[]> = {
    antimicrobiano: [
      'Amoxicilina 500 mg',
      'Amoxicilina + clavulanato de potássio 875 mg',
      'AZITROMICINA',
      'Cefalexina',
      'Ciprofloxacino 500 mg',
      'Nitrofurantoina 100 mg',
      'Sulfametoxazol + trimetoprima 400/80 mg',
      'Bactrim F',
      'Metronidazol gel vaginal',
      'Penicilina G benzatina 1.200.000 UI',
    ],
    C1: [
      'Cloridrato de sertralina 50 mg',
      'Fluoxetina',
      'Amitriptilina 25 mg',
      'Escitalopram',
      'Carbamazepina',
      'Divalproato de sódio',
      'Ácido valpróico',
      'Quetiapina',
      'Risperidona',
      'Gabapentina',
      'Pregabalina 75 mg',
      'Tramadol 50 mg',
      'Paracetamol + codeína 500/30 mg',
      'Tylex 30 mg',
    ],
    C4: ['Tenofovir + lamivudina', 'Zidovudina'],
    C5: ['Cipionato de testosterona 200 mg/mL', 'Durateston', 'Oxandrolona'],
    A1: ['Sulfato de morfina 10 mg', 'Oxicodona', 'Metadona', 'Fentanil adesivo'],
    A2: ['Nalbufina'],
    A3: ['Metilfenidato 10 mg', 'Ritalina LA', 'Lisdexanfetamina'],
    B1: ['Clonazepam 2 mg', 'Rivotril gotas', 'DIAZEPAM', 'Alprazolam 0,5 mg', 'Zolpidem 10 mg'],
    B2: ['Sibutramina 15 mg'],
  };

  it.each(Object.entries(LISTED))('finds list %s in each of its medications', (list, medications) => {
    for (const medication of medications) expect(listOf(medication), medication).toBe(list);
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
