import { describe, expect, it } from 'vitest';
import * as contracts from './index';
import { catalogueTexts, SPEC_USTED_SENTENCES, ustedForms, ustedTexts } from './voice';

describe('ustedForms', () => {
  it('finds "usted" imperatives, "usted" and «le recomendamos»', () => {
    expect(ustedForms('Ingrese su correo electrónico.')).toEqual(['Ingrese']);
    expect(ustedForms('No se pudo guardar. Por favor, inténtelo de nuevo.')).toEqual(['inténtelo']);
    expect(ustedForms('Base restaurada. Luego inicie la aplicación.')).toEqual(['inicie']);
    expect(ustedForms('Con la aplicación detenida, use pg_restore.')).toEqual(['use']);
    expect(ustedForms('¿Está usted seguro?')).toEqual(['usted']);
    expect(ustedForms('Le recomendamos cambiarla.')).toEqual(['Le recomendamos']);
    expect(ustedForms('Usuario creado: Reasígnelos antes de eliminarla.')).toEqual(['Reasígnelos']);
  });

  it('accepts "tú" and the third person', () => {
    for (const text of [
      'Ingresa tu correo electrónico.',
      'Demasiados intentos fallidos. Inténtalo de nuevo en 10 minutos.',
      'Revisa tu conexión e inténtalo de nuevo.',
      'Elige un evaluador para ver y gestionar sus colaboradores.',
      'Los resultados se publican cuando el evaluador revise y confirme sus respuestas.',
      'Si la persona usa otra sesión, sus datos se conservan.',
      'Usuario «Ana» desactivado: ya no podrá iniciar sesión.',
      '¿Quitar un evaluador de Ana? Su evaluación pendiente se eliminará.',
    ])
      expect(ustedForms(text), text).toEqual([]);
  });

  it("leaves out SPEC's own sentences, whatever number they carry, but not what is around them", () => {
    for (const sentence of SPEC_USTED_SENTENCES) expect(ustedForms(sentence)).toEqual([]);
    expect(ustedForms('Demasiados intentos fallidos. Intente de nuevo en 15 minutos.')).toEqual([]);
    expect(ustedForms(`${SPEC_USTED_SENTENCES[0]} Contacte al administrador.`)).toEqual(['Contacte']);
  });
});

describe('catalogueTexts', () => {
  it('reads nested strings and renders functions in singular and plural', () => {
    const { texts, unreadable } = catalogueTexts(
      {
        a: 'Uno.',
        b: { c: (n: number) => (n === 1 ? 'Una fila.' : `${n} filas.`) },
        d: (list: string[]) => list.join(' y '),
        e: (o: { x: { y: string } }) => o.x.y,
      },
      'M',
    );
    expect(texts).toContainEqual({ path: 'M.a', text: 'Uno.' });
    expect(texts).toContainEqual({ path: 'M.b.c', text: 'Una fila.' });
    expect(texts).toContainEqual({ path: 'M.b.c', text: '2 filas.' });
    expect(texts).toContainEqual({ path: 'M.d', text: 'Ana y Luis' });
    expect(unreadable).toEqual(['M.e']);
  });
});

describe('the contracts’ message catalogues', () => {
  // Every sentence the server sends lives here (issue 29 §6): the server's own voice test became this one.
  it('address the reader as "tú" (every *_MESSAGES and *_NOTES, the server\'s too) but SPEC\'s sentences', () => {
    const catalogues = Object.fromEntries(
      Object.entries(contracts).filter(([name]) => /_(MESSAGES|NOTES)$/.test(name)),
    );
    expect(Object.keys(catalogues).length).toBeGreaterThan(10);
    expect(Object.keys(catalogues)).toEqual(
      expect.arrayContaining([
        'LOGIN_MESSAGES',
        'SETUP_MESSAGES',
        'PASSWORD_CHANGE_MESSAGES',
        'USER_MESSAGES',
        'IMPORT_MESSAGES',
        'HTTP_MESSAGES',
        'V2_NOTES',
        'INSIGHT_NOTES',
      ]),
    );
    const { found, unreadable } = ustedTexts(catalogues);
    expect(found).toEqual([]);
    expect(unreadable).toEqual([]);
  });
});
