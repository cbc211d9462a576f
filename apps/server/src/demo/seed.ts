import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { categoryKey } from '../modules/categories/repository';
import { countUsers, insertUser } from '../modules/users/repository';
import { nowIso } from '../time';
import { DEMO_BANKS } from './banks';
import { DEMO_CATEGORIES, DEMO_PASSWORD, demoEmail, demoPeople } from './school';

export interface DemoLogin {
  role: string;
  name: string;
  email: string;
}

/** Seeds the demo school into an empty database (one transaction); does nothing when users exist. */
export async function seedDemo(db: Kysely<Database>): Promise<{ seeded: boolean; logins: DemoLogin[] }> {
  const people = demoPeople();
  const emails = people.map((p, i) => demoEmail(p.name, i + 1));
  const logins = (['admin', 'gestionhumana', 'evaluador', 'colaborador'] as const).map((role) => {
    const i = people.findIndex((p) => p.role === role);
    return { role, name: people[i]!.name, email: emails[i]! };
  });
  if ((await countUsers(db)) > 0) return { seeded: false, logins };

  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const categoryIds = new Map<string, number>();
    for (const name of DEMO_CATEGORIES) {
      const row = await trx
        .insertInto('categories')
        .values({ name, name_key: categoryKey(name) })
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryIds.set(name, row.id);
    }
    const ids: number[] = [];
    for (const [i, p] of people.entries()) {
      const row = await insertUser(trx, {
        name: p.name,
        email: emails[i]!,
        password_hash: hash,
        role: p.role,
        position: p.position,
        department: p.department,
        category_id: categoryIds.get(p.category) ?? null,
      });
      ids.push(row.id);
    }

    const now = nowIso();
    for (const bank of DEMO_BANKS) {
      const b = await trx
        .insertInto('question_banks')
        .values({ name: bank.name, description: bank.description })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('questions')
        .values(
          bank.questions.map(([type, text]) => ({
            bank_id: b.id,
            question_text: text,
            question_type: type,
            created_at: now,
          })),
        )
        .execute();
      await trx
        .insertInto('evaluations')
        .values({
          name: `${bank.evaluation.name} ${new Date().getFullYear()}`,
          period: String(new Date().getFullYear()),
          weight_competencies: bank.evaluation.weight_competencies,
          weight_objectives: bank.evaluation.weight_objectives,
          category_id: categoryIds.get(bank.category)!,
          question_bank_id: b.id,
          created_at: now,
        })
        .execute();
    }

    // Each coordinator evaluates the collaborators of their category, shared out in turn.
    const evaluators = people.flatMap((p, i) => (p.role === 'evaluador' ? [{ ...p, id: ids[i]! }] : []));
    const turn = new Map<string, number>();
    const pairs = people.flatMap((p, i) => {
      if (p.role !== 'colaborador') return [];
      const candidates = evaluators.filter((e) => e.category === p.category);
      const k = turn.get(p.category) ?? 0;
      turn.set(p.category, k + 1);
      const evaluator = candidates[k % candidates.length];
      return evaluator ? [{ evaluator_id: evaluator.id, collaborator_id: ids[i]!, created_at: now }] : [];
    });
    await trx.insertInto('assignments').values(pairs).execute();
  });
  return { seeded: true, logins };
}
