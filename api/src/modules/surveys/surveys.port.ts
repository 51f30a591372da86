import type { SurveysService } from './surveys.service';

/** What other modules may rely on from surveys: the surveys a learner still has to answer. */
export type PendingSurveysFor = SurveysService['pendingFor'];
