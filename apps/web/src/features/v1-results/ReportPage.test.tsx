// @vitest-environment jsdom
import {
  ERROR_CODES,
  REPORT_MESSAGES,
  V1_RELEASE_MESSAGES,
  reportEndpoints,
  v1ReleaseEndpoints,
  type FullReport,
  type V1PersonRound,
} from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatNumber, formatPercent } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { v1Evaluation } from '../../test-support/fixtures';
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

/** The report, its PDF, and for admin and HR its round: released at submit (SPEC.md's rounds). */
function reportApi(full: FullReport = report()) {
  return new FakeApi()
    .on(reportEndpoints.full, full)
    .onFile(reportEndpoints.pdf, { blob: new Blob(['%PDF']), disposition: null })
    .on(v1ReleaseEndpoints.person, {
      evaluation_id: 7,
      collaborator_id: 20,
      status: 'cerrada',
      release_mode: 'al_enviar',
      released: true,
      submissions: [],
      versions: [],
    });
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

describe('Reporte: before HR publishes the results (decision 050)', () => {
  const notReleased = () => {
    throw serverError(403, ERROR_CODES.resultsNotReleased, V1_RELEASE_MESSAGES.notAvailable);
  };

  it('tells the person their results are not available yet, as a notice and without a PDF', async () => {
    const api = reportApi().on(reportEndpoints.full, notReleased);
    renderRoute(URL_OF_LUIS, { api, me: meAs('colaborador', { id: 20 }) });
    const notice = await screen.findByText(V1_RELEASE_MESSAGES.notAvailable);
    expect(notice.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(t.loadError)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Exportar PDF' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Publicación y correcciones' })).toBeNull();
  });
});

