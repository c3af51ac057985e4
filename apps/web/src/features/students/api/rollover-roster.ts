import { readRolloverRoster } from '@ondoku/contract';
import { api } from '../../../lib/api';

/** Read the roster that splits classes in the roll-over (nothing is written on the server). */
export const readRoster = (file: File) => api.upload(readRolloverRoster, { file });
