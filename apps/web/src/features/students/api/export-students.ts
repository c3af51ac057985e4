import {
  exportGraduatesXls,
  exportRolloverReportXls,
  exportStudentsXls,
  getStudentImportTemplate,
} from '@ondoku/contract';
import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';

/** The roster of a class (or of every student) as xlsx, saved under the server's Japanese file name. */
export async function downloadStudentsXlsx(classId?: number) {
  const { blob, filename } = await api.download(exportStudentsXls, { team_id: classId });
  saveFile(blob, filename ?? '生徒一覧.xlsx');
}

export async function downloadImportTemplate(withClass: boolean) {
  const { blob, filename } = await api.download(getStudentImportTemplate, { with_team: withClass ? 1 : 0 });
  saveFile(blob, filename ?? '生徒取り込みテンプレート.xlsx');
}

/** The graduates (archived in a roll-over) as xlsx. */
export async function downloadGraduatesXlsx() {
  const { blob, filename } = await api.download(exportGraduatesXls, {});
  saveFile(blob, filename ?? '卒業生一覧.xlsx');
}

/** The report of a committed roll-over (what moved where, graduates, last year's classes) as xlsx. */
export async function downloadRolloverReportXlsx(rolloverId: number) {
  const { blob, filename } = await api.download(exportRolloverReportXls, { rollover_id: rolloverId });
  saveFile(blob, filename ?? '年度更新の記録.xlsx');
}
