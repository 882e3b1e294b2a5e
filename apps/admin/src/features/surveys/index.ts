/** Surveys: a survey's page with its questions and results (charts, CSV, live while open). */
export { default as SurveyShow } from './survey-show';
