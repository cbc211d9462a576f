import { v2InsightEndpoints } from '@evalua/contracts';
import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { api } from '../../api/client';
import { saveFile } from '../../api/download';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { v2InsightMessages as T } from '../../i18n/v2-insight-messages';

/** 'Exportar a Excel': the server's workbook of the same analysis, one sheet per view. */
export function ExportInsightButton({ evaluationId }: { evaluationId: number }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const run = async () => {
    setFailed(false);
    setBusy(true);
    try {
      const file = await api.file(v2InsightEndpoints.insightXlsx, { params: { id: evaluationId } });
      saveFile(file, `analisis-360-${evaluationId}.xlsx`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Button variant="light" loading={busy} onClick={() => void run()}>
        {T.export}
      </Button>
      {failed && <ErrorBanner onClose={() => setFailed(false)}>{T.exportError}</ErrorBanner>}
    </Stack>
  );
}
