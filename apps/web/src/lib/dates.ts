import dayjs from 'dayjs';
import 'dayjs/locale/ja';

dayjs.locale('ja');

/** 2026年4月8日(水) */
export const formatDate = (iso: string | Date) => dayjs(iso).format('YYYY年M月D日(dd)');
/** 2026年4月8日(水) 08:30 */
export const formatDateTime = (iso: string | Date) => dayjs(iso).format('YYYY年M月D日(dd) HH:mm');
