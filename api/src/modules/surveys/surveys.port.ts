/** What other modules may rely on from surveys: the surveys a learner still has to answer. */
export { createSurveysRepository, type SurveysQueries } from './surveys.repository';
export { findPendingSurveys } from './surveys.service';
