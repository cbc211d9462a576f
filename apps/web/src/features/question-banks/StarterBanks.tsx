import { STARTER_BANKS, type StarterBank } from '@evalua/contracts';
import { Button, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../components/feedback/notify';
import { messages } from '../../i18n/messages';
import { useCreateStarterBank } from './api/banks';

const t = messages.questionBanks.starter;

interface Props {
  /** Runs the creation, saying any failure (the panel's action error). */
  run: (work: () => Promise<void>, fallback: string) => Promise<boolean>;
  onCreated: (id: number) => void;
}

/**
 * 'Banco inicial' (issue 30 §4, decision 054): a new bank copied from one of Evalúa's Spanish starter
 * banks, to edit as any other — as the 360 starts from its templates.
 */
export function StarterBanks({ run, onCreated }: Props) {
  const create = useCreateStarterBank();
  const [starter, setStarter] = useState<StarterBank | null>(null);
  const data = (Object.entries(STARTER_BANKS) as [StarterBank, string][]).map(([value, label]) => ({
    value,
    label,
  }));

  const copy = () =>
    run(async () => {
      if (!starter) return;
      const created = await create.mutateAsync(starter);
      notify.success(t.created(created.name, created.question_count));
      onCreated(created.id);
      setStarter(null);
    }, t.error);

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.title}
        </Title>
        <Text size="sm" c="dimmed">
          {t.hint}
        </Text>
        <Select
          label={t.label}
          placeholder={t.placeholder}
          data={data}
          value={starter}
          onChange={(v) => setStarter(v as StarterBank | null)}
        />
        <Button variant="light" disabled={!starter} loading={create.isPending} onClick={() => void copy()}>
          {t.create}
        </Button>
      </Stack>
    </Paper>
  );
}
