import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { saveFile } from '../../api/download';
import { failedWith } from '../../api/errors';
import { useScreenTitle } from '../../components/screen-title';
import { messages } from '../../i18n/messages';
import { downloadReportPdf, useFullReport } from './api/reports';
import { ReportFigures, ReportQuestions, ReportSummary, ReportTraining } from './ReportSections';

const t = messages.reports;

/** The full V1 report of one person in one evaluation (/report and /report-detail), with its PDF. */
export default function ReportPage() {
  const title = useScreenTitle();
  const { evaluationId = '', userId = '' } = useParams();
  const report = useFullReport(Number(evaluationId), Number(userId));
  const [exporting, setExporting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const exportPdf = async () => {
    setNotice(null);
    if (!report.data) {
      setNotice(t.noPdfData);
      return;
    }
    setExporting(true);
    try {
      const pdf = await downloadReportPdf(Number(evaluationId), Number(userId));
      saveFile(pdf, `reporte-${evaluationId}-${userId}.pdf`);
    } catch (err) {
      setNotice(failedWith(err, 404) ? t.noPdfData : t.pdfError);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>{title}</Title>
        {!report.isPending && (
          <Button loading={exporting} onClick={() => void exportPdf()}>
            Exportar PDF
          </Button>
        )}
      </Group>
      {notice && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel="Cerrar aviso"
          onClose={() => setNotice(null)}
        >
          {notice}
        </Alert>
      )}
      {report.isPending && <Loader role="status" aria-label="Cargando reporte" />}
      {report.isError && (
        <Alert color="red" role="alert">
          {t.loadError}
        </Alert>
      )}
      {report.data && (
        <>
          <ReportSummary report={report.data} />
          <ReportFigures report={report.data} />
          <ReportQuestions report={report.data} />
          <ReportTraining report={report.data} />
        </>
      )}
    </Stack>
  );
}
