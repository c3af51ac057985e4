import { exportStudentsXls, getStudentImportTemplate } from '@ondoku/contract';
import { api } from '../../../lib/api';

function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The roster of a class (or of every student) as xlsx, saved under the server's Japanese file name. */
export async function downloadStudentsXlsx(teamId?: number) {
  const { blob, filename } = await api.blob(exportStudentsXls.path, { team_id: teamId });
  save(blob, filename ?? '生徒一覧.xlsx');
}

export async function downloadImportTemplate(withTeam: boolean) {
  const { blob, filename } = await api.blob(getStudentImportTemplate.path, { with_team: withTeam ? 1 : 0 });
  save(blob, filename ?? '生徒取り込みテンプレート.xlsx');
}
