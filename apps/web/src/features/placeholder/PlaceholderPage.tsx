import { Stack, Text, Title } from '@mantine/core';
import { useScreenTitle } from '../../app/screen-title';
import { messages } from '../../i18n/messages';

/** A screen whose guard is final but whose content arrives with a later issue. */
export default function PlaceholderPage() {
  const title = useScreenTitle();
  return (
    <Stack>
      <Title order={1}>{title}</Title>
      <Text>{messages.comingSoon}</Text>
    </Stack>
  );
}
