import { describe, expect, it } from 'vitest';
import { checkStatement } from './check-statement';
import { prepareSource, type PreparedText } from './prepared-text';

const source = (...texts: string[]): PreparedText[] => texts.map((text) => prepareSource({ text }));
const reasonOf = (statement: string, sources: PreparedText[]) => checkStatement(statement, sources).reason;

describe('checkStatement: planted errors are unverified, with the reason', () => {
  it('a changed blood pressure', () => {
    expect(
      checkStatement('PA 150x100 mmHg.', source('Vou medir sua pressão. Cento e trinta e oito por oitenta e oito.')),
    ).toEqual({ status: 'unverified', reason: '138x88 na fonte, 150x100 na nota' });
  });

  it('a dropped negation: the source denies what the note states', () => {
    expect(reasonOf('Refere febre e vômitos.', source('Não tive febre, nem vômito.'))).toBe(
      'a fonte nega "febre", a nota não',
    );
  });

  it('an added negation the source does not hold', () => {
    expect(reasonOf('Nega dor torácica.', source('Estou com uma dor no peito desde ontem.'))).toBe(
      'negação não encontrada na fonte',
    );
  });

  it('a date: said as words, written with or without the year; a pressure written with a slash stays a pressure', () => {
    const said = source('Quando foi a sua última menstruação? Dia dois de setembro.');
    expect(reasonOf('DUM 02/09/2026.', said)).toBeNull();
    expect(reasonOf('DUM 02/09.', said)).toBeNull();
    expect(checkStatement('DUM 03/09.', said).status).toBe('unverified');
    expect(reasonOf('PA 12/8.', source('Pressão doze por oito.'))).toBeNull();
  });

  it('the wrong side', () => {
    expect(reasonOf('Dor em joelho esquerdo.', source('Dói o joelho direito quando eu subo escada.'))).toBe(
      'lado direito na fonte, esquerdo na nota',
    );
    expect(reasonOf('Edema em MIE.', source('Minha perna direita está inchada.'))).toBe(
      'lado direito na fonte, esquerdo na nota',
    );
    expect(reasonOf('Dor no ombro D.', source('Dói o ombro.'))).toBe('lado direito não encontrado na fonte');
  });

  it('the wrong dose of a medicine', () => {
    expect(reasonOf('Em uso de dipirona 50 mg.', source('Dipirona, quinhentos miligramas, quase todos os dias.'))).toBe(
      'dose 500 mg na fonte, 50 mg na nota',
    );
    expect(
      reasonOf(
        'Usa losartana 500 mg pela manhã.',
        source('Dipirona, quinhentos miligramas.', 'Tomo losartana cinquenta miligramas de manhã.'),
      ),
    ).toBe('dose 50 mg na fonte, 500 mg na nota');
  });

  it('a medicine the sources never name', () => {
    expect(reasonOf('Em uso de enalapril.', source('Tomo losartana de manhã.'))).toBe(
      'medicamento enalapril não encontrado na fonte',
    );
  });

  it('a changed duration or time', () => {
    expect(reasonOf('Cefaleia há 5 semanas.', source('Faz umas três semanas que eu estou com dor.'))).toBe(
      '3 semanas na fonte, 5 semanas na nota',
    );
    expect(reasonOf('Temperatura de 39 °C.', source('Medi 38 graus ontem à noite.'))).toBe(
      '38 °C na fonte, 39 °C na nota',
    );
    expect(reasonOf('Dor às 14h30.', source('Começou às duas da tarde.'))).toBe('14h30 não encontrado na fonte');
  });

  it('a number read unsurely from a document', () => {
    const lab = [prepareSource({ text: 'LEUCÓCITOS 7,350 /mm³', unsureNumbers: ['7,350'] })];
    expect(reasonOf('Leucócitos 7,350.', lab)).toBe('número de leitura incerta na fonte');
    const read = [prepareSource({ text: 'LEUCÓCITOS 7,350 /mm³ e 7,350 repetido', unsureNumbers: [] })];
    expect(reasonOf('Leucócitos 7,350.', read)).toBe(null);
  });

  it('names every problem, once', () => {
    expect(reasonOf('PA 150x100 mmHg, nega dor no braço esquerdo.', source('PA 138x88. Dor no braço direito.'))).toBe(
      '138x88 na fonte, 150x100 na nota; negação não encontrada na fonte; lado direito na fonte, esquerdo na nota',
    );
  });
});

