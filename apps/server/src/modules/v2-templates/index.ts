/**
 * The v2-templates module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../v2-templates`, never a file inside it (eslint.config.js).
 */
export { v2TemplateRoutes } from './routes';
export {
  copyTemplateInto,
  insertFollowingTemplate,
  scalesById,
  syncTemplatesOf,
  templateExists,
  templateNameTaken,
} from './service';
