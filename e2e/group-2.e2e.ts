import { runGroup } from './groups';

/** Group 2 of the e2e specs (which ones, and why in groups: e2e/groups.ts). */
runGroup(2);
