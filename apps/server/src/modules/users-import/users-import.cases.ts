import { usersImportEndpoints } from '@evalua/contracts';
import { MANAGERS } from '../../../test/authz/matrix';
import { importBody } from '../../../test/authz/requests';
import { loginAs, unique } from '../../../test/factories';
import { userIdByEmail } from '../../../test/authz/records';
import { authz, defineCases, fuzz, urlOf } from '../../../test/cases';
import { expect } from 'vitest';

export default defineCases({
  authz: [
    // Staff import: an admin row from HR is an error row in the answer, not a refusal of the call.
    authz({ endpoint: usersImportEndpoints.preview, ...MANAGERS, request: () => ({ body: importBody() }) }),
    authz({ endpoint: usersImportEndpoints.apply, ...MANAGERS, request: () => ({ body: importBody() }) }),
  ],
  audit: [
    // Staff import: the preview writes nothing; applying audits each user it creates.
    {
      endpoint: usersImportEndpoints.preview,
      async run({ ctx, mark }) {
        const { client } = await loginAs(ctx, 'gestionhumana');
        await mark();
        const csv = `nombre;correo;rol\nVista Previa;${unique('vista')}@prueba.do;colaborador\n`;
        const res = await client.post(urlOf(usersImportEndpoints.preview), { csv });
        return { res, status: 200, entries: [] };
      },
    },
    {
      endpoint: usersImportEndpoints.apply,
      async run({ ctx, mark }) {
        const { user, client } = await loginAs(ctx, 'gestionhumana');
        await mark();
        const email = `${unique('importado')}@prueba.do`;
        const res = await client.post(urlOf(usersImportEndpoints.apply), {
          csv: `nombre;correo;rol\nPersona Importada;${email};colaborador\n`,
        });
        const createdId = await userIdByEmail(ctx, email);
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'create',
              entity: 'user',
              entity_id: createdId,
              user: user.id,
              before: null,
              after: expect.objectContaining({ email, name: 'Persona Importada', role: 'colaborador' }),
            },
            // Created without a password: an access link is mailed (decision 033).
            { action: 'access_link', entity: 'user', entity_id: createdId, user: user.id, after: { email } },
          ],
        };
      },
    },
  ],
  robustness: [
    fuzz({
      endpoint: usersImportEndpoints.preview,
      body: () => ({
        csv: '\uFEFFnombre;correo;rol;puesto;departamento;categoria\r\nAna Importada;ana.importada@prueba.do;colaborador;Docente;Ciencias;\r\n',
      }),
    }),
    fuzz({
      endpoint: usersImportEndpoints.apply,
      body: () => ({
        csv: 'nombre,correo,rol\nBeto Importado,beto.importado@prueba.do,evaluador\n',
      }),
    }),
  ],
});
