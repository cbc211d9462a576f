/**
 * One voice (issue 15): every text the product shows addresses the reader as "tú". The "usted" forms
 * this finds — imperatives such as «Ingrese» or «Inténtelo», "usted" itself, «le recomendamos» — are
 * refused in the message catalogues (voice tests), except the sentences SPEC fixes word for word.
 * "su"/"sus" is not looked for: it is as often a third person's («sus evaluaciones se conservan»).
 */

/** SPEC §8's sentences written with "usted": kept as the specification fixes them. */
export const SPEC_USTED_SENTENCES = [
  'Demasiados intentos fallidos. Intente de nuevo en 10 minutos.',
  'Error al cambiar la contraseña. Verifique su contraseña actual.',
] as const;

/** Imperatives in the "usted" form (with their enclitic variants), as they open a clause. */
const USTED_IMPERATIVES = [
  'acceda',
  'actualice',
  'agregue',
  'añada',
  'asegúrese',
  'busque',
  'cambie',
  'comuníquese',
  'compruebe',
  'confirme',
  'consulte',
  'contacte',
  'corrija',
  'descargue',
  'detenga',
  'diríjase',
  'elija',
  'elimine',
  'escoja',
  'escriba',
  'espere',
  'guarde',
  'haga',
  'hágalo',
  'indique',
  'inicie',
  'ingrese',
  'intente',
  'inténtelo',
  'introduzca',
  'marque',
  'pida',
  'póngase',
  'presione',
  'pulse',
  'reasigne',
  'reasígnelo',
  'reasígnelos',
  'recargue',
  'recuerde',
  'restaure',
  'revise',
  'revíselo',
  'seleccione',
  'solicite',
  'use',
  'utilice',
  'verifique',
  'vuelva',
];

/**
 * Where a clause starts: the text's start, after punctuation, or after "por favor", "luego" or
 * "después" (not after "y": «cuando revise y confirme» is a third person's subjunctive).
 */
const CLAUSE_START = String.raw`(?:^|[.:;,!?¡¿(«"]\s*|\b(?:por favor|luego|después)\s+)`;
const USTED_FORMS = [
  new RegExp(String.raw`${CLAUSE_START}(${USTED_IMPERATIVES.join('|')})(?![\p{L}])`, 'giu'),
  /(?<![\p{L}])(ustedes|usted)(?![\p{L}])/giu,
  /(?<![\p{L}])(le (?:recomendamos|sugerimos|pedimos|informamos|invitamos|recordamos))(?![\p{L}])/giu,
];

/** SPEC's sentences as patterns: a number in them may be any value (e.g. the lock's minutes). */
const SPEC_PATTERNS = SPEC_USTED_SENTENCES.map(
  (sentence) => new RegExp(sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\d+/g, '[^.]+?'), 'g'),
);

/** The "usted" forms in `text` (as written), leaving out SPEC's own sentences; [] when it uses "tú". */
export function ustedForms(text: string): string[] {
  const rest = SPEC_PATTERNS.reduce((t, pattern) => t.replace(pattern, '. '), text);
  return USTED_FORMS.flatMap((pattern) => [...rest.matchAll(pattern)].map((m) => m[1] ?? m[0]));
}

/** Arguments a message function is tried with: numbers (1 and 2, for singular and plural), a text, a list. */
const SAMPLE_ARGUMENTS: unknown[] = [2, 1, 'Ana', ['Ana', 'Luis']];

/**
 * Every text of a message catalogue (nested objects of strings and functions that write one), each
 * with its path: a function is called with each sample argument in every position, and gives the texts
 * of the calls that return one. `unreadable` lists the functions no call could render.
 */
export function catalogueTexts(
  catalogue: unknown,
  path: string,
): { texts: Array<{ path: string; text: string }>; unreadable: string[] } {
  const texts: Array<{ path: string; text: string }> = [];
  const unreadable: string[] = [];
  const visit = (value: unknown, at: string): void => {
    if (typeof value === 'string') texts.push({ path: at, text: value });
    else if (typeof value === 'function') {
      const fn = value as (...args: unknown[]) => unknown;
      const rendered = SAMPLE_ARGUMENTS.flatMap((arg) => {
        try {
          const text = fn(...Array.from({ length: Math.max(1, fn.length) }, () => arg));
          return typeof text === 'string' ? [text] : [];
        } catch {
          return [];
        }
      });
      if (rendered.length === 0) unreadable.push(at);
      for (const text of new Set(rendered)) texts.push({ path: at, text });
    } else if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${at}[${i}]`));
    else if (value !== null && typeof value === 'object')
      for (const [key, v] of Object.entries(value)) visit(v, `${at}.${key}`);
  };
  visit(catalogue, path);
  return { texts, unreadable };
}

/** The texts of the catalogues that use "usted", as "path: form (text)"; [] when all use "tú". */
export function ustedTexts(catalogues: Record<string, unknown>): { found: string[]; unreadable: string[] } {
  const found: string[] = [];
  const unreadable: string[] = [];
  for (const [name, catalogue] of Object.entries(catalogues)) {
    const read = catalogueTexts(catalogue, name);
    unreadable.push(...read.unreadable);
    const reported = new Set<string>();
    for (const { path, text } of read.texts) {
      const forms = ustedForms(text);
      if (forms.length === 0 || reported.has(path)) continue;
      reported.add(path);
      found.push(`${path}: ${forms.join(', ')} («${text}»)`);
    }
  }
  return { found, unreadable };
}
