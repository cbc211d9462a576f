import { CSV_MESSAGES, IMPORT_MESSAGES } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { CsvError, detectSeparator, foldKey, parseRecords, readCsv } from './csv';
import { readImportFile, roleOf } from './rows';

const cellsOf = (text: string, sep = ',') => parseRecords(text, sep).map((r) => r.cells);

describe('CSV reader', () => {
  it('detects the separator from the header line, outside quotes', () => {
    expect(detectSeparator('nombre;correo;rol\nAna,María;a@b.do;admin')).toBe(';');
    expect(detectSeparator('nombre,correo,rol\nx;y;z;w;v')).toBe(',');
    expect(detectSeparator('"a;b;c",correo\n')).toBe(',');
    expect(detectSeparator('nombre\tcorreo\trol')).toBe('\t');
    expect(detectSeparator('nombre')).toBe(',');
  });

  it('reads quoted fields: separators, doubled quotes and line breaks inside', () => {
    expect(cellsOf('a,"b,c","d ""e"""\n"x\ny",z', ',')).toEqual([
      ['a', 'b,c', 'd "e"'],
      ['x\ny', 'z'],
    ]);
    expect(cellsOf('"",x,""', ',')).toEqual([['', 'x', '']]);
  });

  it('numbers records by the line they start on, with LF, CRLF or CR line ends', () => {
    const lf = parseRecords('h1;h2\n"a\nb";c\nd;e\n', ';');
    expect(lf.map((r) => r.line)).toEqual([1, 2, 4]);
    const crlf = parseRecords('h1;h2\r\n"a\r\nb";c\r\nd;e\r\n', ';');
    expect(crlf.map((r) => [r.line, r.cells])).toEqual([
      [1, ['h1', 'h2']],
      [2, ['a\nb', 'c']],
      [4, ['d', 'e']],
    ]);
    expect(cellsOf('a;b\rc;d', ';')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('keeps empty cells, including a trailing one, and no phantom record after the last line break', () => {
    expect(cellsOf('a;;c;\n', ';')).toEqual([['a', '', 'c', '']]);
    expect(cellsOf('a;b', ';')).toEqual([['a', 'b']]);
    expect(cellsOf('', ';')).toEqual([]);
  });

  it('refuses an unclosed quote, naming the line it opens on', () => {
    expect(() => parseRecords('a;b\nc;"d\ne;f\n', ';')).toThrow(new CsvError(CSV_MESSAGES.unclosedQuote(2)));
  });

  it('drops a UTF-8 byte order mark and blank lines; the first line is the header', () => {
    const table = readCsv('\uFEFFnombre;correo\r\n\r\n;\r\nAna;ana@b.do\r\n\r\n');
    expect(table.separator).toBe(';');
    expect(table.header.cells).toEqual(['nombre', 'correo']);
    expect(table.records).toEqual([{ line: 4, cells: ['Ana', 'ana@b.do'] }]);
    expect(() => readCsv('\uFEFF\n\n')).toThrow(new CsvError(CSV_MESSAGES.empty));
  });

  it('folds headers and roles: case, accents, spaces and underscores', () => {
    expect(foldKey('  Categoría ')).toBe('categoria');
    expect(foldKey('CONTRASEÑA')).toBe('contrasena');
    expect(foldKey('Correo_Electrónico')).toBe('correo electronico');
    expect(foldKey('Gestión   Humana')).toBe('gestion humana');
  });
});

function badRequestOf(work: () => unknown): string {
  try {
    work();
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 400) return err.message;
    throw err;
  }
  throw new Error('expected a 400');
}

describe('import file rows', () => {
  it('maps Spanish headers and English aliases, whatever their case and accents', () => {
    const file = readImportFile(
      'NOMBRE,E-mail,Role,Cargo,Department,Categoría,Contraseña,Observaciones\n' +
        'Ana Pérez,ANA@Escuela.do,Gestión Humana,Coordinadora,Dirección,Docentes,Clave-Segura-1,nota\n',
    );
    expect(file.ignoredColumns).toEqual(['Observaciones']);
    expect([...file.columns].sort()).toEqual(
      ['category', 'department', 'email', 'name', 'password', 'position', 'role'].sort(),
    );
    expect(file.rows).toEqual([
      {
        line: 2,
        name: 'Ana Pérez',
        email: 'ana@escuela.do',
        roleText: 'Gestión Humana',
        role: 'gestionhumana',
        position: 'Coordinadora',
        department: 'Dirección',
        categoryText: 'Docentes',
        password: 'Clave-Segura-1',
        managerEmail: null,
        errors: [],
      },
    ]);
  });

  it('understands the roles by value and by their Spanish labels', () => {
    expect(roleOf('admin')).toBe('admin');
    expect(roleOf('Administrador')).toBe('admin');
    expect(roleOf('gestion humana')).toBe('gestionhumana');
    expect(roleOf('GestionHumana')).toBe('gestionhumana');
    expect(roleOf('Evaluadora')).toBe('evaluador');
    expect(roleOf('colaborador')).toBe('colaborador');
    expect(roleOf('jefe')).toBeNull();
  });

  it('flags each row on its own: name, e-mail, role, lengths, password, repeated e-mail', () => {
    const long = 'x'.repeat(121);
    const file = readImportFile(
      [
        'nombre;correo;rol;puesto;contraseña',
        'Ana;ana@b.do;colaborador;;',
        ';sin-arroba;jefe;;corta',
        `Luis;ANA@B.DO;evaluador;${long};`,
        `${long};;;;`,
      ].join('\n'),
    );
    expect(file.rows.map((r) => [r.line, r.errors])).toEqual([
      [2, []],
      [
        3,
        [
          IMPORT_MESSAGES.nameRequired,
          'El correo electrónico no es válido.',
          IMPORT_MESSAGES.roleUnknown('jefe'),
          'La nueva contraseña debe tener al menos 8 caracteres.',
        ],
      ],
      [4, [IMPORT_MESSAGES.duplicateEmail(2), IMPORT_MESSAGES.tooLong('El puesto', 120)]],
      [5, [IMPORT_MESSAGES.tooLong('El nombre', 120), 'El correo electrónico es obligatorio.']],
    ]);
  });

  it('refuses files it cannot read as a whole with one sentence', () => {
    expect(badRequestOf(() => readImportFile('nombre;correo\nAna;a@b.do'))).toBe(
      IMPORT_MESSAGES.missingColumns(['rol']),
    );
    expect(badRequestOf(() => readImportFile('name,puesto\nAna,x'))).toBe(
      IMPORT_MESSAGES.missingColumns(['correo', 'rol']),
    );
    expect(badRequestOf(() => readImportFile('nombre;correo;rol;Email\n'))).toBe(
      IMPORT_MESSAGES.duplicateColumn('Email'),
    );
    expect(badRequestOf(() => readImportFile('nombre;correo;rol\n\n'))).toBe(IMPORT_MESSAGES.noRows);
    expect(badRequestOf(() => readImportFile('nombre;correo;rol\n"Ana;a@b.do;admin\n'))).toBe(
      CSV_MESSAGES.unclosedQuote(2),
    );
    const many = [
      'nombre;correo;rol',
      ...Array.from({ length: 5001 }, (_, i) => `P${i};p${i}@b.do;colaborador`),
    ];
    expect(badRequestOf(() => readImportFile(many.join('\n')))).toBe(IMPORT_MESSAGES.tooManyRows(5001));
  });
});
