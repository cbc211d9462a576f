import { Alert, Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import type { SheetFormat } from '@evalua/contracts';
import type { FileAnswer } from '../api/client';
import { saveFile } from '../api/download';
import { messages } from '../i18n/messages';

const t = messages.reports;

interface Props {
  /** Nothing to export: the buttons say so instead of downloading. */
  empty: boolean;
  /** The export call for a format (`api.file` of the list's export endpoint). */
  download: (format: SheetFormat) => Promise<FileAnswer>;
  /** File name used when the server gives none (without extension). */
  baseName: string;
}

/** 'Exportar Excel' and 'Exportar CSV': download the server's spreadsheet of the list. */
export function ExportButtons({ empty, download, baseName }: Props) {
  const [busy, setBusy] = useState<SheetFormat | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const run = async (format: SheetFormat) => {
    setNotice(null);
    if (empty) {
      setNotice(t.nothingToDownload);
      return;
    }
    setBusy(format);
    try {
      saveFile(await download(format), `${baseName}.${format}`);
    } catch {
      setNotice(t.downloadError);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button
          variant="light"
          loading={busy === 'xlsx'}
          disabled={busy !== null}
          onClick={() => void run('xlsx')}
        >
          Exportar Excel
        </Button>
        <Button
          variant="light"
          loading={busy === 'csv'}
          disabled={busy !== null}
          onClick={() => void run('csv')}
        >
          Exportar CSV
        </Button>
      </Group>
      {notice && (
        <Alert
          color={notice === t.nothingToDownload ? undefined : 'red'}
          role="alert"
          withCloseButton
          closeButtonLabel="Cerrar aviso"
          onClose={() => setNotice(null)}
        >
          {notice}
        </Alert>
      )}
    </Stack>
  );
}
