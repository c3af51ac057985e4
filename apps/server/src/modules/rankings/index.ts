/**
 * What other modules may use of the rankings (docs/rankings.md): a class's figures in a period,
 * the integral points (counted only here), and the periods.
 */
export { classMetrics, type StudentMetrics } from './metrics.js';
export { integralOf, type IntegralBreakdown } from './integral.js';
export { rankingPeriod, schoolDate, type Range, type RankingPeriodRange } from './period.js';
export { rankClass, type RankedStudent } from './service.js';
/** The integral ranking's download maker (app.ts wires it into the runner). */
export { rankingMakers } from './export-file.js';
