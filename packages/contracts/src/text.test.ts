import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  TEXT_MESSAGES,
  categoryInputSchema,
  endSentence,
  collaboratorInputSchema,
  createUserSchema,
  emailSchema,
  fullSubmitSchema,
  idParamsSchema,
  isNoncharacter,
  loginRequestSchema,
  newPasswordSchema,
  pageQuerySchema,
  questionBankInputSchema,
  questionInputSchema,
  textProblem,
  usersImportRequestSchema,
  v2BulkAssignSchema,
  v2ItemsPutSchema,
  v2SnapshotCreateSchema,
  v2SnapshotParamsSchema,
  v2SubmitSchema,
} from './index';

/** Decision 022: text hygiene, ids and zod's Spanish messages. */

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

/** Every layout-changing character the rules name, one by one. */
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, c) => c).filter((c) => c !== 0x0a && c !== 0x0d),
  0x7f,
  ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
  0x061c,
  0x200e,
  0x200f,
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
].map((c) => String.fromCharCode(c));

describe('textProblem', () => {
  it('takes ordinary Spanish text, accents, ñ, emoji (surrogate pairs) and joiners in every kind', () => {
    for (const text of ['José Peña-Núñez', '¿Planifica sus clases?', 'Ana 😀', '👩‍🏫 Docente', '—«ok»—', ''])
      for (const kind of ['single', 'multi', 'any'] as const)
        expect(textProblem(text, kind), text).toBeNull();
  });

  it('refuses every C0, DEL, C1 and bidirectional control in single- and multi-line text', () => {
    expect(CONTROLS).toHaveLength(30 + 1 + 32 + 12);
    for (const c of CONTROLS) {
      const text = `Ana${c}Pérez`;
      expect(textProblem(text, 'single'), JSON.stringify(c)).toBe(TEXT_MESSAGES.control);
      expect(textProblem(text, 'multi'), JSON.stringify(c)).toBe(TEXT_MESSAGES.control);
      expect(textProblem(text, 'any'), JSON.stringify(c)).toBeNull();
    }
  });

  it('single-line: no line break of any kind; multi-line: LF and CR LF only', () => {
    for (const br of ['\n', '\r\n', '\r', '\u2028', '\u2029'])
      expect(textProblem(`Ana${br}X-Injected: 1`, 'single'), JSON.stringify(br)).toBe(
        TEXT_MESSAGES.lineBreak,
      );
    expect(textProblem('Línea 1\nLínea 2\r\nLínea 3', 'multi')).toBeNull();
    for (const br of ['\r', '\u2028', '\u2029', '\n\r'])
      expect(textProblem(`Ana${br}Pérez`, 'multi'), JSON.stringify(br)).toBe(TEXT_MESSAGES.control);
    expect(textProblem('al final\r', 'multi')).toBe(TEXT_MESSAGES.control);
  });

  it('refuses lone surrogates in every kind, exactly as String.prototype.isWellFormed', () => {
    const samples = [
      '\uD800',
      '\uDFFF',
      'a\uD800b',
      'a\uDC00',
      '\uDBFF\uDFFD',
      '\uD83D\uDE00',
      'x\uD83D',
      '\uDE00\uD83D',
    ];
    for (const text of samples) {
      const wellFormed = (text as unknown as { isWellFormed(): boolean }).isWellFormed();
      for (const kind of ['single', 'multi', 'any'] as const)
        expect(textProblem(text, kind) === null, `${JSON.stringify(text)} ${kind}`).toBe(wellFormed);
      if (!wellFormed) expect(textProblem(text, 'any')).toBe(TEXT_MESSAGES.malformed);
    }
  });
});

