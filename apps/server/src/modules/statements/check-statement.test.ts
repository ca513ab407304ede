import { describe, expect, it } from 'vitest';
import { checkStatement, type SourceText } from './check-statement';

const source = (...texts: string[]): SourceText[] => texts.map((text) => ({ text }));
const reasonOf = (statement: string, sources: SourceText[]) => checkStatement(statement, sources).reason;

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
    const lab: SourceText[] = [{ text: 'LEUCÓCITOS 7,350 /mm³', unsureNumbers: ['7,350'] }];
    expect(reasonOf('Leucócitos 7,350.', lab)).toBe('número de leitura incerta na fonte');
    expect(reasonOf('Leucócitos 7,350.', [{ text: 'LEUCÓCITOS 7,350 /mm³ e 7,350 repetido', unsureNumbers: [] }])).toBe(
      null,
    );
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
