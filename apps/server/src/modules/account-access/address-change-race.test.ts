import { accessEndpoints, userEndpoints, type UpdateUserInput } from '@evalua/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, reply } from '../../../test/call';
import type { TestClient } from '../../../test/client';
import { createTestContext, type TestContext } from '../../../test/context';
import { testEngines } from '../../../test/engines';
import { createUser, loginAs, unique, type TestUser } from '../../../test/factories';
import { sha256 } from '../../auth/tokens';

/**
 * An address change voids the links already sent (decision 033) — also the ones being issued at that
 * very moment. Without a lock on the person's row, on PostgreSQL a forgot-password (or an access
 * link) read the old address, HR's change committed and deleted the links it could see, then the new
 * link was committed: a live link mailed to the old address, after the change that should void it.
 */
describe.each(testEngines())('links issued while the address changes [%s]', (engine) => {
  let t: TestContext;
  let hr: TestClient;

  beforeAll(async () => {
    t = await createTestContext(engine);
    hr = (await loginAs(t, 'gestionhumana')).client;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The addresses the person's live links were mailed to. */
  async function liveLinkAddresses(userId: number): Promise<string[]> {
    const tokens = await t.db
      .selectFrom('user_tokens')
      .select('token_hash')
      .where('user_id', '=', userId)
      .execute();
    const mails = await t.db
      .selectFrom('outbox')
      .select(['link', 'to_email'])
      .where('user_id', '=', userId)
      .where('link', 'is not', null)
      .execute();
    return tokens.map((tk) => {
      const mail = mails.find((m) => sha256(new URL(m.link!).searchParams.get('token')!) === tk.token_hash);
      if (!mail) throw new Error('a live token without its message');
      return mail.to_email;
    });
  }

  const changeAddress = async (person: TestUser, email: string) => {
    const res = await call(hr, userEndpoints.update, {
      params: { id: person.id },
      body: {
        name: person.name,
        email,
        role: person.role as UpdateUserInput['role'],
        position: null,
        department: null,
        category_id: null,
      },
    });
    expect(res.status).toBe(200);
  };

  it('no live link is left at the old address (resets and access links at once with the change)', async () => {
    for (let round = 0; round < 12; round++) {
      await t.db.deleteFrom('attempt_throttles').execute();
      const person = await createUser(t, { password: null });
      const newEmail = `${unique('nueva')}@prueba.do`;
      // Whatever each answers (read through its contract): what matters is where live links went.
      const forgot = () =>
        reply(t.client(), accessEndpoints.forgotPassword, { body: { email: person.email } });
      const accessLink = () => reply(hr, accessEndpoints.accessLink, { params: { id: person.id } });
      await Promise.all([
        forgot(),
        accessLink(),
        forgot(),
        changeAddress(person, newEmail),
        accessLink(),
        forgot(),
      ]);
      for (const address of await liveLinkAddresses(person.id)) expect(address).toBe(newEmail);
    }
  });
});
