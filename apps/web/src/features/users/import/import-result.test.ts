import { describe, expect, it } from 'vitest';
import { importAccessNotice, importDoneText } from './import-result';

const DONE = 'Importación aplicada: 2 creados, 1 actualizados y 3 omitidos por errores.';

describe('importDoneText', () => {
  it('keeps the counts sentence alone when no link was mailed', () => {
    expect(importDoneText({ created: 2, updated: 1, skipped: 3, links_sent: 0 })).toBe(DONE);
  });

  it('adds the access links mailed to new people without a password', () => {
    expect(importDoneText({ created: 2, updated: 1, skipped: 3, links_sent: 2 })).toBe(
      `${DONE} Se enviaron enlaces de acceso a 2 personas nuevas sin contraseña.`,
    );
    expect(importDoneText({ created: 2, updated: 1, skipped: 3, links_sent: 1 })).toBe(
      `${DONE} Se envió un enlace de acceso a 1 persona nueva sin contraseña.`,
    );
  });
});

describe('importAccessNotice', () => {
  it('is not shown when the import created nobody', () => {
    expect(importAccessNotice({ created: 0, links_sent: 0 })).toBeNull();
  });

  it('says the new people without a password already got their link', () => {
    expect(importAccessNotice({ created: 3, links_sent: 3 })).toEqual([
      'Las 3 personas nuevas sin contraseña ya recibieron por correo su enlace de acceso para elegir una.',
      'Lo enviado se ve en Correos.',
    ]);
  });

  it('says those created with the password in the file got none, and how to send one', () => {
    expect(importAccessNotice({ created: 1, links_sent: 0 })).toEqual([
      'La persona creada con la contraseña del archivo no recibió enlace de acceso: si lo necesita, envíaselo con «Enviar enlace de acceso» en su fila de la lista.',
    ]);
    expect(importAccessNotice({ created: 5, links_sent: 1 })).toEqual([
      'La persona nueva sin contraseña ya recibió por correo su enlace de acceso para elegir una.',
      'Lo enviado se ve en Correos.',
      'Las 4 personas creadas con la contraseña del archivo no recibieron enlace de acceso: si alguna lo necesita, envíaselo con «Enviar enlace de acceso» en su fila de la lista.',
    ]);
  });
});