describe('checkStatement: what the sources support is verified', () => {
  it.each([
    ['Em uso de losartana 50 mg pela manhã.', 'Tomo losartana cinquenta miligramas de manhã.'],
    ['PA 138x88 mmHg.', 'Cento e trinta e oito por oitenta e oito.'],
    ['PA 138/88 mmHg.', 'PA: 138 x 88 mmHg'],
    ['PA 120x80 mmHg.', 'A pressão deu doze por oito.'],
    ['Febre há 2 dias.', 'Ela está com febre faz dois dias.'],
    ['Tosse há 1,5 semana.', 'A tosse começou faz uma semana e meia.'],
    ['Dor há 30 minutos.', 'Começou faz meia hora.'],
    ['Nega febre.', 'Febre não.'],
    ['Sem náuseas.', 'Enjoo não. A luz incomoda um pouco.'],
    ['Cefaleia bilateral, frontal e occipital.', 'Dos dois lados, aqui na testa e na nuca.'],
    ['Alergia a sulfa.', 'Sou alérgica a sulfa.'],
    [
      'Dipirona 500 mg quase diariamente, com melhora parcial.',
      'Dipirona, quinhentos miligramas, quase todos os dias. Melhora por umas horas.',
    ],
    ['Glicemia de 1.250 mg/dl.', 'glicemia mil duzentos e cinquenta mg/dL'],
    ['Retorno em 4 semanas.', 'Eu peço um retorno em quatro semanas.'],
    ['Dorme cerca de 5 horas por noite.', 'Eu durmo umas cinco horas por noite.'],
    ['Sem outros sintomas.', 'Não, nada disso.'],
  ])('%s', (statement, text) => {
    expect(checkStatement(statement, source(text))).toEqual({ status: 'verified', reason: null });
  });
});

describe('checkStatement: a question answered "não"', () => {
  it('denies what was asked', () => {
    expect(reasonOf('Nega febre e perda de força.', source('Teve febre, perda de força? Não, nada disso.'))).toBe(null);
  });

  it('is no denial when the answer is yes', () => {
    expect(reasonOf('Nega febre.', source('Teve febre? Tive, ontem à noite.'))).toBe('negação não encontrada na fonte');
  });
});

// The header every statement is checked against (read-generation-inputs).
const header = (age: string) => `Nome: Ana Souza\nIdade: ${age}\nSexo: Feminino`;

describe('checkStatement: quantities are compared with quantities of the same kind only', () => {
  it('never sets a gestational age beside the patient age', () => {
    expect(reasonOf('IG 28 semanas.', source(header('32 anos')))).toBe('28 semanas não encontrado na fonte');
    expect(reasonOf('IG 32 semanas.', source(header('32 anos'), 'Estou com trinta semanas.'))).toBe(
      '30 semanas na fonte, 32 semanas na nota',
    );
  });

  it('reads a gestational age as obstetricians write it', () => {
    expect(reasonOf('IG 28 semanas e 4 dias.', source(header('32 anos'), 'IG pela DUM: 28+4 semanas'))).toBeNull();
    expect(reasonOf('IG 28s4d.', source('Estou de vinte e oito semanas e quatro dias.'))).toBeNull();
    expect(reasonOf('IG 28 semanas e 5 dias.', source(header('32 anos'), 'IG 28+4'))).toBe(
      '4 dias na fonte, 5 dias na nota',
    );
  });

  it('tells a duration from an age of the same number', () => {
    expect(reasonOf('Asma há 2 anos.', source(header('2 anos'), 'A asma começou faz um ano.'))).toBe(
      '1 ano na fonte, 2 anos na nota',
    );
    expect(reasonOf('Febre há 5 dias.', source(header('5 anos'), 'Está com febre faz três dias.'))).toBe(
      '3 dias na fonte, 5 dias na nota',
    );
    expect(reasonOf('Tabagista há 2 anos.', source(header('40 anos'), 'Tem dois anos que eu fumo.'))).toBeNull();
    expect(reasonOf('Tosse há 2 meses.', source(header('40 anos'), 'Ele tem dois meses de tosse.'))).toBeNull();
    expect(reasonOf('Febre há 3 dias.', source(header('1 ano'), 'Ele tem três dias de febre.'))).toBeNull();
    expect(reasonOf('Gestante de 32 anos, IG 30 semanas.', source(header('32 anos'), 'IG 30 semanas'))).toBeNull();
  });

  it('still names a wrong dose', () => {
    expect(reasonOf('Sertralina 100 mg há 3 meses.', source('Sertralina, cinquenta miligramas, há três meses.'))).toBe(
      'dose 50 mg na fonte, 100 mg na nota',
    );
  });
});

