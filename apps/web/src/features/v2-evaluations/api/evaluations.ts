import { v2EvaluationEndpoints, type BodyInput, type V2Status, type V2Weights } from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { PageParams } from '../../../api/paging';
import { v2EvaluationKeys, v2EvaluationQueries } from '../../../api/queries/v2-evaluations';
import { dashboardKeys } from '../../../api/queries/dashboard';
import { v2AnswerKeys } from '../../../api/queries/v2-answers';
import { v2TemplateKeys } from '../../../api/queries/v2-templates';

/**
 * Evaluaciones 360: the paged list (from the shared query layer), create (blank or from a template),
 * status changes and delete. Every change refreshes the resource (v2EvaluationKeys.all: its lists and
 * details); a blank one saved as a template also refreshes the templates (v2TemplateKeys.all).
 */
export function useEvaluationsV2Page(params: PageParams) {
  return useQuery(v2EvaluationQueries.page(params));
}

/** What the create modal sends: a blank draft, or a draft with a copy of a template's items. */
export type CreateV2Call =
  | { kind: 'blank'; body: BodyInput<typeof v2EvaluationEndpoints.create> }
  | { kind: 'template'; body: BodyInput<typeof v2EvaluationEndpoints.createFromTemplate> };

/**
 * HR's new evaluation stays a draft until HR opens it: the web always says so (`status: 'draft'`);
 * a create without it opens by itself once it has an item (decision 046).
 */
export function useCreateEvaluationV2() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: CreateV2Call) =>
      call.kind === 'blank'
        ? api.call(v2EvaluationEndpoints.create, { body: { ...call.body, status: 'draft' } })
        : api.call(v2EvaluationEndpoints.createFromTemplate, { body: { ...call.body, status: 'draft' } }),
    onSuccess: (_created, call) => {
      const keys =
        call.kind === 'blank' && call.body.save_as_template
          ? [v2EvaluationKeys.all, v2TemplateKeys.all]
          : [v2EvaluationKeys.all];
      return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

export function useSetEvaluationV2Status() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: V2Status }) =>
      api.call(v2EvaluationEndpoints.update, { params: { id }, body: { status } }),
    // Its row in the lists and its detail (and the screens that show its status).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: v2EvaluationKeys.all }),
  });
}

/** A new due date (or none) for an evaluation that is not closed. */
export function useSetEvaluationV2DueDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, dueDate }: { id: number; dueDate: string | null }) =>
      api.call(v2EvaluationEndpoints.update, { params: { id }, body: { due_date: dueDate } }),
    // Its row in the lists and its detail; the raters' lists show the date, the dashboard counts it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: v2EvaluationKeys.all }),
        queryClient.invalidateQueries({ queryKey: v2AnswerKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}

export function useDeleteEvaluationV2() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(v2EvaluationEndpoints.remove, { params: { id } }),
    // The lists (a template that followed it stops following: its item count stays).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: v2EvaluationKeys.all }),
  });
}

/** A draft's new name, period and weights (decision 035; the server refuses them once opened). */
export function useUpdateEvaluationV2() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: { name: string; period: string; weights: V2Weights } }) =>
      api.call(v2EvaluationEndpoints.update, { params: { id }, body }),
    // Its row in the lists and its detail (the assignment screens show its name).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: v2EvaluationKeys.all }),
  });
}
