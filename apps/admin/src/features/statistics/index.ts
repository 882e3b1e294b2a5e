/** Statistics of a competition season (GET /statistics): the page and its rows. */
export { default as StatisticsPage } from './statistics-page';
export type { StatisticRow } from './statistics-model';
