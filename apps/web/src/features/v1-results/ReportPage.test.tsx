// @vitest-environment jsdom
import { ERROR_CODES, REPORT_MESSAGES, reportEndpoints, type FullReport } from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { formatNumber, formatPercent } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { findRow, meAs, renderRoute } from '../../test-support/render';

const t = messages.reports;

/** The names of the files the screen saved (jsdom neither makes object URLs nor downloads). */
const saved: string[] = [];
beforeAll(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:fake' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

const URL_OF_LUIS = '/report/7/20';

function report(extra: Partial<FullReport> = {}): FullReport {
  return {
    user_name: 'Luis Gómez',
    department: null,
    position: 'Analista',
    evaluation_name: 'Anual',
    period: '2025',
    competencies_percentage: 75,
    objectives_percentage: null,
    overall_percentage: 75,
    questions: [
      { question_id: 1, question_text: 'Trabaja en equipo', question_type: 'competency', average_score: 3.5 },
      {
        question_id: 2,
        question_text: 'Comunica con claridad',
        question_type: 'competency',
        average_score: 2.5,
      },
    ],
    training: {
      requires_training: true,
      comments: ['Curso de Excel', ''],
      comments_summary: 'Capacitación requerida por 1 de 2 evaluadores.',
    },
    evaluators_count: 2,
    ...extra,
  };
}

function reportApi(full: FullReport = report()) {
  return new FakeApi()
    .on(reportEndpoints.full, full)
    .onFile(reportEndpoints.pdf, { blob: new Blob(['%PDF']), disposition: null });
}

const noReport = () => {
  throw serverError(404, ERROR_CODES.notFound, REPORT_MESSAGES.noData);
};

describe('Reporte: what it shows', () => {
  it('shows who, the figures (a dash and why for a section without questions), the questions and the training', async () => {
    const api = reportApi();
    renderRoute(URL_OF_LUIS, { api });
    const summary = (await screen.findByRole('heading', { name: 'Datos del colaborador' })).parentElement!;
    expect(within(summary).getByRole('rowheader', { name: 'Departamento' }).nextSibling?.textContent).toBe(
      '—',
    );
    expect(
      within(summary).getByRole('rowheader', { name: 'Número de evaluadores' }).nextSibling?.textContent,
    ).toBe('2');

    const figures = screen.getByRole('region', { name: 'Resultados' });
    expect(within(figures).getAllByText(formatPercent(75))).toHaveLength(2);
    expect(within(figures).getByText('—')).toBeTruthy();
    expect(within(figures).getByText(t.noQuestionsOfType('objetivos'))).toBeTruthy();
    expect(within(figures).queryByText(t.noQuestionsOfType('competencias'))).toBeNull();

    const question = await findRow('Trabaja en equipo');
    expect(within(question).getByText('Competencia')).toBeTruthy();
    expect(within(question).getByText(formatNumber(3.5, 2))).toBeTruthy();

    const training = screen.getByRole('region', { name: 'Capacitación' });
    expect(within(training).getByText('Requiere capacitación:').parentElement?.textContent).toBe(
      'Requiere capacitación: Sí',
    );
    expect(
      within(training)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Curso de Excel', '—']);
    expect(within(training).getByText('Capacitación requerida por 1 de 2 evaluadores.')).toBeTruthy();
    expect(api.calls(reportEndpoints.full)).toEqual([{ params: { evaluationId: 7, userId: 20 } }]);
  });

  it('says when no evaluator commented', async () => {
    renderRoute(URL_OF_LUIS, {
      api: reportApi(
        report({
          training: {
            requires_training: false,
            comments: [],
            comments_summary: 'El evaluador no indicó necesidad de capacitación.',
          },
        }),
      ),
    });
    const training = await screen.findByRole('region', { name: 'Capacitación' });
    expect(within(training).getByText('Sin comentarios.')).toBeTruthy();
    expect(within(training).getByText('Requiere capacitación:').parentElement?.textContent).toBe(
      'Requiere capacitación: No',
    );
  });
});

describe('Reporte: the PDF', () => {
  it('saves the report’s PDF under the screen’s name for it', async () => {
    saved.length = 0;
    const api = reportApi();
    const { user } = renderRoute(URL_OF_LUIS, { api });
    await screen.findByRole('heading', { name: 'Datos del colaborador' });
    await user.click(screen.getByRole('button', { name: 'Exportar PDF' }));
    await vi.waitFor(() => expect(saved).toEqual(['reporte-7-20.pdf']));
    expect(api.calls(reportEndpoints.pdf)).toEqual([{ params: { evaluationId: 7, userId: 20 } }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says there is nothing to print, and asks for no PDF, when the report has no data', async () => {
    const api = reportApi().on(reportEndpoints.full, noReport);
    const { user } = renderRoute(URL_OF_LUIS, { api });
    expect(await screen.findByText(t.loadError)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Exportar PDF' }));
    expect(await screen.findByText(t.noPdfData)).toBeTruthy();
    expect(api.calls(reportEndpoints.pdf)).toEqual([]);
  });
});

describe('Reporte: who may open it', () => {
  it('opens for the person it is about', async () => {
    renderRoute(URL_OF_LUIS, { api: reportApi(), me: meAs('colaborador', { id: 20 }) });
    expect(await screen.findByRole('heading', { name: 'Datos del colaborador' })).toBeTruthy();
  });

  it('is denied to another collaborator, who asks nothing of the API', async () => {
    const api = reportApi();
    renderRoute(URL_OF_LUIS, { api, me: meAs('colaborador', { id: 21 }) });
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeTruthy();
    expect(api.log).toEqual([]);
  });
});
