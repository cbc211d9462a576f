import { organizationEndpoints } from '@evalua/contracts';
import { ADMIN, MANAGERS } from '../../../test/authz/matrix';
import { authz, defineCases, fuzz, urlOf } from '../../../test/cases';
import { multipartFile, pngImage } from '../../../test/images';

const upload = () => multipartFile('logo', { name: 'logo.png', type: 'image/png', bytes: pngImage(40, 20) });

export default defineCases({
  authz: [
    authz({ endpoint: organizationEndpoints.get, ...MANAGERS, request: () => ({}) }),
    // No logo uploaded in the matrix's database: the readers get the Spanish 404.
    authz({ endpoint: organizationEndpoints.logo, ...MANAGERS, request: () => ({ status: 404 }) }),
    // A body that is not a multipart upload: admin gets the 400 that asks for an image.
    authz({ endpoint: organizationEndpoints.uploadLogo, ...ADMIN, request: () => ({ status: 400 }) }),
    authz({ endpoint: organizationEndpoints.removeLogo, ...ADMIN, request: () => ({ status: 404 }) }),
  ],
  audit: [
    {
      endpoint: organizationEndpoints.uploadLogo,
      async run({ admin, adminId, mark }) {
        await mark();
        const { payload, contentType } = upload();
        const res = await admin.request('PUT', urlOf(organizationEndpoints.uploadLogo), undefined, {
          payload,
          headers: { 'content-type': contentType },
        });
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'update',
              entity: 'organization',
              entity_id: 1,
              user: adminId,
              after: { logo: { media_type: 'image/png', bytes: pngImage(40, 20).length } },
            },
          ],
        };
      },
    },
    {
      endpoint: organizationEndpoints.removeLogo,
      async run({ admin, adminId, mark }) {
        const { payload, contentType } = upload();
        await admin.request('PUT', urlOf(organizationEndpoints.uploadLogo), undefined, {
          payload,
          headers: { 'content-type': contentType },
        });
        await mark();
        const res = await admin.delete(urlOf(organizationEndpoints.removeLogo));
        return {
          res,
          status: 204,
          entries: [
            { action: 'delete', entity: 'organization', entity_id: 1, user: adminId, before: { logo: true } },
          ],
        };
      },
    },
  ],
  robustness: [
    fuzz({ endpoint: organizationEndpoints.get }),
    fuzz({ endpoint: organizationEndpoints.logo }),
    fuzz({ endpoint: organizationEndpoints.uploadLogo }),
    fuzz({ endpoint: organizationEndpoints.removeLogo }),
  ],
});
