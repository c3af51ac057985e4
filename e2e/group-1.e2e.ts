import { runGroup } from './groups';

/** Group 1 of the e2e specs (which ones, and why in groups: e2e/groups.ts). */
runGroup(1);
