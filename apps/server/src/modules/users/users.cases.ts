import { userEndpoints } from '@evalua/contracts';
import {
  MANAGERS,
  ADMIN,
  SELF_OR_MANAGERS,
  USER_ID_CASES,
  ADMIN_ACCOUNT_CASES,
} from '../../../test/authz/matrix';
import { userIdFor, userBody } from '../../../test/authz/requests';
import { DEFAULT_PASSWORD, createUser, unique } from '../../../test/factories';
import { answerOf } from '../../../test/answer';
import { PASSWORD } from '../../../test/robustness/world';
import { authz, defineCases, fuzz, urlOf } from '../../../test/cases';

export default defineCases({
  authz: [
    authz({ endpoint: userEndpoints.list, ...MANAGERS, request: () => ({}) }),
    authz({
      endpoint: userEndpoints.get,
      cases: USER_ID_CASES,
      ...SELF_OR_MANAGERS,
      // DESIGN §4: an evaluador reads the collaborators assigned to them.
      evaluador: { own: 'allow', other: 'deny', assigned: 'allow' },
      request: (f, caller, c) => ({ params: { id: userIdFor(f, caller, c) } }),
    }),
    authz({
      endpoint: userEndpoints.create,
      cases: ADMIN_ACCOUNT_CASES,
      ...MANAGERS,
      admin: { any: 'allow', adminAccount: 'allow' },
      gestionhumana: { any: 'allow', adminAccount: 'adminOnly' },
      request: (_f, _caller, c) => ({
        body: { ...userBody(c === 'adminAccount' ? 'admin' : 'colaborador'), password: DEFAULT_PASSWORD },
      }),
    }),
    authz({
      endpoint: userEndpoints.update,
      cases: ADMIN_ACCOUNT_CASES,
      ...MANAGERS,
      admin: { any: 'allow', adminAccount: 'allow' },
      gestionhumana: { any: 'allow', adminAccount: 'adminOnly' },
      request: async (f, _caller, c) => {
        const role = c === 'adminAccount' ? 'admin' : 'colaborador';
        const target = await createUser(f.t, { role, password: null });
        return { params: { id: target.id }, body: userBody(role, target.email) };
      },
    }),
    // Who the ids of a 360 batch are (decision 035).
    authz({
      endpoint: userEndpoints.lookup,
      ...MANAGERS,
      request: (f) => ({ body: { ids: [f.peer.id, f.stranger.id] } }),
    }),
    authz({
      endpoint: userEndpoints.setStatus,
      cases: ADMIN_ACCOUNT_CASES,
      ...MANAGERS,
      admin: { any: 'allow', adminAccount: 'allow' },
      gestionhumana: { any: 'allow', adminAccount: 'adminOnly' },
      request: async (f, _caller, c) => {
        const target = await createUser(f.t, {
          role: c === 'adminAccount' ? 'admin' : 'colaborador',
          password: null,
        });
        return { params: { id: target.id }, body: { status: false } };
      },
    }),
    // Only an administrator confirms an address: the step that lets a link-chosen password count (decision 040).
    authz({
      endpoint: userEndpoints.confirmEmail,
      ...ADMIN,
      request: async (f) => {
        const target = await createUser(f.t, { role: 'colaborador', password: null });
        return { params: { id: target.id }, body: { email: target.email } };
      },
    }),
  ],
  audit: [
    {
      endpoint: userEndpoints.confirmEmail,
      async run({ ctx, admin, adminId, mark }) {
        const person = await createUser(ctx);
        await mark();
        const res = await admin.post(urlOf(userEndpoints.confirmEmail, { params: { id: person.id } }), {
          email: person.email,
        });
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'confirm_email',
              entity: 'user',
              entity_id: person.id,
              user: adminId,
              before: { email: person.email, email_confirmed: false },
              after: { email: person.email, email_confirmed: true, answers_now_counting: 0 },
            },
          ],
        };
      },
    },
    // Users
    {
      endpoint: userEndpoints.create,
      async run({ admin, adminId, mark }) {
        await mark();
        const email = `${unique('nuevo')}@prueba.do`;
        const res = await admin.post(urlOf(userEndpoints.create), {
          name: 'Nueva Usuaria',
          email,
          role: 'gestionhumana',
          position: 'Analista',
          department: null,
          category_id: null,
          password: 'Clave-Inicial-789',
        });
        return {
          res,
          status: 201,
          entries: [
            {
              action: 'create',
              entity: 'user',
              entity_id: answerOf(userEndpoints.create, res).id,
              user: adminId,
              before: null,
              after: { email, role: 'gestionhumana' },
            },
          ],
        };
      },
    },
    {
      endpoint: userEndpoints.update,
      async run({ ctx, admin, adminId, mark }) {
        const user = await createUser(ctx, { name: 'Nombre Anterior', role: 'evaluador' });
        await mark();
        const res = await admin.put(urlOf(userEndpoints.update, { params: { id: user.id } }), {
          name: 'Nombre Nuevo',
          email: user.email,
          role: 'evaluador',
          position: null,
          department: null,
          category_id: null,
          password: 'Clave-Cambiada-123',
        });
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'update_with_password',
              entity: 'user',
              entity_id: user.id,
              user: adminId,
              before: { name: 'Nombre Anterior' },
              after: { name: 'Nombre Nuevo' },
            },
          ],
        };
      },
    },
    {
      endpoint: userEndpoints.setStatus,
      async run({ ctx, hr, hrId, mark }) {
        const user = await createUser(ctx);
        await mark();
        const res = await hr.patch(urlOf(userEndpoints.setStatus, { params: { id: user.id } }), {
          status: false,
        });
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'deactivate',
              entity: 'user',
              entity_id: user.id,
              user: hrId,
              before: { status: true },
              after: { status: false },
            },
          ],
        };
      },
    },
    // Choosing raters without ids (decision 035): the lookup reads, a relation change is audited.
    {
      endpoint: userEndpoints.lookup,
      async run({ ctx, hr, mark }) {
        const person = await createUser(ctx);
        await mark();
        const res = await hr.post(urlOf(userEndpoints.lookup), { ids: [person.id] });
        return { res, status: 200, entries: [] };
      },
    },
  ],
  robustness: [
    fuzz({ endpoint: userEndpoints.get, params: (i) => ({ id: i.user }) }),
    fuzz({
      endpoint: userEndpoints.create,
      body: (i) => ({
        name: 'Usuario Nuevo',
        email: 'nuevo@prueba.do',
        role: 'colaborador',
        password: PASSWORD,
        position: 'Docente',
        department: 'Ciencias',
        category_id: i.category,
      }),
    }),
    fuzz({
      endpoint: userEndpoints.update,
      params: (i) => ({ id: i.user }),
      body: (i) => ({
        name: 'Destino de PUT',
        email: 'destino@prueba.do',
        role: 'colaborador',
        position: null,
        department: '',
        category_id: i.category,
      }),
    }),
    fuzz({ endpoint: userEndpoints.lookup, body: (i) => ({ ids: [i.user, i.evaluatee] }) }),
    fuzz({
      endpoint: userEndpoints.setStatus,
      params: (i) => ({ id: i.user }),
      body: () => ({ status: true }),
    }),
    fuzz({ endpoint: userEndpoints.confirmEmail, body: () => ({ email: 'nadie@prueba.do' }) }),
  ],
});
