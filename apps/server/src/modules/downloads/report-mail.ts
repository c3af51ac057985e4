import { japaneseDateTime } from '@ondoku/contract';
import type { MailMessage } from '../../lib/mailer.js';
import type { ExportFile, HomeworkView } from './exports.js';
import { esc } from '../../lib/html.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/**
 * The e-mailed results of a homework (send-student-topic-mail): a short summary in the body and
 * both export files attached. Sent to the address the teacher typed (their school address, a
 * colleague's); children's names are only in the attachments.
 */
export function homeworkReportMail(to: string, hw: HomeworkView, files: ExportFile[], sentBy: string): MailMessage {
  const subject = `【音読】宿題の結果：${hw.title}${hw.className ? `（${hw.className}）` : ''}`;
  const rate = hw.assignedCount ? Math.round((100 * hw.submittedCount) / hw.assignedCount) : 0;
  const lines = [
    `宿題：${hw.title}`,
    `クラス：${hw.className ?? '個別の生徒'}`,
    `期間：${japaneseDateTime(hw.startTime)} 〜 ${japaneseDateTime(hw.reissueEndTime ?? hw.endTime)}`,
    `提出：${hw.submittedCount}人 / ${hw.assignedCount}人（${rate}%）`,
    // Done is another figure than submitted only when a practice count is required (docs/results.md).
    ...(hw.requiredTimes && hw.requiredTimes > 1
      ? [`必要練習回数（${hw.requiredTimes}回）の達成：${hw.completedCount}人 / ${hw.assignedCount}人`]
      : []),
  ];
  const text = [
    `${sentBy} 先生から、宿題の結果をお送りします。`,
    '',
    ...lines,
    '',
    '添付ファイル：',
    ...files.map((f) => `・${f.fileName}`),
    '',
    '※児童の氏名と得点が含まれます。取り扱いにご注意ください。',
    '',
    '音読 Ondoku',
  ].join('\n');
  const html = `<!doctype html><html lang="ja"><body style="font-family:sans-serif;color:#222;line-height:1.7">
<p>${esc(sentBy)} 先生から、宿題の結果をお送りします。</p>
<ul>${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>
<p>添付ファイル：</p><ul>${files.map((f) => `<li>${esc(f.fileName)}</li>`).join('')}</ul>
<p style="color:#888;font-size:12px">※児童の氏名と得点が含まれます。取り扱いにご注意ください。</p>
<p>音読 Ondoku</p>
</body></html>`;
  return {
    to,
    subject,
    text,
    html,
    attachments: files.map((f) => ({ filename: f.fileName, content: f.body, contentType: XLSX })),
  };
}
