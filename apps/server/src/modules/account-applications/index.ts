/** What the admin commands (and the seed) use of account applications: the operator's decisions and list. */
export {
  approveApplication,
  completeApplication,
  listApplicationsForOperator,
  OperatorError,
  returnApplication,
} from './operator.js';
/** Sending an application as the teacher's call does (the demo seed). */
export { parseApplicationFields, submitApplication } from './service.js';
