import { Divider, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { useBanks } from './api/banks';
import { BanksPanel } from './BanksPanel';
import { QuestionsPanel } from './QuestionsPanel';

/** Bancos de Preguntas: the banks above, the selected bank's questions below. */
export default function QuestionBanksPage() {
  const banks = useBanks();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = banks.data?.find((b) => b.id === selectedId) ?? null;

  return (
    <Stack gap="lg">
      <Title order={1}>Bancos de Preguntas</Title>
      <BanksPanel selectedId={selectedId} onSelect={setSelectedId} />
      <Divider />
      {selected ? (
        <QuestionsPanel key={selected.id} bank={selected} />
      ) : (
        banks.data && banks.data.length > 0 && <Text>{messages.questionBanks.noSelection}</Text>
      )}
    </Stack>
  );
}
