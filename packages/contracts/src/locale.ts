import { config } from 'zod';
import { es } from 'zod/locales';

/** What a value should have been, for a person (zod's Spanish locale says "int", "NaN"…). */
const EXPECTED: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  int: 'un número entero',
  boolean: 'verdadero o falso',
  object: 'un objeto',
  array: 'una lista',
  date: 'una fecha',
  null: 'un valor vacío (null)',
};

const spanish = es().localeError;

/**
 * zod's own messages in Spanish (decision 022): a schema that words its issues keeps its sentences;
 * any issue it does not word comes from zod's Spanish locale instead of the English default ("Invalid
 * input: expected object, received array" → "Entrada inválida: se esperaba un objeto."), a wrong
 * type said plainly. Set once here, where the server, the web app and the tests all import the
 * schemas from; zod's configuration is global to the one zod package they share.
 */
// `config`, not `z.config`: the web build treats `z.…()` calls as pure (a schema nobody uses is
// dropped), and this call's effect is the point.
config({
  localeError: (issue) => {
    if (issue.code === 'invalid_type') {
      const expected = EXPECTED[issue.expected];
      if (expected !== undefined) return `Entrada inválida: se esperaba ${expected}.`;
    }
    return spanish?.(issue);
  },
});
