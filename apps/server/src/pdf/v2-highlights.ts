import type { V2Results } from '@evalua/contracts';
import { decimal, percent } from './format';

/** How many questions each highlight names (as 'Análisis 360' names its gaps). */
export const HIGHLIGHTS_PER_KIND = 3;

export interface Highlight {
  title: string;
  /** What the list means, in one sentence. */
  meaning: string;
  /** One sentence per question; empty when none qualifies. */
  lines: string[];
  /** Said when no question qualifies. */
  none: string;
}

type Item = V2Results['items'][number];
type Rated = Item & { others_average: number };

const quoted = (i: Item) => `«${i.question_text}»`;
const points = (n: number) => {
  const shown = Math.round(n * 100) / 100;
  return `${decimal(shown, Number.isInteger(shown) ? 0 : 2)} ${shown === 1 ? 'punto' : 'puntos'}`;
};

/**
 * A 360 result in words (issue 30 §6, decision 058), from the figures the reader already sees (what
 * is withheld is null and counts for nothing): the strengths and the areas to develop by the others'
 * average, and — where the person rated themself — blind spots (self above the others) and hidden
 * strengths (the others above self), largest gap first, as 'Análisis 360' defines them (decision 037).
 */
export function v2Highlights(results: V2Results): Highlight[] {
  const rated = results.items.filter((i): i is Rated => i.type !== 'text' && i.others_average !== null);
  const byOthers = [...rated].sort((a, b) => b.others_average - a.others_average);
  // With few rated questions, strengths take the better half (rounded up) and the rest are areas to
  // develop: three rated questions are not three strengths.
  const strengths = byOthers.slice(0, Math.min(HIGHLIGHTS_PER_KIND, Math.ceil(rated.length / 2)));
  const develop = [...byOthers]
    .reverse()
    .filter((i) => !strengths.includes(i))
    .slice(0, HIGHLIGHTS_PER_KIND);
  const withSelf = rated.filter((i): i is Rated & { self_average: number } => i.self_average !== null);
  const gap = (i: Rated & { self_average: number }) => i.self_average - i.others_average;
  const blind = withSelf
    .filter((i) => gap(i) > 0)
    .sort((a, b) => gap(b) - gap(a))
    .slice(0, HIGHLIGHTS_PER_KIND);
  const hidden = withSelf
    .filter((i) => gap(i) < 0)
    .sort((a, b) => gap(a) - gap(b))
    .slice(0, HIGHLIGHTS_PER_KIND);
  const noFigures = 'No hay valoraciones de otras personas que mostrar.';
  const noSelf = results.self === null ? 'No hay autoevaluación con la que comparar.' : null;

  return [
    {
      title: 'Fortalezas',
      meaning: 'Las preguntas mejor valoradas por las demás personas.',
      lines: strengths.map((i) => `${quoted(i)}: ${percent(i.others_average)} en promedio.`),
      none: noFigures,
    },
    {
      title: 'Áreas de desarrollo',
      meaning: 'Las preguntas con la valoración más baja de las demás personas.',
      lines: develop.map((i) => `${quoted(i)}: ${percent(i.others_average)} en promedio.`),
      none: rated.length > 0 ? 'Solo hay una pregunta valorada: aparece entre las fortalezas.' : noFigures,
    },
    {
      title: 'Puntos ciegos',
      meaning: 'Donde la persona se valoró más alto que las demás.',
      lines: blind.map(
        (i) =>
          `${quoted(i)}: autoevaluación ${percent(i.self_average)}, demás ${percent(i.others_average)} (${points(gap(i))} por encima).`,
      ),
      none: noSelf ?? 'Ninguna pregunta: la autoevaluación no supera la valoración de las demás personas.',
    },
    {
      title: 'Fortalezas ocultas',
      meaning: 'Donde las demás personas valoran más alto que la propia persona.',
      lines: hidden.map(
        (i) =>
          `${quoted(i)}: demás ${percent(i.others_average)}, autoevaluación ${percent(i.self_average)} (${points(-gap(i))} por debajo).`,
      ),
      none: noSelf ?? 'Ninguna pregunta: la autoevaluación no queda por debajo de las demás personas.',
    },
  ];
}
