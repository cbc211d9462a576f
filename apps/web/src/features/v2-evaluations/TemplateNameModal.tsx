import { v2TemplateRenameSchema, type V2TemplateRenameInput } from '@evalua/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { FormActions } from '../../components/forms/FormActions';
import { FormModal } from './FormModal';

/** What the modal asks for; null when closed. */
export interface TemplateNameRequest {
  title: string;
  description?: string;
  defaultName: string;
  submitLabel: string;
}

interface Props {
  request: TemplateNameRequest | null;
  saving: boolean;
  /** The server's sentence (e.g. a taken name) or the screen's message. */
  error: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/** A template's name (required, as the server says), for "Guardar como plantilla" and for renaming. */
export function TemplateNameModal({ request, onClose, ...rest }: Props) {
  // The body mounts on each opening, so the field starts from that request's name.
  return (
    <FormModal opened={request !== null} title={request?.title ?? ''} onClose={onClose}>
      {request && <TemplateNameForm request={request} onClose={onClose} {...rest} />}
    </FormModal>
  );
}

function TemplateNameForm({
  request,
  saving,
  error,
  onSubmit,
  onClose,
}: Props & { request: TemplateNameRequest }) {
  const form = useForm<V2TemplateRenameInput>({
    resolver: zodResolver(v2TemplateRenameSchema),
    defaultValues: { name: request.defaultName },
  });
  return (
    <form onSubmit={form.handleSubmit((values) => onSubmit(values.name.trim()))} noValidate>
      <Stack>
        {request.description && <Text size="sm">{request.description}</Text>}
        {error && <ErrorBanner>{error}</ErrorBanner>}
        <TextInput
          label="Nombre de la plantilla"
          withAsterisk
          data-autofocus
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <FormActions submitLabel={request.submitLabel} saving={saving} onCancel={onClose} />
      </Stack>
    </form>
  );
}
