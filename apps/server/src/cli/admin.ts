import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openRuntime } from '../runtime.js';
import { applicationCommands, applicationUsage, runApplicationCommand } from './admin-applications.js';
import { issuePassCardKey } from '../modules/auth/pass-card.js';
import { createTeacher } from '../modules/auth/service.js';
import { LiveLessonUrlError, setSchoolLiveLessonUrl } from '../modules/auth/live-lesson.js';
import { findTeacherByLoginId, setShowLive } from '../modules/auth/teacher-repository.js';
import { setAllowSendMessage } from '../modules/messages/index.js';
import {
  editSystemNotice,
  listSystemNotices,
  publishSystemNotice,
  SystemNoticeError,
  withdrawNotice,
} from '../modules/notices/index.js';
import { publishHeadquartersHomework } from '../modules/homework/index.js';
import { correctionLines } from '../modules/results/index.js';
import { setQuota as setRecitationQuota } from '../modules/free-recitation/index.js';
import { writeSystemStatus } from '../modules/system/repository.js';
import fs from 'node:fs/promises';
import path from 'node:path';
import { storageFromConfig } from '../lib/storage-from-config.js';
import {
  directSynthesizer,
  headquartersSource,
  libraryCacheDir,
  replaceResourceAudio,
  ReplaceAudioError,
} from '../modules/library/index.js';

/**
 * Operator commands: `npm run admin -- <command> [options]`.
 * They work on the same database as the server, also while it runs (see db/client.ts).
 */
const usage = `使い方: npm run admin -- <command>
  create-teacher --login-id ID --email MAIL --password PASS --nickname NAME [--school SCHOOL] [--guest] [--show-live]
  issue-key LOGIN_ID                      ワンタイムログインキーを発行します（10分間有効・1回限り）
  set-status 0|1|2 [--title T] [--message M]   0=停止 1=お知らせ 2=通常
  library-replace-audio --key KEY --target item:N|wait:N:M|full_text (--file REC.wav | --revert)
                                          本部教材の模範音声を録音に差し替えます（--revert で合成音声に戻します）
  publish-hq-homework --title T (--resources KEY,KEY | --pack CODE) --end 2026-04-15T17:00+09:00
      [--start 2026-04-08T09:00+09:00] [--teachers LOGIN_ID,LOGIN_ID] [--required-times N] [--key KEY]
                                          本部の宿題を教室（各教師の表示中のクラス）に配信します。
                                          --teachers 省略時は全教師、同じ --key の再実行は配信しません
  system-notice publish --title T --body B [--from 2026-04-01T09:00+09:00] [--until 2026-04-30T17:00+09:00]
  system-notice edit ID [--title T] [--body B] [--from …] [--until …|--until none]
  system-notice withdraw ID | system-notice list
                                          全教師へのお知らせを掲載・編集・取り下げます（--from 省略時は今すぐ）
  allow-send-message LOGIN_ID on|off      教師が児童へメッセージを送れるかを設定します
  show-live LOGIN_ID on|off               メニューのオンライン授業（showLive）を表示するかを設定します
  set-live-url SCHOOL (URL|none)          学校のオンライン授業のURLを設定します（none で LIVE_LESSON_URL に戻します）
  export-corrections --out FILE.jsonl [--since 2026-04-01]
                                          先生による単語判定の訂正を採点エンジンの校正用に書き出します
                                          （児童名・録音は含みません。npm run bench:corrections -- FILE で読めます）
  recitation-quota LOGIN_ID --limit N     自由音読の教材作成回数（1か月あたり）を設定します
${applicationUsage}`;

// Account applications have their own file (admin-applications.ts) and options.
if (applicationCommands.includes(process.argv[2] ?? '')) {
  process.exit(await runApplicationCommand(loadConfig(), process.argv.slice(2)));
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'login-id': { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    nickname: { type: 'string' },
    school: { type: 'string' },
    guest: { type: 'boolean' },
    'show-live': { type: 'boolean' },
    title: { type: 'string' },
    message: { type: 'string' },
    key: { type: 'string' },
    target: { type: 'string' },
    file: { type: 'string' },
    revert: { type: 'boolean' },
    resources: { type: 'string' },
    pack: { type: 'string' },
    start: { type: 'string' },
    end: { type: 'string' },
    teachers: { type: 'string' },
    'required-times': { type: 'string' },
    out: { type: 'string' },
    since: { type: 'string' },
    body: { type: 'string' },
    from: { type: 'string' },
    until: { type: 'string' },
    limit: { type: 'string' },
  },
});

