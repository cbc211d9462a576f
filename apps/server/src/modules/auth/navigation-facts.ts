import type { AppContext } from '../../context';

/**
 * Whether the user evaluates anyone in a 360 evaluation that raters can see (open or closed; a
 * draft is not shown to raters). The colaborador's menu shows 'Realizar Evaluación (V2)' only then.
 */
export async function hasV2Assignments(ctx: AppContext, userId: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('v2_assignments as a')
    .innerJoin('v2_evaluations as e', 'e.id', 'a.evaluation_id')
    .select('a.id')
    .where('a.evaluator_id', '=', userId)
    .where('e.status', '!=', 'draft')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
