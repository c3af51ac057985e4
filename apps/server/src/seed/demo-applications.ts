import type { Db } from '../db/client.js';
import type { SecretBox } from '../lib/secret-box.js';
import type { Storage } from '../lib/storage.js';
import {
  approveApplication,
  completeApplication,
  parseApplicationFields,
  returnApplication,
  submitApplication,
} from '../modules/account-applications/index.js';

/**
 * teacher01's account applications (docs/account-applications.md), sent and decided through the
 * same services as the call and the admin commands: a teacher account done (申請中 → 承認 → 完了),
 * a renewal sent back with a reason, and a roster for a new class still 申請中 — so
 * /account-application shows each status, and the demo school's classes stay as they are.
 */

/** A one-page PDF (the signed order a school would scan). */
const orderPdf = (title: string) => {
  const text = `BT /F1 18 Tf 72 760 Td (${title}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

const roster = () => {
  const names = ['青木 はると', '井上 さくら', '上田 そうた', '江藤 ゆい'];
  const lines = ['生徒ID,氏名,ふりがな,学年,組,出席番号,クラス'];
  names.forEach((name, i) => lines.push(`demo-apply-${i + 1},${name},,4年,2組,${i + 1},4年2組`));
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
};

export async function seedDemoApplications(
  db: Db,
  deps: { storage: Storage; box: SecretBox },
  teacherId: number,
  now: Date,
): Promise<void> {
  const teacher = { id: teacherId };
  const send = (fields: Record<string, string>, filename: string, buffer: Buffer, at: Date) =>
    db.transaction((tx) =>
      submitApplication(
        tx,
        deps.storage,
        teacher,
        parseApplicationFields(fields),
        { filename, mimetype: '', buffer },
        undefined,
        at,
      ),
    );
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

  const teacherAccount = await send(
    { apply_type: 'teacher_account', teacher_name: '高橋 美咲', teacher_email: 'takahashi@sakura.example' },
    '教師アカウント申込書.pdf',
    orderPdf('Teacher account order (demo)'),
    daysAgo(20),
  );
  await approveApplication(db, deps, teacherAccount.id, daysAgo(19));
  await completeApplication(db, teacherAccount.id, daysAgo(18));

  const renewal = await send(
    { apply_type: 'renewal', note: '来年度も全クラスで使います。' },
    '継続申込書.pdf',
    orderPdf('Renewal order (demo)'),
    daysAgo(6),
  );
  await returnApplication(
    db,
    renewal.id,
    '申込書に押印がありません。押印したものを添付して、もう一度申請してください。',
    daysAgo(5),
  );

  await send(
    { apply_type: 'new_students', grade_name: '4年', note: '転入生のクラスです。' },
    '4年2組名簿.csv',
    roster(),
    daysAgo(1),
  );
}