const [command, arg, arg2] = positionals;
const config = loadConfig();

function fail(message: string): never {
  console.error(message);
  console.error(usage);
  process.exit(1);
}

if (!command) fail('コマンドを指定してください。');
const { database } = await openRuntime(config);
const db = database.db;
try {
  switch (command) {
    case 'create-teacher': {
      const { 'login-id': loginId, email, password, nickname } = values;
      if (!loginId || !email || !password || !nickname)
        fail('--login-id, --email, --password, --nickname は必須です。');
      const t = await createTeacher(db, {
        loginId,
        email,
        password,
        nickname,
        school: values.school,
        type: values.guest ? 'guest' : 'teacher',
        showLive: values['show-live'] ?? false,
      });
      console.log(`教師アカウントを作成しました: id=${t.id} login_id=${t.loginId}`);
      break;
    }
    case 'issue-key': {
      if (!arg) fail('ログインIDを指定してください。');
      const teacher = await findTeacherByLoginId(db, arg);
      if (!teacher) fail(`ログインID「${arg}」の教師は見つかりません。`);
      const { key, expiresAt } = await issuePassCardKey(db, teacher.id);
      console.log(`ログインキー: ${key}`);
      console.log(`有効期限: ${expiresAt.toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' })}（1回限り）`);
      console.log(`ログインURL: http://localhost:${config.port}/#/login?key=${encodeURIComponent(key)}`);
      break;
    }
    case 'set-status': {
      const status = Number(arg);
      if (status !== 0 && status !== 1 && status !== 2) fail('状態は 0, 1, 2 のいずれかです。');
      await writeSystemStatus(db, { status, title: values.title ?? '', message: values.message ?? '' });
      console.log(`システム状態を ${status} に設定しました。`);
      break;
    }
    case 'library-replace-audio': {
      const { key, target, file, revert } = values;
      if (!key || !target || (!file && !revert) || (file && revert))
        fail('--key と --target、それに --file か --revert のどちらかを指定してください。');
      const bytes = file ? await fs.readFile(file).catch(() => fail(`ファイルを読めません: ${file}`)) : null;
      const media = {
        storage: storageFromConfig(config),
        synth: directSynthesizer,
        cacheDir: libraryCacheDir(config),
      };
      try {
        const r = await replaceResourceAudio(db, media, headquartersSource(), {
          key,
          target,
          file: bytes && file ? { name: path.basename(file), bytes } : null,
        });
        console.log(
          r.mediaKey
            ? `「${key}」の ${target} を録音に差し替えました（/media/${r.mediaKey}、教材バージョン ${r.version}）。`
            : `「${key}」の ${target} を合成音声に戻しました（教材バージョン ${r.version}）。`,
        );
      } catch (e) {
        if (e instanceof ReplaceAudioError) fail(e.message);
        throw e;
      }
      break;
    }
    case 'export-corrections': {
      const out = values.out;
      if (!out) fail('--out を指定してください。');
      const since = values.since ? new Date(`${values.since}T00:00:00Z`) : undefined;
      if (since && Number.isNaN(since.getTime())) fail('--since は 2026-04-01 の形で指定してください。');
      const file = await fs.open(out, 'w');
      let lines = 0;
      let corrected = 0;
      try {
        for await (const line of correctionLines(db, { since })) {
          await file.write(`${JSON.stringify(line)}\n`);
          lines++;
          if (line.corrected) corrected++;
        }
      } finally {
        await file.close();
      }
      console.log(`${out}: ${lines} 語（うち訂正 ${corrected} 語）を書き出しました。`);
      break;
    }
    case 'publish-hq-homework': {
      const list = (v?: string) =>
        v
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : [];
      const time = (v: string | undefined, name: string) => {
        if (v === undefined) return undefined;
        const d = new Date(v);
        if (Number.isNaN(d.getTime())) fail(`${name} の日時が正しくありません: ${v}`);
        return d;
      };
      if (!values.title) fail('--title は必須です。');
      if (!values.resources && !values.pack) fail('--resources か --pack を指定してください。');
      const endTime = time(values.end, '--end');
      if (!endTime) fail('--end は必須です。');
      const results = await publishHeadquartersHomework(
        db,
        {
          title: values.title,
          resourceKeys: list(values.resources),
          packCode: values.pack,
          teacherLoginIds: list(values.teachers),
          publishTime: time(values.start, '--start'),
          endTime,
          requiredTimes: values['required-times'] ? Number(values['required-times']) : null,
          key: values.key,
        },
        new Date(),
      ).catch((e: unknown) => fail((e as Error).message));
      for (const r of results)
        console.log(
          r.error
            ? `${r.teacher}: 配信できませんでした（${r.error}）`
            : `${r.teacher}: 宿題 ${r.homeworkIds.join(', ') || '（配信済み）'}`,
        );
      if (results.some((r) => r.error)) process.exitCode = 1;
      break;
    }
    case 'system-notice': {
      const time = (v: string, name: string) => {
        const d = new Date(v);
        if (Number.isNaN(d.getTime())) fail(`${name} の日時が正しくありません: ${v}`);
        return d;
      };
      const until =
        values.until === undefined ? undefined : values.until === 'none' ? null : time(values.until, '--until');
      const from = values.from === undefined ? undefined : time(values.from, '--from');
      const id = Number(arg2);
      try {
        if (arg === 'publish') {
          if (!values.title || !values.body) fail('--title と --body は必須です。');
          const n = await publishSystemNotice(db, {
            title: values.title,
            body: values.body,
            publishFrom: from ?? new Date(),
            publishUntil: until ?? null,
          });
          console.log(`お知らせを掲載しました: id=${n.id}`);
        } else if (arg === 'edit') {
          if (!Number.isInteger(id) || id < 1) fail('お知らせの id を指定してください。');
          await editSystemNotice(
            db,
            id,
            { title: values.title, body: values.body, publishFrom: from, publishUntil: until },
            new Date(),
          );
          console.log(`お知らせ ${id} を更新しました。`);
        } else if (arg === 'withdraw') {
          if (!Number.isInteger(id) || id < 1) fail('お知らせの id を指定してください。');
          await withdrawNotice(db, id, new Date());
          console.log(`お知らせ ${id} を取り下げました。`);
        } else if (arg === 'list') {
          for (const n of await listSystemNotices(db))
            console.log(
              `${n.id}\t${n.withdrawnAt ? '取り下げ' : '掲載'}\t${n.publishFrom.toISOString()}〜${n.publishUntil?.toISOString() ?? ''}\t${n.title}`,
            );
        } else fail('publish, edit, withdraw, list のいずれかを指定してください。');
      } catch (e) {
        if (e instanceof SystemNoticeError) fail(e.message);
        throw e;
      }
      break;
    }
    case 'set-live-url': {
      if (!arg || !arg2) fail('学校名と URL（または none）を指定してください。');
      try {
        await setSchoolLiveLessonUrl(db, arg, arg2 === 'none' ? null : arg2, new Date());
      } catch (e) {
        if (e instanceof LiveLessonUrlError) fail(e.message);
        throw e;
      }
      console.log(`${arg}: オンライン授業のURLを${arg2 === 'none' ? '解除' : '設定'}しました。`);
      break;
    }
    case 'allow-send-message':
    case 'show-live': {
      if (!arg || (arg2 !== 'on' && arg2 !== 'off')) fail('ログインIDと on か off を指定してください。');
      const teacher = await findTeacherByLoginId(db, arg);
      if (!teacher) fail(`ログインID「${arg}」の教師は見つかりません。`);
      if (command === 'show-live') await setShowLive(db, teacher.id, arg2 === 'on');
      else await setAllowSendMessage(db, teacher.id, arg2 === 'on');
      console.log(`${arg}: ${command} を ${arg2} にしました。`);
      break;
    }
    case 'recitation-quota': {
      // Free recitation's monthly creations per teacher (docs/free-recitation.md, "Quota").
      if (!arg) fail('ログインIDを指定してください。');
      const limit = Number(values.limit);
      if (!values.limit || !Number.isInteger(limit) || limit < 0 || limit > 10_000)
        fail('--limit には 0〜10000 の整数を指定してください。');
      const teacher = await findTeacherByLoginId(db, arg);
      if (!teacher) fail(`ログインID「${arg}」の教師は見つかりません。`);
      await setRecitationQuota(db, teacher.id, limit);
      console.log(`${arg} の自由音読の作成回数を月 ${limit} 回に設定しました。`);
      break;
    }
    default:
      fail(`不明なコマンドです: ${command}`);
  }
} finally {
  await database.close();
}
