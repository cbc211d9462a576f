import type { PublicUser } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import {
  blankUser,
  createFormSchema,
  editFormSchema,
  roleOptions,
  toFormValues,
  type UserFormValues,
} from './user-form';

const filled: UserFormValues = {
  name: '  Carmen Núñez ',
  email: ' Carmen@Escuela.do ',
  role: 'colaborador',
  position: 'Docente',
  department: '',
  category_id: '3',
  manager_id: '9',
  password: 'Clave-Nueva-1',
  confirmPassword: 'Clave-Nueva-1',
};

function messagesOf(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  return (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
}

const filledUser: PublicUser = {
  id: 2,
  name: 'Beto',
  email: 'beto@escuela.do',
  role: 'colaborador',
  position: null,
  department: null,
  category_id: null,
  status: true,
};

describe('toFormValues', () => {
  it('shows every field as text, nulls as empty', () => {
    const user: PublicUser = {
      id: 7,
      name: 'Ana Pérez',
      email: null,
      role: 'evaluador',
      position: null,
      department: 'Ciencias',
      category_id: 12,
      status: true,
    };
    expect(toFormValues(user)).toEqual({
      name: 'Ana Pérez',
      email: '',
      role: 'evaluador',
      position: '',
      department: 'Ciencias',
      category_id: '12',
      manager_id: '',
      password: '',
      confirmPassword: '',
    });
  });

  it('gives an empty category for a user without one', () => {
    const user: PublicUser = {
      id: 1,
      name: 'X',
      email: 'x@y.do',
      role: 'admin',
      position: 'Director',
      department: null,
      category_id: null,
      status: false,
    };
    expect(toFormValues(user).category_id).toBe('');
  });
});

describe('createFormSchema', () => {
  it('turns the texts into the call body with the contract rules', () => {
    expect(createFormSchema.parse(filled)).toEqual({
      name: 'Carmen Núñez',
      email: 'Carmen@Escuela.do',
      role: 'colaborador',
      position: 'Docente',
      department: null,
      category_id: 3,
      manager_id: 9,
      password: 'Clave-Nueva-1',
    });
  });

  it('with «Enviar enlace de acceso» sends no password and asks the server for the link (decision 040)', () => {
    expect(createFormSchema.parse({ ...filled, password: '', confirmPassword: '', access: 'link' })).toEqual({
      name: 'Carmen Núñez',
      email: 'Carmen@Escuela.do',
      role: 'colaborador',
      position: 'Docente',
      department: null,
      category_id: 3,
      manager_id: 9,
      send_access_link: true,
    });
  });

  it('refuses a blank form with the contract sentences', () => {
    const result = createFormSchema.safeParse(blankUser);
    expect(result.success).toBe(false);
    expect(messagesOf(result)).toEqual([
      ['name', 'El nombre es obligatorio.'],
      ['email', 'El correo electrónico es obligatorio.'],
      ['role', 'El rol es obligatorio.'],
      ['password', 'La contraseña es obligatoria.'],
    ]);
  });
});

describe('editFormSchema', () => {
  it('leaves the password out when both password fields are empty', () => {
    expect(editFormSchema.parse({ ...filled, password: '', confirmPassword: '' })).toEqual({
      name: 'Carmen Núñez',
      email: 'Carmen@Escuela.do',
      role: 'colaborador',
      position: 'Docente',
      department: null,
      category_id: 3,
      manager_id: 9,
      password: undefined,
    });
  });

  it("sends 'Reporta a' empty as null (nobody), and a manager's id as a number", () => {
    expect(editFormSchema.parse({ ...filled, manager_id: '' }).manager_id).toBeNull();
    expect(toFormValues({ ...filledUser, manager_id: 4 }).manager_id).toBe('4');
  });

  it('keeps a new password equal to its confirmation', () => {
    expect(editFormSchema.parse(filled).password).toBe('Clave-Nueva-1');
  });

  it('refuses a confirmation that differs', () => {
    const result = editFormSchema.safeParse({ ...filled, confirmPassword: 'Otra-Clave-1' });
    expect(messagesOf(result)).toEqual([['confirmPassword', 'Las nuevas contraseñas no coinciden.']]);
  });
});

describe('roleOptions', () => {
  it('offers every role in the spec order to an administrator', () => {
    expect(roleOptions(true)).toEqual([
      { value: 'admin', label: 'Administrador' },
      { value: 'gestionhumana', label: 'Gestión Humana' },
      { value: 'colaborador', label: 'colaborador' },
      { value: 'evaluador', label: 'evaluador' },
    ]);
  });

  it('leaves the admin role out for anyone else', () => {
    expect(roleOptions(false).map((o) => o.value)).toEqual(['gestionhumana', 'colaborador', 'evaluador']);
  });
});
