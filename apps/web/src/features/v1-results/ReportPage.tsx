import { ERROR_CODES, isManagerRole } from '@evalua/contracts';
import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { saveFile } from '../../api/download';
import { failedWith, hasErrorCode } from '../../api/errors';
import { useMe } from '../../api/session';
import { useScreenTitle } from '../../components/screen-title';
import { messages } from '../../i18n/messages';
import { downloadReportPdf, useFullReport } from './api/reports';
import { ReportFigures, ReportQuestions, ReportSummary, ReportTraining } from './ReportSections';

const t = messages.reports;

/** HR's 'Publicación y correcciones': loaded only for them, so the person's own report stays as light. */
const ReleaseSection = lazy(() => import('./ReleaseSection'));

/**
 * The full V1 report of one person in one evaluation (/report and /report-detail), with its PDF.
 * In a round whose results HR publishes (decision 050), the person reads the server's notice until
 * then, not a failure; on /report-detail, admin and HR also get 'Publicación y correcciones'.
 */
export default function ReportPage() {
  const title = useScreenTitle();
  const { evaluationId = '', userId = '' } = useParams();
  const report = useFullReport(Number(evaluationId), Number(userId));
  const { data: me } = useMe();
  const ids = [Number(evaluationId), Number(userId)];
  // Admin and HR, on /report or /report-detail: where Reportes and the training report lead.
  const releaseShown =
    me != null && isManagerRole(me.role) && ids.every((id) => Number.isInteger(id) && id > 0);
  // Not released to the person yet: said as a notice, not as a failure.
  const notReleased = hasErrorCode(report.error, ERROR_CODES.resultsNotReleased) ? report.error : null;
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
        {!report.isPending && !notReleased && (
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
      {notReleased && (
        <Alert color="blue" role="status">
          {notReleased.message}
        </Alert>
      )}
      {report.isError && !notReleased && (
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
      {releaseShown && (
        <Suspense fallback={<Loader role="status" aria-label="Cargando la publicación" />}>
          <ReleaseSection evaluationId={Number(evaluationId)} userId={Number(userId)} />
        </Suspense>
      )}
    </Stack>
  );
}
