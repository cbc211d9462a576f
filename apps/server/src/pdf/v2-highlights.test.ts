import type { V2Results } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { havePoppler, pdfText } from '../../test/pdf';
import { v2Highlights } from './v2-highlights';
import { renderV2ResultsPdf } from './v2-results-pdf';

type Item = V2Results['items'][number];

function item(
  id: number,
  text: string,
  self: number | null,
  others: number | null,
  type: Item['type'] = 'rating',
): Item {
  return {
    item_id: id,
    question_text: text,
    type,
    section: 'competency',
    weight: 1,
    self_average: self,
    others_average: others,
    by_relation: {},
    na_count: 0,
  };
}

function results(items: Item[], self = true): V2Results {
  const figures = { competencies_percentage: 70, objectives_percentage: null, overall_percentage: 70 };
  return {
    evaluation: {
      id: 1,
      name: '360 docentes 2026',
      period: '2026',
      status: 'closed',
      weights: { weight_objectives: 0, weight_competencies: 100 },
    },
    evaluatee: { id: 2, name: 'Rosa Díaz', department: 'Primaria', position: 'Docente' },
    relations: [],
    self: self ? { ...figures, raters: 1 } : null,
    others: { ...figures, raters: 4 },
    items,
    comments: [],
    released: true,
  };
}

const ITEMS = [
  item(1, 'Planifica sus clases', 90, 60),
  item(2, 'Escucha a sus colegas', 50, 85),
  item(3, 'Usa la evaluación formativa', 75, 75),
  item(4, 'Comunica con claridad', 80, 95),
  item(5, 'Cumple los plazos', 95, 40),
  item(6, 'Comentario libre', null, null, 'text'),
  // Withheld from this reader: counts for nothing.
  item(7, 'Trabaja en equipo', 100, null),
];

describe('a 360 result in words (decision 058)', () => {
  it('names strengths and areas by the others’ average, and blind spots and hidden strengths by the gap', () => {
    const [strengths, develop, blind, hidden] = v2Highlights(results(ITEMS));
    expect(strengths!.lines).toEqual([
      '«Comunica con claridad»: 95.00 % en promedio.',
      '«Escucha a sus colegas»: 85.00 % en promedio.',
      '«Usa la evaluación formativa»: 75.00 % en promedio.',
    ]);
    expect(develop!.lines).toEqual([
      '«Cumple los plazos»: 40.00 % en promedio.',
      '«Planifica sus clases»: 60.00 % en promedio.',
    ]);
    expect(blind!.lines).toEqual([
      '«Cumple los plazos»: autoevaluación 95.00 %, demás 40.00 % (55 puntos por encima).',
      '«Planifica sus clases»: autoevaluación 90.00 %, demás 60.00 % (30 puntos por encima).',
    ]);
    expect(hidden!.lines).toEqual([
      '«Escucha a sus colegas»: demás 85.00 %, autoevaluación 50.00 % (35 puntos por debajo).',
      '«Comunica con claridad»: demás 95.00 %, autoevaluación 80.00 % (15 puntos por debajo).',
    ]);
  });

  it('says why a list is empty: no self-assessment, or nothing seen', () => {
    const [, , blind, hidden] = v2Highlights(
      results(
        ITEMS.map((i) => ({ ...i, self_average: null })),
        false,
      ),
    );
    expect(blind!.lines).toEqual([]);
    expect(blind!.none).toBe('No hay autoevaluación con la que comparar.');
    expect(hidden!.none).toBe('No hay autoevaluación con la que comparar.');
    const [strengths] = v2Highlights(results([item(1, 'Oculta', 80, null)]));
    expect(strengths!.lines).toEqual([]);
    expect(strengths!.none).toBe('No hay valoraciones de otras personas que mostrar.');
  });

  it('splits a few rated questions into strengths and areas instead of calling them all strengths', () => {
    const three = [item(1, 'Alta', null, 90), item(2, 'Media', null, 70), item(3, 'Baja', null, 50)];
    const [strengths, develop] = v2Highlights(results(three, false));
    expect(strengths!.lines).toEqual(['«Alta»: 90.00 % en promedio.', '«Media»: 70.00 % en promedio.']);
    expect(develop!.lines).toEqual(['«Baja»: 50.00 % en promedio.']);
    const [oneStrength, noArea] = v2Highlights(results([item(1, 'Única', null, 80)], false));
    expect(oneStrength!.lines).toEqual(['«Única»: 80.00 % en promedio.']);
    expect(noArea!.lines).toEqual([]);
    expect(noArea!.none).toBe('Solo hay una pregunta valorada: aparece entre las fortalezas.');
  });

  it.skipIf(!havePoppler)('prints them on the 360 PDF, after the figures', async () => {
    const text = pdfText(await renderV2ResultsPdf(results(ITEMS))).replace(/\s+/g, ' ');
    for (const expected of [
      'Lo que dicen los resultados',
      'Fortalezas',
      'Áreas de desarrollo',
      'Puntos ciegos',
      'Fortalezas ocultas',
      '«Cumple los plazos»: autoevaluación 95.00 %, demás 40.00 % (55 puntos por encima).',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text.indexOf('Resultados por pregunta')).toBeLessThan(text.indexOf('Lo que dicen los resultados'));
  });
});
