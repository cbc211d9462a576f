import { PASSWORD_MIN } from '@evalua/contracts';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { checkNewPassword, type NewPasswordErrors, type NewPasswordValues } from './new-password';

interface Props {
  submitLabel: string;
  /** Called with a checked password; the page shows what the server answers. */
  onSubmit: (newPassword: string) => Promise<void>;
}

/** A new password and its confirmation (/restablecer-contrasena, /activar), checked before sending. */
export function NewPasswordForm({ submitLabel, onSubmit }: Props) {
  const [values, setValues] = useState<NewPasswordValues>({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [saving, setSaving] = useState(false);

  const set = (field: keyof NewPasswordValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkNewPassword(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await onSubmit(values.newPassword);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        <PasswordInput
          label="Nueva contraseña"
          description={`Al menos ${PASSWORD_MIN} caracteres.`}
          autoComplete="new-password"
          withAsterisk
          value={values.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
        />
        <PasswordInput
          label="Confirmar nueva contraseña"
          autoComplete="new-password"
          withAsterisk
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
