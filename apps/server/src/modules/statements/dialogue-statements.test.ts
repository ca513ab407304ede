import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkStatement } from './check-statement';
import { prepareSource } from './prepared-text';

// Copies of ../shared/fixtures/consultations: real-sounding dialogues nobody wrote for this check.
const dialogue = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'dialogues', name), 'utf8')
    .split('\n')
    .filter((line) => /^[MPA]: /.test(line));

/** A true statement of the note and the start of each line it cites. */
type Case = [statement: string, cited: string[]];

const CASES: Record<string, Case[]> = {
  '01-cefaleia.md': [
    ['Cefaleia há cerca de 3 semanas, quase diária.', ['P: Bom dia, doutor. Faz umas três']],
    ['Dor bilateral, frontal e occipital, em aperto.', ['P: Dos dois lados', 'P: Em aperto']],
    ['Piora no fim da tarde.', ['P: Em aperto']],
    ['Sem náuseas; fotofobia leve durante as crises.', ['P: Enjoo não']],
    ['Uso de dipirona 500 mg quase diariamente, com melhora por algumas horas.', ['P: Dipirona']],
    ['Nega febre, perda de força, formigamento e alteração visual.', ['M: Teve febre', 'P: Não, nada disso']],
    ['Dorme cerca de 5 horas por noite, com estresse no trabalho.', ['P: Ruim']],
    ['- Hipertensão arterial sistêmica', ['P: Tenho hipertensão']],
    ['Losartana 50 mg pela manhã.', ['P: Tenho hipertensão']],
    ['Losartana cinquenta miligramas pela manhã.', ['P: Tenho hipertensão']],
    ['Alergia a sulfa.', ['P: Sou alérgica']],
    ['Mãe com enxaqueca.', ['P: Minha mãe']],
    ['PA 138x88 mmHg; exame neurológico normal.', ['M: Vou medir']],
    ['PA 138/88 mmHg.', ['M: Vou medir']],
    ['Retorno em 4 semanas.', ['M: Parece uma cefaleia']],
    ['Reduzir a dipirona e manter diário da dor.', ['M: Parece uma cefaleia']],
  ],
  '02-dor-toracica.md': [
    ['Dor torácica há cerca de 2 horas, iniciada ao subir escada.', ['P: Começou uma dor']],
    ['Dor em peso, retroesternal, com irradiação para o braço esquerdo.', ['P: É um peso']],
    ['Intensidade 7/10.', ['M: De zero a dez', 'P: Uns sete']],
    ['Melhora parcial com o repouso, sem resolução.', ['P: Melhorou um pouco']],
    ['Sudorese e dispneia associadas.', ['P: Suei bastante']],
    ['Tabagista, 1 maço por dia há 30 anos.', ['P: Fumo um maço']],
    ['Diabetes em uso de metformina 850 mg 2 vezes ao dia.', ['P: Diabetes. Tomo metformina']],
    ['Desconhece se tem dislipidemia.', ['P: Diabetes. Tomo metformina']],
    ['Pai faleceu de infarto aos 55 anos.', ['P: Meu pai']],
    ['Nega alergias.', ['P: Nenhuma que eu saiba']],
    ['PA 152x94 mmHg, FC 98 bpm.', ['M: Pressão de cento']],
    ['Acompanhante relata episódio semelhante na semana anterior, com melhora espontânea.', ['A: Doutor, ele também']],
  ],
  '03-pediatria.md': [
    ['Lucas, 4 anos.', ['A: Quatro anos']],
    ['Febre há 2 dias, com pico de 39,5 °C ontem à noite.', ['A: Está com febre']],
    ['Tosse produtiva.', ['A: Está com febre']],
    ['Aceitação alimentar reduzida, hidratação oral mantida.', ['A: Está comendo menos']],
    ['Diurese normal.', ['A: Sim, normal']],
    ['Nega chiado; 1 episódio de vômito pela manhã após tosse.', ['A: Chiado não']],
    ['Irmã com gripe na semana passada.', ['A: A irmã dele']],
    ['Vacinação em dia.', ['A: Estão, eu trouxe']],
    ['Alergia a amoxicilina (urticária).', ['A: É alérgico']],
    ['Peso 16 kg, temperatura 38,2 °C, saturação 97%.', ['M: Peso de dezesseis']],
    ['Ausculta com roncos, sem sibilos.', ['M: Peso de dezesseis']],
    ['Retornar se febre por mais de 3 dias ou falta de ar.', ['M: Parece uma infecção']],
  ],
};

describe('checkStatement on the fixture dialogues: true statements are never flagged', () => {
  for (const [name, cases] of Object.entries(CASES)) {
    const lines = dialogue(name);
    it.each(cases)(`${name}: %s`, (statement, cited) => {
      const sources = cited.map((start) => {
        const line = lines.find((each) => each.startsWith(start));
        if (!line) throw new Error(`No line starting "${start}" in ${name}`);
        return prepareSource({ text: line });
      });
      expect(checkStatement(statement, sources)).toEqual({ status: 'verified', reason: null });
    });
  }
});
