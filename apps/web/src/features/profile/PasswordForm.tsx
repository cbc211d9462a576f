import { Alert, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { changePasswordRequestSchema, ERROR_CODES } from '@evalua/contracts';
import { failedWith, hasErrorCode, isCsrfFailure } from '../../api/errors';
import { messages } from '../../i18n/messages';
import { OwnPasswordNotice } from '../../components/OwnPasswordNotice';
import { useChangePassword } from './api';

/**
 * The contract's rules for both passwords (the server's sentences, under each field before anything
 * is sent); the repetition only has to be there — that it matches is checked on sending.
 */
const formSchema = changePasswordRequestSchema.extend({
  repeatPassword: z.string().min(1, { error: 'Repite la nueva contraseña.' }),
});
type Values = z.infer<typeof formSchema>;

export function PasswordForm() {
  const change = useChangePassword();
  const form = useForm<Values>({
    resolver: zodResolver(formSchema),
    defaultValues: { currentPassword: '', newPassword: '', repeatPassword: '' },
  });
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!result?.ok) return undefined;
    const t = window.setTimeout(() => setResult(null), 3000);
    return () => window.clearTimeout(t);
  }, [result]);

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword, repeatPassword }) => {
    setResult(null);
    if (newPassword !== repeatPassword) {
      setResult({ ok: false, text: messages.profile.mismatch });
      return;
    }
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset();
      setResult({ ok: true, text: messages.profile.changed });
    } catch (err) {
      // A validation error, or too many wrong attempts (429), says what happened in its own words.
      const own = hasErrorCode(err, ERROR_CODES.validation) || failedWith(err, 429) || isCsrfFailure(err);
      setResult({ ok: false, text: own ? err.message : messages.profile.changeFailed });
    }
  });
  const { errors } = form.formState;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={420}>
        <Title order={2} size="h3">
          Cambiar contraseña
        </Title>
        <OwnPasswordNotice linkToProfile={false} />
        {result && (
          <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </Alert>
        )}
        <PasswordInput
          label="Contraseña actual"
          autoComplete="current-password"
          withAsterisk
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <PasswordInput
          label="Nueva contraseña"
          autoComplete="new-password"
          withAsterisk
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <PasswordInput
          label="Repetir nueva contraseña"
          autoComplete="new-password"
          withAsterisk
          error={errors.repeatPassword?.message}
          {...form.register('repeatPassword')}
        />
        <div>
          <Button type="submit" loading={change.isPending}>
            Cambiar contraseña
          </Button>
        </div>
      </Stack>
    </form>
  );
}