describe('checkStatement: idioms with "não", "nem", "sem" or "nunca" deny nothing beyond them', () => {
  it.each([
    ['Dor lombar que não passa.', 'A dor nas costas continua, todo dia.'],
    ['Tosse que não melhora.', 'A tosse continua igual.'],
    ['Dor nas costas.', 'Não aguento mais essa dor nas costas.'],
    ['Dor de cabeça forte.', 'Não tô aguentando essa dor de cabeça.'],
    ['Dor em cólica, a qualquer hora do dia.', 'A cólica vem e vai, não tem hora, de dia ou de madrugada.'],
    ['Uso de paracetamol, sem melhora.', 'Não adianta tomar paracetamol.'],
    ['Dor abdominal; dipirona com pouca melhora.', 'A dor não cede com dipirona.'],
    ['Tosse seca.', 'Não paro de tossir, uma tosse seca.'],
    ['Tosse frequente.', 'Tusso sem parar, uma tosse chata.'],
    ['Dificuldade para dormir à noite.', 'Não consigo dormir à noite.'],
    ['Febre não aferida.', 'Não sei se tive febre, não medi.'],
    ['Provável febre.', 'Não tenho certeza se foi febre.'],
    ['Crise semelhante na faculdade.', 'Não é a primeira crise, tive uma na faculdade.'],
    ['Dor de cabeça e tontura.', 'Não só dor de cabeça, tontura também.'],
    ['Palpitações no trabalho e em casa.', 'Nem sempre acontece no trabalho, às vezes é em casa.'],
    ['Dor torácica intensa.', 'Dói como nunca doeu antes, uma dor intensa no peito.'],
    ['Tomou amoxicilina todos os dias.', 'Não deixei de tomar a amoxicilina.'],
    ['Inchaço nas pernas.', 'Não vejo a hora de esse inchaço nas pernas sumir.'],
    ['Dor lombar desde a gestação anterior.', 'Essa dor não é de hoje, começou na gestação anterior.'],
  ])('%s', (statement, text) => {
    expect(checkStatement(statement, source(text))).toEqual({ status: 'verified', reason: null });
  });
});

describe('checkStatement: true denials still raise the mark', () => {
  it.each([
    ['Nega febre.', 'Tive febre ontem à noite.', 'negação não encontrada na fonte'],
    ['Sem febre.', 'Tive febre.', 'negação não encontrada na fonte'],
    ['Refere febre.', 'Não tive febre.', 'a fonte nega "febre", a nota não'],
    ['Refere alergias.', 'Não tenho alergias.', 'a fonte nega "alergias", a nota não'],
    // Not knowing is no denial.
    ['Nega febre.', 'Não sei se tive febre.', 'negação não encontrada na fonte'],
    // An idiom's own verb is still denied.
    ['Dor que passa com repouso.', 'A dor não passa nem com repouso.', 'a fonte nega "passa", a nota não'],
    ['Dor que não passa com repouso.', 'A dor passa com repouso.', 'negação não encontrada na fonte'],
  ])('%s', (statement, text, reason) => {
    expect(reasonOf(statement, source(text))).toBe(reason);
  });
});
