import type { AppContext } from '../../context';

/**
 * Whether the user evaluates anyone in a 360 evaluation (the colaborador's menu shows
 * 'Realizar Evaluación (V2)' only then). 360 assignments arrive with the V2 issues; until their
 * table exists nobody has one, so this answers from the schema that exists.
 */
export async function hasV2Assignments(_ctx: AppContext, _userId: number): Promise<boolean> {
  return false;
}
