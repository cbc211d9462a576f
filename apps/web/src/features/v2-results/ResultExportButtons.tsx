import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { v2ResultEndpoints } from '@evalua/contracts';
import { api } from '../../api/client';
import { saveFile } from '../../api/download';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { messages } from '../../i18n/messages';

const t = messages.v2Results;

type Format = 'pdf' | 'xlsx';

interface Props {
  evaluationId: number;
  userId: number;
}

/** 'Exportar PDF' and 'Exportar Excel': the server's files of the same view. */
export function ResultExportButtons({ evaluationId, userId }: Props) {
  const [busy, setBusy] = useState<Format | null>(null);
  const [failed, setFailed] = useState(false);

  const run = async (format: Format) => {
    setFailed(false);
    setBusy(format);
    try {
      const endpoint = format === 'pdf' ? v2ResultEndpoints.personPdf : v2ResultEndpoints.personXlsx;
      const file = await api.file(endpoint, { params: { id: evaluationId, userId } });
      saveFile(file, `resultados-360-${evaluationId}-${userId}.${format}`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button loading={busy === 'pdf'} disabled={busy !== null} onClick={() => void run('pdf')}>
          Exportar PDF
        </Button>
        <Button
          variant="light"
          loading={busy === 'xlsx'}
          disabled={busy !== null}
          onClick={() => void run('xlsx')}
        >
          Exportar Excel
        </Button>
      </Group>
      {failed && <ErrorBanner onClose={() => setFailed(false)}>{t.exportError}</ErrorBanner>}
    </Stack>
  );
}
