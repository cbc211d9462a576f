import { describe, expect, it } from 'vitest';
import { TEMPLATE_FILE_NAME, decodeCsv, fitsInRequest, templateText } from './import-file';

const bytes = (values: number[]) => new Uint8Array(values).buffer;

describe('decodeCsv', () => {
  it('reads UTF-8', () => {
    expect(decodeCsv(new TextEncoder().encode('nombre;correo\nJosé;jose@x.do').buffer as ArrayBuffer)).toBe(
      'nombre;correo\nJosé;jose@x.do',
    );
  });

  it("falls back to Windows-1252 when the bytes are not UTF-8 (Excel's plain CSV)", () => {
    // "José;Núñez" with é = 0xE9, ú = 0xFA, ñ = 0xF1.
    expect(decodeCsv(bytes([0x4a, 0x6f, 0x73, 0xe9, 0x3b, 0x4e, 0xfa, 0xf1, 0x65, 0x7a]))).toBe('José;Núñez');
  });
});

describe('fitsInRequest', () => {
  it('accepts a text whose JSON body stays under 1 MB less 1 KB', () => {
    expect(fitsInRequest('a'.repeat(1024 * 1024 - 1024 - 10))).toBe(true);
  });

  it('refuses one byte more', () => {
    expect(fitsInRequest('a'.repeat(1024 * 1024 - 1024 - 9))).toBe(false);
  });

  it('counts accented letters as their UTF-8 bytes', () => {
    expect(fitsInRequest('é'.repeat((1024 * 1024 - 1024 - 10) / 2))).toBe(true);
    expect(fitsInRequest('é'.repeat((1024 * 1024 - 1024 - 10) / 2 + 1))).toBe(false);
  });
});

describe('templateText', () => {
  it('is the Spanish header and two examples, ;-separated, CRLF, with a byte order mark', () => {
    expect(templateText()).toBe(
      '\uFEFFnombre;correo;rol;puesto;departamento;categoria;reporta_a\r\n' +
        'María Rodríguez;maria.rodriguez@ejemplo.do;colaborador;Docente;Ciencias;Docentes;jose.martinez@ejemplo.do\r\n' +
        'José Martínez;jose.martinez@ejemplo.do;evaluador;Coordinador;Matemáticas;Docentes;\r\n',
    );
    expect(TEMPLATE_FILE_NAME).toBe('plantilla-personal.csv');
  });
});
