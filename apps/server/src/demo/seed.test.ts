import { expect, it } from 'vitest';
import { describeEngines } from '../../test/context';
import { seedDemo } from './seed';
import { DEMO_PASSWORD } from './school';

describeEngines('demo school', (t) => {
  it('seeds about 40 staff in three categories, with one working login per role, once', async () => {
    const first = await seedDemo(t().db);
    expect(first.seeded).toBe(true);
    const users = await t().db.selectFrom('users').select(['role', 'category_id', 'email']).execute();
    expect(users).toHaveLength(40);
    expect(new Set(users.map((u) => u.email)).size).toBe(40);
    expect(users.every((u) => u.category_id !== null)).toBe(true);
    const cats = await t().db.selectFrom('categories').select('name').orderBy('name').execute();
    expect(cats.map((c) => c.name)).toEqual(['Administrativos', 'Docentes', 'Personal de apoyo']);
    const banks = await t().db.selectFrom('question_banks').select('id').execute();
    expect(banks).toHaveLength(3);
    const evaluations = await t()
      .db.selectFrom('evaluations')
      .select(['category_id', 'question_bank_id'])
      .execute();
    expect(evaluations).toHaveLength(3);
    expect(new Set(evaluations.map((e) => e.category_id)).size).toBe(3);
    const assignments = await t().db.selectFrom('assignments').select('collaborator_id').execute();
    expect(assignments).toHaveLength(31);
    expect(first.logins.map((l) => l.role)).toEqual(['admin', 'gestionhumana', 'evaluador', 'colaborador']);
    for (const login of first.logins) {
      const res = await t().client().login(login.email, DEMO_PASSWORD);
      expect(res.statusCode, login.email).toBe(200);
      expect(res.json<{ user: { role: string } }>().user.role).toBe(login.role);
    }
    const again = await seedDemo(t().db);
    expect(again.seeded).toBe(false);
    expect(again.logins).toEqual(first.logins);
  });
});