describe('noncharacters (review of the fixes, D)', () => {
  /** All 66: U+FDD0–U+FDEF and U+nFFFE, U+nFFFF of the 17 planes. */
  const NONCHARACTERS = [
    ...Array.from({ length: 32 }, (_, i) => 0xfdd0 + i),
    ...Array.from({ length: 17 }, (_, plane) => [plane * 0x10000 + 0xfffe, plane * 0x10000 + 0xffff]).flat(),
  ];

  it('refuses every noncharacter in single- and multi-line text, but not in a password', () => {
    expect(NONCHARACTERS).toHaveLength(66);
    for (const cp of NONCHARACTERS) {
      const text = `Ana${String.fromCodePoint(cp)}Pérez`;
      const name = `U+${cp.toString(16).toUpperCase()}`;
      expect(isNoncharacter(cp), name).toBe(true);
      expect(textProblem(text, 'single'), name).toBe(TEXT_MESSAGES.malformed);
      expect(textProblem(text, 'multi'), name).toBe(TEXT_MESSAGES.malformed);
      expect(textProblem(text, 'any'), name).toBeNull();
    }
  });

  it('takes their neighbours: U+FDCF, U+FDF0, U+FFFD, U+10000, U+1FFFD, U+10FFFD', () => {
    for (const cp of [0xfdcf, 0xfdf0, 0xfffd, 0x10000, 0x1fffd, 0x10fffd, 0xe000]) {
      expect(isNoncharacter(cp)).toBe(false);
      for (const kind of ['single', 'multi', 'any'] as const)
        expect(textProblem(`a${String.fromCodePoint(cp)}b`, kind), cp.toString(16)).toBeNull();
    }
  });

  it('a name with U+FFFE and a 360 comment with U+FFFF are refused by the schemas', () => {
    const user = {
      name: 'Ana\uFFFEPérez',
      email: 'ana@x.do',
      role: 'colaborador',
      password: 'Clave-Segura-1',
    };
    expect(firstMessage(createUserSchema, user)).toBe(TEXT_MESSAGES.malformed);
    expect(firstMessage(categoryInputSchema, { name: 'Docentes\u{10FFFF}' })).toBe(TEXT_MESSAGES.malformed);
    const submit = {
      evaluation_id: 1,
      assignment_id: 2,
      answers: [{ item_id: 3, value: 4, comment: 'Bien\uFFFF hecho' }],
    };
    expect(v2SubmitSchema.safeParse(submit).error?.issues[0]).toMatchObject({
      path: ['answers', 0, 'comment'],
      message: TEXT_MESSAGES.malformed,
    });
    expect(newPasswordSchema.safeParse('Clave-\uFFFF-Segura').success).toBe(true);
  });
});

describe('request schemas refuse control characters by construction', () => {
  it('names, positions, departments, e-mails, questions, labels and searches are one line', () => {
    const injected = 'Ana\r\nX-Injected: 1';
    expect(firstMessage(categoryInputSchema, { name: injected })).toBe(TEXT_MESSAGES.lineBreak);
    expect(firstMessage(categoryInputSchema, { name: 'Ana\u202Egnp.exe' })).toBe(TEXT_MESSAGES.control);
    const collaborator = {
      name: 'Ana',
      position: 'Docente',
      department: 'Ciencias',
      email: '',
      category_id: 1,
    };
    expect(collaboratorInputSchema.safeParse(collaborator).success).toBe(true);
    for (const field of ['name', 'position', 'department'] as const)
      expect(firstMessage(collaboratorInputSchema, { ...collaborator, [field]: injected }), field).toBe(
        TEXT_MESSAGES.lineBreak,
      );
    expect(firstMessage(collaboratorInputSchema, { ...collaborator, email: 'ana\u202E@x.do' })).toBe(
      TEXT_MESSAGES.control,
    );
    expect(firstMessage(emailSchema, 'ana\u0085@escuela.do')).toBe(TEXT_MESSAGES.control);
    expect(firstMessage(loginRequestSchema, { email: 'ana@x.do\nBcc: b@x.do', password: 'x' })).toBe(
      TEXT_MESSAGES.lineBreak,
    );
    expect(
      firstMessage(questionInputSchema, { question_text: '¿Planifica?\nX', question_type: 'competency' }),
    ).toBe(TEXT_MESSAGES.lineBreak);
    expect(firstMessage(v2SnapshotCreateSchema, { label: 'Corte\u2028X' })).toBe(TEXT_MESSAGES.lineBreak);
    const items = {
      items: [{ question_text: 'Q', type: 'rating', scale_labels: ['Nunca', 'A\u202Eveces'] }],
    };
    expect(v2ItemsPutSchema.safeParse(items).error?.issues[0]).toMatchObject({
      path: ['items', 0, 'scale_labels', 1],
      message: TEXT_MESSAGES.control,
    });
    expect(firstMessage(pageQuerySchema, { q: 'A\nna' })).toBe(TEXT_MESSAGES.lineBreak);
    // Surrounding white space is trimmed first, as before: a trailing newline is simply dropped.
    expect(categoryInputSchema.parse({ name: ' Docentes\n' })).toEqual({ name: 'Docentes' });
  });

  it('comments, notes and descriptions keep their lines but refuse other controls', () => {
    expect(v2SnapshotCreateSchema.parse({ label: 'Corte', notes: 'Uno\r\nDos\nTres' }).notes).toBe(
      'Uno\r\nDos\nTres',
    );
    expect(firstMessage(v2SnapshotCreateSchema, { label: 'Corte', notes: 'Uno\u202EDos' })).toBe(
      TEXT_MESSAGES.control,
    );
    expect(questionBankInputSchema.parse({ name: 'Banco', description: 'Uno\nDos' }).description).toBe(
      'Uno\nDos',
    );
    expect(firstMessage(questionBankInputSchema, { name: 'Banco', description: 'Uno\tDos' })).toBe(
      TEXT_MESSAGES.control,
    );
    const submit = {
      evaluation_id: 1,
      user_id: 2,
      evaluator_id: 3,
      responses: [{ question_id: 4, score: 3 }],
      training: { requires_training: true, comments: 'Uno\nDos' },
    };
    expect(fullSubmitSchema.safeParse(submit).success).toBe(true);
    expect(
      firstMessage(fullSubmitSchema, {
        ...submit,
        training: { requires_training: true, comments: 'Uno\rDos' },
      }),
    ).toBe(TEXT_MESSAGES.control);
    const answers = (value: unknown, comment: string | null) => ({
      evaluation_id: 1,
      assignment_id: 2,
      answers: [{ item_id: 3, value, comment }],
    });
    expect(v2SubmitSchema.safeParse(answers('Uno\nDos', 'Tres\r\nCuatro')).success).toBe(true);
    expect(firstMessage(v2SubmitSchema, answers('Uno\u2067Dos', null))).toBe(TEXT_MESSAGES.control);
    expect(firstMessage(v2SubmitSchema, answers(4, 'Bien\u0000'))).toBe(TEXT_MESSAGES.control);
  });

  it('passwords take any character but a lone surrogate (it would be hashed as U+FFFD)', () => {
    expect(newPasswordSchema.safeParse('Clave\tcon\u202Etodo').success).toBe(true);
    expect(firstMessage(newPasswordSchema, 'Clave-Segura-\uD800')).toBe(TEXT_MESSAGES.malformed);
    expect(firstMessage(loginRequestSchema, { email: 'a@b.do', password: 'x\uDC00' })).toBe(
      TEXT_MESSAGES.malformed,
    );
    const user = { name: 'Ana', email: 'ana@x.do', role: 'colaborador', password: 'Clave-\uD83DSegura' };
    expect(firstMessage(createUserSchema, user)).toBe(TEXT_MESSAGES.malformed);
    expect(firstMessage(usersImportRequestSchema, { csv: 'nombre\n\uD800' })).toBe(TEXT_MESSAGES.malformed);
  });
});