describe('Detalle del Reporte: Publicación y correcciones (decision 050)', () => {
  const DETAIL_OF_LUIS = '/report-detail/7/20';
  const r = messages.v1Release;

  function round(extra: Partial<V1PersonRound> = {}): V1PersonRound {
    return {
      evaluation_id: 7,
      collaborator_id: 20,
      status: 'abierta',
      release_mode: 'al_publicar',
      released: false,
      submissions: [
        {
          evaluator_id: 5,
          evaluator_name: 'Carlos Evaluador',
          overall_percentage: 75,
          created_at: '2025-03-01T12:00:00.000Z',
        },
        {
          evaluator_id: 6,
          evaluator_name: 'Marta Jefa',
          overall_percentage: 80,
          created_at: '2025-03-02T12:00:00.000Z',
        },
      ],
      versions: [
        {
          id: 3,
          evaluator_id: 5,
          evaluator_name: 'Carlos Evaluador',
          overall_percentage: 60,
          submitted_at: '2025-02-20T12:00:00.000Z',
          reopened_at: '2025-02-25T15:30:00.000Z',
          reopened_by_name: 'Ana Pérez',
          reason: 'Se calificó con el banco equivocado',
        },
      ],
      ...extra,
    };
  }

  /** The round as the server keeps it: a release marks it released, a reopen takes a submission out. */
  function detailApi(start: V1PersonRound = round()) {
    let current = start;
    return reportApi()
      .on(v1ReleaseEndpoints.person, () => current)
      .on(v1ReleaseEndpoints.release, () => {
        current = { ...current, released: true };
        return { evaluation: v1Evaluation({ id: 7, release_mode: 'al_publicar' }), notified: 1 };
      })
      .on(v1ReleaseEndpoints.reopen, ({ body }) => {
        const reopened = current.submissions.find((s) => s.evaluator_id === Number(body.evaluator_id))!;
        const version = {
          id: 4,
          evaluator_id: reopened.evaluator_id,
          evaluator_name: reopened.evaluator_name,
          overall_percentage: reopened.overall_percentage,
          submitted_at: reopened.created_at,
          reopened_at: '2025-03-05T10:00:00.000Z',
          reopened_by_name: 'Ana Pérez',
          reason: String(body.reason),
        };
        current = {
          ...current,
          submissions: current.submissions.filter((s) => s !== reopened),
          versions: [version, ...current.versions],
        };
        return version;
      });
  }

  const section = () => screen.findByRole('region', { name: 'Publicación y correcciones' });

  it('says the results are not published, lists each submission with Reabrir, and the corrections made', async () => {
    const api = detailApi();
    renderRoute(DETAIL_OF_LUIS, { api, me: meAs('gestionhumana') });
    const release = await section();
    expect(await within(release).findByText('Sin publicar')).toBeTruthy();
    expect(within(release).getByRole('button', { name: 'Publicar a esta persona' })).toBeTruthy();
    const carlos = await findRow('Carlos Evaluador');
    expect(within(carlos).getByText(formatPercent(75))).toBeTruthy();
    expect(
      within(carlos).getByRole('button', { name: 'Reabrir la evaluación de Carlos Evaluador' }),
    ).toBeTruthy();
    expect(within(release).getByRole('button', { name: 'Reabrir la evaluación de Marta Jefa' })).toBeTruthy();
    expect(
      within(release).getByText(
        r.corrected(
          formatDateTime('2025-02-25T15:30:00.000Z'),
          'Ana Pérez',
          'Se calificó con el banco equivocado',
        ),
        { exact: false },
      ),
    ).toBeTruthy();
    expect(api.calls(v1ReleaseEndpoints.person)).toEqual([{ params: { id: 7, userId: 20 } }]);
  });

  it('publishes to this person once confirmed, then says so and offers no correction', async () => {
    const api = detailApi();
    const { user } = renderRoute(DETAIL_OF_LUIS, { api, me: meAs('admin') });
    const release = await section();
    await user.click(await within(release).findByRole('button', { name: 'Publicar a esta persona' }));
    const dialog = screen.getByRole('dialog', { name: 'Publicar a esta persona' });
    expect(within(dialog).getByText(r.confirmPerson)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Publicar y avisar' }));
    expect(
      await screen.findByText(`${V1_RELEASE_MESSAGES.releasedToPerson} Se avisó a 1 persona.`),
    ).toBeTruthy();
    expect(api.calls(v1ReleaseEndpoints.release)).toEqual([
      { params: { id: 7 }, body: { collaborator_id: 20 } },
    ]);
    expect(await within(release).findByText('Publicado para esta persona')).toBeTruthy();
    expect(within(release).queryByRole('button', { name: /^Reabrir/ })).toBeNull();
    expect(within(release).queryByRole('button', { name: 'Publicar a esta persona' })).toBeNull();
  });

  it('reopens one evaluator’s submission with the reason, and lists it among the corrections', async () => {
    const api = detailApi();
    const { user } = renderRoute(DETAIL_OF_LUIS, { api, me: meAs('gestionhumana') });
    const release = await section();
    await user.click(
      await within(release).findByRole('button', { name: 'Reabrir la evaluación de Marta Jefa' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Reabrir la evaluación' });
    expect(within(dialog).getByText(r.reopenFor('Marta Jefa'))).toBeTruthy();
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Motivo de la corrección/ }),
      'Faltó un objetivo',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reabrir para corregir' }));
    expect(await screen.findByText(r.reopenedFor)).toBeTruthy();
    expect(api.calls(v1ReleaseEndpoints.reopen)).toEqual([
      { params: { id: 7 }, body: { collaborator_id: 20, evaluator_id: 6, reason: 'Faltó un objetivo' } },
    ]);
    expect(
      await within(release).findByText(
        r.corrected(formatDateTime('2025-03-05T10:00:00.000Z'), 'Ana Pérez', 'Faltó un objetivo'),
        { exact: false },
      ),
    ).toBeTruthy();
    expect(within(release).queryByRole('button', { name: 'Reabrir la evaluación de Marta Jefa' })).toBeNull();
  });

  it('offers no Reabrir in a closed round, and nothing to publish in a round read on submit', async () => {
    renderRoute(DETAIL_OF_LUIS, {
      api: detailApi(round({ status: 'cerrada', release_mode: 'al_enviar', released: true, versions: [] })),
      me: meAs('gestionhumana'),
    });
    const release = await section();
    expect(await within(release).findByText('Publicado para esta persona')).toBeTruthy();
    expect(within(release).queryByRole('button')).toBeNull();
    expect(within(release).queryByRole('heading', { name: 'Correcciones' })).toBeNull();
  });

  it('is not shown on the person’s own report, nor to them on the detail address', async () => {
    const api = reportApi();
    renderRoute(DETAIL_OF_LUIS, { api, me: meAs('colaborador', { id: 20 }) });
    expect(await screen.findByRole('heading', { name: 'Datos del colaborador' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Publicación y correcciones' })).toBeNull();
    expect(api.calls(v1ReleaseEndpoints.person)).toEqual([]);
  });
});
