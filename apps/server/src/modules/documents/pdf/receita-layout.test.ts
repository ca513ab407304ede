import { describe, expect, it } from 'vitest';
import { routeHeading } from './receita-layout';

describe('routeHeading', () => {
  it.each([
    ['oral', 'Uso oral'],
    ['Oral', 'Uso oral'],
    ['tópica', 'Uso tópico'],
    ['inalatória', 'Uso inalatório'],
    ['intramuscular', 'Uso intramuscular'],
    ['IM', 'Uso IM'],
    ['via  inalatória', 'Via inalatória'],
    ['uso externo', 'Uso externo'],
    ['  ', ''],
  ])('heads the route "%s" as "%s"', (route, heading) => {
    expect(routeHeading(route)).toBe(heading);
  });
});
