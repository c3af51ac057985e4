import { getNewEvaluationService } from '@ondoku/contract';
import { api } from './api';

/** A fresh evaluation socket URL (its ticket lives 60 s), fetched for each recording (the library's 自分で読んでみる, free recitation). */
export const fetchEvaluationSocketUrl = async () => (await api.call(getNewEvaluationService, {})).evaluation_server_url;
