import {
  v2SnapshotCreateSchema,
  type V2SnapshotCreated,
  type V2SnapshotCreateInput,
} from '@evalua/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useActionError } from '../../components/feedback/useActionError';
import { FormActions } from '../../components/forms/FormActions';
import { notify } from '../../components/feedback/notify';
import { messages } from '../../i18n/messages';
import { useCreateSnapshot } from './api/snapshots';

const t = messages.snapshots;

interface Props {
  evaluationId: number;
  onCreated: (created: V2SnapshotCreated) => void;
}

/** Etiqueta (required, the server's sentence) and Notas; the server's sentence on 400/409. */
export function CreateSnapshotForm({ evaluationId, onCreated }: Props) {
  const create = useCreateSnapshot(evaluationId);
  const { error, clear, run } = useActionError();
  const form = useForm<V2SnapshotCreateInput, unknown, z.output<typeof v2SnapshotCreateSchema>>({
    resolver: zodResolver(v2SnapshotCreateSchema),
    defaultValues: { label: '', notes: '' },
  });

  const submit = form.handleSubmit((values) =>
    run(async () => {
      const created = await create.mutateAsync(values);
      notify.success(t.created(created.snapshot.label));
      form.reset({ label: '', notes: '' });
      onCreated(created);
    }, t.createError),
  );

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            Nuevo snapshot
          </Title>
          {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
          <TextInput
            label="Etiqueta"
            withAsterisk
            maxLength={150}
            error={form.formState.errors.label?.message}
            {...form.register('label')}
          />
          <Textarea
            label="Notas"
            autosize
            minRows={2}
            maxLength={2000}
            error={form.formState.errors.notes?.message}
            {...form.register('notes')}
          />
          <FormActions submitLabel="Crear snapshot" saving={create.isPending} />
        </Stack>
      </form>
    </Paper>
  );
}
