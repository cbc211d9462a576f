import { Alert, Stack, Text } from '@mantine/core';
import { messages } from '../../i18n/messages';

const t = messages.v2Results;

interface Props {
  /** The server's sentence (hidden_note); the screen's own when there is none. */
  note?: string | undefined;
  /** A second sentence (what else waits for the close). */
  extra?: string;
}

/** The results are not released to this viewer yet (decision 023): why, and that only progress shows. */
export function NotReleasedNotice({ note, extra }: Props) {
  return (
    <Alert color="blue" role="status" title={t.notReleasedTitle}>
      <Stack gap={4}>
        <Text size="sm">{note ?? t.notReleased}</Text>
        {extra && <Text size="sm">{extra}</Text>}
      </Stack>
    </Alert>
  );
}
