import { V2_SNAPSHOT_MESSAGES } from '@evalua/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

const invalid = V2_SNAPSHOT_MESSAGES.snapshotIdInvalid;

/** Only digits, and a positive safe integer: the same rule and sentence as the server's. */
const lookupSchema = z.object({
  snapshotId: z
    .string()
    .trim()
    .regex(/^\d+$/, { error: invalid })
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n) && n > 0, { error: invalid }),
});

interface Props {
  onView: (snapshotId: number) => void;
}

/** "Snapshot ID" and "Ver": anything but a positive integer is refused here, without calling the server. */
export function SnapshotIdLookup({ onView }: Props) {
  const form = useForm<{ snapshotId: string }, unknown, z.output<typeof lookupSchema>>({
    resolver: zodResolver(lookupSchema),
    defaultValues: { snapshotId: '' },
  });
  const submit = form.handleSubmit(({ snapshotId }) => onView(snapshotId));

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            Buscar por ID
          </Title>
          <Text size="sm" c="dimmed">
            Escribe el ID de un snapshot de esta evaluación para ver su detalle.
          </Text>
          <Group align="flex-start">
            <TextInput
              label="Snapshot ID"
              inputMode="numeric"
              autoComplete="off"
              error={form.formState.errors.snapshotId?.message}
              {...form.register('snapshotId')}
            />
            <Button type="submit" mt={25}>
              Ver
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