describe('ids', () => {
  it('are JSON integers or plain decimal digits, 1 to 2^31-1', () => {
    expect(idParamsSchema.parse({ id: '12' })).toEqual({ id: 12 });
    expect(idParamsSchema.parse({ id: 12 })).toEqual({ id: 12 });
    expect(idParamsSchema.parse({ id: '2147483647' })).toEqual({ id: 2147483647 });
    const refused = [
      '1e1',
      ' 1',
      '1 ',
      '\t1',
      '0x10',
      '0b1',
      '0o7',
      '+1',
      '01',
      '1.0',
      '1.',
      '-1',
      '0',
      '',
      '١',
      '2147483648',
      '99999999999',
      true,
      null,
      1.5,
      [],
    ];
    for (const id of refused)
      expect(firstMessage(idParamsSchema, { id }), JSON.stringify(id)).toBe('El identificador no es válido.');
    expect(firstMessage(v2SnapshotParamsSchema, { id: '1', snapshotId: '0x2' })).toBe(
      'El identificador del snapshot debe ser un número entero positivo.',
    );
  });

  it('in bodies too, with each field its own sentence', () => {
    const bulk = (evaluator_id: unknown) => ({
      evaluation_id: 1,
      assignments: [{ evaluator_id, evaluatee_id: 2, relation: 'peer' }],
    });
    expect(v2BulkAssignSchema.safeParse(bulk('3')).success).toBe(true);
    expect(firstMessage(v2BulkAssignSchema, bulk('0x3'))).toBe(
      'Completa evaluator_id, evaluatee_id y relación.',
    );
    expect(
      firstMessage(createUserSchema, {
        name: 'A',
        email: 'a@b.do',
        role: 'colaborador',
        password: 'Clave-Segura-1',
        category_id: ' 3',
      }),
    ).toBe('La categoría no es válida.');
  });
});

describe("zod's own messages", () => {
  it('are Spanish, and a schema that words its issues keeps its sentence', () => {
    expect(firstMessage(categoryInputSchema, [])).toBe('Entrada inválida: se esperaba un objeto.');
    expect(firstMessage(pageQuerySchema, { page: 'uno' })).toBe('Entrada inválida: se esperaba un número.');
    expect(firstMessage(pageQuerySchema, { page: '1.5' })).toBe(
      'Entrada inválida: se esperaba un número entero.',
    );
    expect(firstMessage(z.enum(['a', 'b']), 'c')).toBe('Opción inválida: se esperaba una de "a"|"b"');
    expect(firstMessage(z.string().max(2), 'abc')).toMatch(/^Demasiado grande/);
    expect(firstMessage(categoryInputSchema, { name: 5 })).toBe('El nombre de la categoría es obligatorio.');
  });
});

describe('endSentence', () => {
  it('adds the period a sentence needs, and never a second after a time in es-DO (issue 30 §8)', () => {
    expect(endSentence('Borrador guardado a las 3:05 p. m.')).toBe('Borrador guardado a las 3:05 p. m.');
    expect(endSentence('Borrador guardado a las 15:05')).toBe('Borrador guardado a las 15:05.');
  });
});
