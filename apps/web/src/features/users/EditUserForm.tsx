import type { UserDetail } from '@evalua/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Paper, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { errorText } from '../../api/errors';
import { useMe } from '../../api/session';
import { FormActions } from '../../components/forms/FormActions';
import { messages } from '../../i18n/messages';
import { useUpdateUser } from './api/users';
import { UserFields } from './UserFields';
import { editFormSchema, toFormValues, type EditFormOutput, type UserFormValues } from './user-form';

const t = messages.users;

/** SPEC §4: after a successful edit the list comes back after one second. */
const REDIRECT_MS = 1000;

interface Props {
  user: UserDetail;
}

export function EditUserForm({ user }: Props) {
  const { data: me } = useMe();
  const update = useUpdateUser();
  const navigate = useNavigate();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<UserFormValues, unknown, EditFormOutput>({
    resolver: zodResolver(editFormSchema),
    defaultValues: toFormValues(user),
  });
  const isAdmin = me?.role === 'admin';
  // Only an administrator changes an administrator's account (the server refuses anyone else).
  const locked = user.role === 'admin' && !isAdmin;
  const done = result?.ok === true;

  useEffect(() => {
    if (!done) return undefined;
    const timer = window.setTimeout(() => void navigate('/users'), REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const submit = form.handleSubmit(async ({ password, ...fields }) => {
    setResult(null);
    try {
      // Without a new password, no password field is sent at all.
      await update.mutateAsync({ id: user.id, ...fields, ...(password ? { password } : {}) });
      setResult({ ok: true, text: t.updated });
    } catch (err) {
      setResult({ ok: false, text: errorText(err, t.updateError) });
    }
  });

  const errors = form.formState.errors;
  return (
    <Paper withBorder p="md" maw={760}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {locked && <Alert color="blue">{t.adminOnly}</Alert>}
          {result && (
            <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
              {result.text}
            </Alert>
          )}
          <UserFields
            form={form}
            withAdmin={isAdmin || user.role === 'admin'}
            editing={{ id: user.id, managerName: user.manager_name }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label="Nueva contraseña"
              description="Déjala vacía para mantener la actual."
              autoComplete="new-password"
              error={errors.password?.message}
              {...form.register('password')}
            />
            <PasswordInput
              label="Confirmar nueva contraseña"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...form.register('confirmPassword')}
            />
          </SimpleGrid>
          <FormActions
            submitLabel="Guardar cambios"
            saving={update.isPending}
            disabled={locked || done}
            cancelTo="/users"
          />
        </Stack>
      </form>
    </Paper>
  );
}
