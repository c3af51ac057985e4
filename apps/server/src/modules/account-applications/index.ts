/** What the admin commands (and the seed) use of account applications: the operator's decisions and list. */
export {
  approveApplication,
  completeApplication,
  listApplicationsForOperator,
  OperatorError,
  returnApplication,
} from './operator.js';
