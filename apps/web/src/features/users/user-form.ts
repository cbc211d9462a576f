import {
  ROLE_LABELS,
  createUserSchema,
  updateUserSchema,
  type PublicUser,
  type Role,
  type UserDetail,
} from '@evalua/contracts';
import { z } from 'zod';
import { messages } from '../../i18n/messages';

/** What the user form holds: every field as the text its input shows. */
export interface UserFormValues {
  name: string;
  email: string;
  role: string;
  position: string;
  department: string;
  category_id: string;
  /** 'Reporta a': the manager's id, '' for none. */
  manager_id: string;
  password: string;
  confirmPassword: string;
  /**
   * 'Crear usuario' only (decision 040): type a password (the specification's form) or mail the
   * person an access link to choose their own.
   */
  access?: 'password' | 'link';
}

export const blankUser: UserFormValues = {
  name: '',
  email: '',
  role: '',
  position: '',
  department: '',
  category_id: '',
  manager_id: '',
  password: '',
  confirmPassword: '',
  access: 'password',
};

export function toFormValues(user: PublicUser & Partial<Pick<UserDetail, 'manager_id'>>): UserFormValues {
  return {
    name: user.name,
    email: user.email ?? '',
    role: user.role,
    position: user.position ?? '',
    department: user.department ?? '',
    category_id: user.category_id === null ? '' : String(user.category_id),
    manager_id: user.manager_id == null ? '' : String(user.manager_id),
    password: '',
    confirmPassword: '',
  };
}

const formShape = z.object({
  name: z.string(),
  email: z.string(),
  role: z.string(),
  position: z.string(),
  department: z.string(),
  category_id: z.string(),
  manager_id: z.string(),
  password: z.string(),
  confirmPassword: z.string(),
});

/** The form's texts handed to a contract schema, which checks them with its own Spanish sentences. */
function fromForm<S extends z.ZodType>(schema: S) {
  return formShape.transform((v): unknown => v).pipe(schema);
}

/**
 * Create: the contract's own rules and sentences (name, e-mail, password and role required) — or,
 * with "Enviar enlace de acceso", no password and `send_access_link` (decision 040).
 */
export const createFormSchema = formShape
  .extend({ access: z.enum(['password', 'link']).default('password') })
  .transform(({ access, confirmPassword: _confirm, password, ...v }): unknown =>
    access === 'link' ? { ...v, send_access_link: true } : { ...v, password },
  )
  .pipe(createUserSchema);
export type CreateFormOutput = z.output<typeof createFormSchema>;

/**
 * Edit: the contract's rules; a new password must equal its confirmation, and with both empty the
 * password is left out of the call.
 */
export const editFormSchema = fromForm(
  updateUserSchema
    .extend({ confirmPassword: z.string() })
    .superRefine((v, ctx) => {
      if ((v.password ?? '') !== v.confirmPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.users.mismatch });
      }
    })
    .transform(({ confirmPassword: _confirm, ...body }) => body),
);
export type EditFormOutput = z.output<typeof editFormSchema>;

/** The role choices in SPEC §6's order; only an administrator may give the admin role. */
const ROLE_ORDER: readonly Role[] = ['admin', 'gestionhumana', 'colaborador', 'evaluador'];

export function roleOptions(withAdmin: boolean): Array<{ value: string; label: string }> {
  return ROLE_ORDER.filter((r) => withAdmin || r !== 'admin').map((r) => ({
    value: r,
    label: ROLE_LABELS[r],
  }));
}
