import { setupEndpoints } from '@evalua/contracts';
import { PUBLIC } from '../../../test/authz/matrix';
import { email } from '../../../test/authz/requests';
import { DEFAULT_PASSWORD } from '../../../test/factories';
import { PASSWORD } from '../../../test/robustness/world';
import { authz, defineCases, fuzz } from '../../../test/cases';

export default defineCases({
  authz: [
    authz({ endpoint: setupEndpoints.status, ...PUBLIC, request: () => ({}) }),
    // The setup is done (users exist): 409, whoever asks.
    authz({
      endpoint: setupEndpoints.complete,
      ...PUBLIC,
      request: () => ({
        body: {
          token: 'enlace-de-prueba',
          name: 'Primera Admin',
          email: email(),
          password: DEFAULT_PASSWORD,
        },
        status: 409,
      }),
    }),
  ],
  robustness: [
    fuzz({
      endpoint: setupEndpoints.complete,
      body: () => ({
        token: 'token-inventado',
        name: 'Ana Admin',
        email: 'ana.setup@prueba.do',
        password: PASSWORD,
      }),
    }),
  ],
});
