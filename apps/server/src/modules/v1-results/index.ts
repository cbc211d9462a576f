/**
 * The v1-results module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../v1-results`, never a file inside it (eslint.config.js). V1 results, read
 * side: latest/ (a person's latest result, who an evaluator evaluated), history/, reports/ (the full
 * report, its PDF, the list and export), training/ (training needs) and dashboard/ (HR metrics).
 * The writing side, the V1 answer form's submit, is full-evaluation.
 */
export { resultRoutes } from './latest/routes';
export { historyRoutes } from './history/routes';
export { reportRoutes } from './reports/routes';
export { trainingRoutes } from './training/routes';
export { dashboardRoutes } from './dashboard/routes';
