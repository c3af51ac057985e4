import { SoundOutlined, UploadOutlined } from '@ant-design/icons';
import {
  grades,
  normaliseRecitationText,
  recitationCategoryLabels,
  recitationLimits,
  recitationMessages,
  recitationText,
  recitationUpload,
  splitRecitationPassage,
  wavHeaderProblem,
  type RecitationAudio,
  type RecitationCategory,
} from '@ondoku/contract';
import { panel } from '@ondoku/ui';
import { Alert, Button, Form, Input, Modal, Progress, Radio, Result, Select, Space, Spin, Tag } from 'antd';
import { useBlocker } from 'react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { limitedLength, zodRule } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import {
  uploadRecording,
  useChangeTranslate,
  useCreateResource,
  useRecitationResource,
  useRemainingTimes,
  useStartCreateResource,
  useTextToSpeech,
  useToneTypes,
} from '../api';
import { RecordButton } from './record-button';

const muted = { color: 'rgba(0,0,0,0.55)' } as const;
const SENTENCES = recitationLimits.sentencesPerSet;
const sentenceRule = zodRule(recitationText(recitationLimits.sentenceMax));
const passageRule = zodRule(recitationText(recitationLimits.chapterMax));

interface Values {
  title?: string;
  grade: number;
  sentences: string[];
  passage: string;
  translations: string[];
}

type AudioSource = 'tts' | 'own';

/** An audio of the draft with a player, the evaluator's score and, for a recording that does not match, the warning. */
function AudioLine({ audio, stale }: { audio: RecitationAudio | undefined; stale: boolean }) {
  if (!audio) return <span style={muted}>お手本の音声はまだありません</span>;
  return (
    <Space wrap size={8} style={{ alignItems: 'center' }}>
      <audio controls src={audio.audio_file} preload="none" style={{ height: 32 }} data-testid="model-audio" />
      <Tag color={audio.source === 'tts' ? 'green' : 'purple'}>
        {audio.source === 'tts' ? '音声合成' : '先生の録音'}
      </Tag>
      <Tag color={audio.flagged ? 'red' : audio.score >= 80 ? 'green' : 'orange'} data-testid="audio-score">
        評価 {audio.score} 点
      </Tag>
      {stale && <Tag color="orange">本文が変わりました。作り直してください</Tag>}
      {audio.flagged && audio.message && <Alert type="error" showIcon title={audio.message} />}
    </Space>
  );
}

/**
 * Free recitation (docs/free-recitation.md): a new resource, or one of the teacher's own
 * (`resourceId`) while no homework uses it. The guid of start-create-resource names the draft, so
 * every step can be retried. `renderPreview` shows the saved resource with the library's views
 * (the route composes it).
 */
export function RecitationForm({
  resourceId,
  renderPreview,
  footer,
}: {
  resourceId: number | null;
  renderPreview(resourceId: number): ReactNode;
  footer?(resourceId: number): ReactNode;
}) {
  const existing = useRecitationResource(resourceId);
  const toneTypes = useToneTypes();
  const remaining = useRemainingTimes();
  const start = useStartCreateResource();
  const speak = useTextToSpeech();
  const translate = useChangeTranslate();
  const create = useCreateResource();
  const [form] = Form.useForm<Values>();
  const [chosenCategory, setCategory] = useState<RecitationCategory>('read_sentence');
  const [guid, setGuid] = useState<string | null>(null);
  const [source, setSource] = useState<AudioSource>('tts');
  const [toneType, setToneType] = useState<number | null>(null);
  const [audio, setAudio] = useState<Map<number, RecitationAudio & { text: string }>>(new Map());
  const [progress, setProgress] = useState<Map<number, number>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadIndex = useRef(0);
  const sentences = Form.useWatch('sentences', form) ?? [];
  const passage = Form.useWatch('passage', form) ?? '';
  const [modal, modalHost] = Modal.useModal();
  // Typed text not saved yet: leaving asks first (in the app and when the tab closes).
  const dirty = saved === null && (passage.trim() !== '' || sentences.some((x) => (x ?? '').trim() !== ''));
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked') {
      asking.current = false;
      return;
    }
    if (asking.current) return;
    asking.current = true;
    void modal.confirm({
      title: '保存していない教材があります',
      content: '入力した本文はまだ教材になっていません。このページを離れますか？',
      okText: '離れる',
      cancelText: '続ける',
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const editing = resourceId !== null;
  const info = existing.data;
  // Editing keeps the resource's category.
  const category = info?.category ?? chosenCategory;
  // The draft: one per category choice (and per resource when editing).
  const begun = useRef<string | null>(null);
  useEffect(() => {
    if (editing && !info) return;
    const cat = category;
    const key = `${cat}:${resourceId ?? ''}`;
    if (begun.current === key) return;
    begun.current = key;
    setGuid(null);
    setAudio(new Map());
    void start
      .mutateAsync(resourceId !== null ? { category: cat, id: resourceId } : { category: cat })
      .then((r) => setGuid(r.guid))
      .catch(() => (begun.current = null));
  }, [category, editing, info, resourceId, start]);

  useEffect(() => {
    if (!info) return;
    form.setFieldsValue({
      title: info.title,
      grade: info.grade,
      sentences: Array.isArray(info.content) ? info.content : [],
      passage: typeof info.content === 'string' ? info.content : '',
      translations: info.translate,
    });
  }, [info, form]);

  const voice = toneType ?? info?.tone_type ?? toneTypes.data?.items[0]?.tone_type ?? null;
  const chapter = category === 'read_chapter';
  const texts: string[] = chapter
    ? [normaliseRecitationText(passage)]
    : sentences.map((s) => normaliseRecitationText(s ?? ''));
  const lines = chapter ? splitRecitationPassage(texts[0] ?? '') : texts;
  const quota = remaining.data;
  const noQuota = !editing && quota !== undefined && quota.remaining <= 0;

  const contentFields = async () => {
    const v = await form.validateFields(chapter ? ['passage'] : sentencesNames).catch(() => null);
    if (!v) return null;
    return chapter ? normaliseRecitationText(v.passage) : v.sentences.map(normaliseRecitationText);
  };

  const makeSpeech = async () => {
    const content = await contentFields();
    if (!content || !guid || voice === null) return;
    setError(null);
    const r = await speak.mutateAsync({ guid, tone_type: voice, content }).catch(() => null);
    if (!r) return;
    const list = Array.isArray(content) ? content : [content];
    setAudio(new Map(r.items.map((a) => [a.index, { ...a, text: list[a.index]! }])));
  };

  const sendFile = async (index: number, file: File) => {
    if (!guid) return;
    const text = texts[index] ?? '';
    const checked = recitationText(chapter ? recitationLimits.chapterMax : recitationLimits.sentenceMax).safeParse(
      text,
    );
    if (!checked.success) {
      setError(`先に本文を正しく入力してください（${checked.error.issues[0]?.message}）`);
      return;
    }
    // The spec's WAV rules are checked here first: a wrong file is not sent at all.
    if (file.name.toLowerCase().endsWith('.wav')) {
      const problem = wavHeaderProblem(new Uint8Array(await file.slice(0, 65_536).arrayBuffer()));
      if (problem) {
        setError(recitationMessages.wavProblem(problem));
        return;
      }
    }
    setError(null);
    setProgress((p) => new Map(p).set(index, 0));
    try {
      const a = await uploadRecording({ guid, index, content: text, file }, (percent) =>
        setProgress((p) => new Map(p).set(index, percent)),
      );
      setAudio((m) => new Map(m).set(index, { ...a, text }));
    } catch {
      // The requester has shown the server's message.
    } finally {
      setProgress((p) => {
        const next = new Map(p);
        next.delete(index);
        return next;
      });
    }
  };

  const save = async () => {
    const content = await contentFields();
    const values = await form.validateFields().catch(() => null);
    if (!content || !values || !guid || voice === null) return;
    const tr = (values.translations ?? []).slice(0, lines.length).map((s) => s ?? '');
    if (tr.some((s) => s.trim())) {
      const ok = await translate.mutateAsync({ guid, translate: tr }).catch(() => null);
      if (!ok) return;
    }
    const r = await create
      .mutateAsync({
        ...(resourceId !== null ? { id: resourceId } : {}),
        guid,
        tone_type: voice,
        content,
        category,
        need_template: 1,
        title: values.title || undefined,
        grade: values.grade,
      })
      .catch(() => null);
    if (!r) return;
    notify.success(editing ? '教材を更新しました。' : '教材を作成しました。');
    setSaved(r.resource_id);
  };

  if (saved !== null)
    return (
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <section style={{ ...panel, padding: 24 }}>
          <Result
            status="success"
            title={editing ? '教材を更新しました' : '教材を作成しました'}
            subTitle="宿題配信の教材一覧（教室教材）に入りました。児童に配信できます。"
            extra={footer?.(saved)}
          />
        </section>
        <section style={{ ...panel, padding: 16 }} aria-label="プレビュー">
          {renderPreview(saved)}
        </section>
      </div>
    );

  if (editing && !info) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (info?.in_use)
    return <Alert type="warning" showIcon title="この教材は宿題で使われているため、変更・削除できません。" />;

  const staleAt = (i: number) => {
    const a = audio.get(i);
    return a !== undefined && a.text !== texts[i];
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ grade: 5, sentences: Array(SENTENCES).fill(''), passage: '', translations: [] }}
      style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 960 }}
    >
      {modalHost}
      <section style={{ ...panel, padding: 24 }} aria-label="教材の種類">
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
          <h1 style={{ fontSize: 18, margin: 0, flex: 1 }}>
            {editing ? '自由音読の教材を編集' : '自由音読の教材をつくる'}
          </h1>
          {quota && !editing && (
            <Tag color={quota.remaining > 0 ? 'blue' : 'red'} data-testid="remaining-times">
              今月あと {quota.remaining} 回作成できます（{quota.total} 回まで）
            </Tag>
          )}
        </div>
        {noQuota && (
          <Alert
            style={{ marginTop: 12 }}
            type="error"
            showIcon
            title="今月の教材作成回数の上限に達しました。来月までお待ちいただくか、管理者にお問い合わせください。"
          />
        )}
        <div style={{ marginTop: 16 }}>
          <Radio.Group
            value={category}
            disabled={editing}
            onChange={(e) => setCategory(e.target.value as RecitationCategory)}
            options={(['read_sentence', 'read_chapter'] as const).map((c) => ({
              value: c,
              label: recitationCategoryLabels[c],
            }))}
            optionType="button"
            buttonStyle="solid"
            aria-label="教材の種類"
          />
        </div>
        <div style={{ display: 'flex', gap: 16, marginTop: 16, flexWrap: 'wrap' }}>
          <Form.Item
            name="title"
            label="タイトル（省略すると本文の書き出し）"
            style={{ flex: 1, minWidth: 240, marginBottom: 0 }}
          >
            <Input
              aria-label="タイトル"
              placeholder="例：教科書 p.24 自己紹介"
              {...limitedLength(recitationLimits.titleMax)}
            />
          </Form.Item>
          <Form.Item name="grade" label="学年" style={{ width: 120, marginBottom: 0 }}>
            <Select aria-label="学年" options={grades.map((g) => ({ value: g, label: `${g}年` }))} />
          </Form.Item>
        </div>
      </section>

      <section style={{ ...panel, padding: 24 }} aria-label="本文">
        <h2 style={{ fontSize: 15, margin: '0 0 4px' }}>本文（英語）</h2>
        <p style={{ ...muted, margin: '0 0 12px', fontSize: 13 }}>
          {chapter
            ? `1つの文章を入力します（${recitationLimits.chapterMax}文字まで）。`
            : `${SENTENCES}つの文を1文ずつ入力します（各${recitationLimits.sentenceMax}文字まで）。`}
          全角の英字・数字・スペースは半角に直します。日本語や絵文字は使えません。
        </p>
        {chapter ? (
          <Form.Item name="passage" rules={[passageRule]}>
            <Input.TextArea
              rows={8}
              aria-label="文章"
              placeholder="例：My name is Ken. I live in Osaka. I like music."
              {...limitedLength(recitationLimits.chapterMax)}
            />
          </Form.Item>
        ) : (
          Array.from({ length: SENTENCES }, (_, i) => (
            <Form.Item key={i} name={['sentences', i]} rules={[sentenceRule]} style={{ marginBottom: 12 }}>
              <Input
                addonBefore={`${i + 1}`}
                aria-label={`${i + 1}文目`}
                placeholder={i === 0 ? '例：Good morning, everyone.' : undefined}
                {...limitedLength(recitationLimits.sentenceMax)}
              />
            </Form.Item>
          ))
        )}
      </section>

      <section style={{ ...panel, padding: 24 }} aria-label="お手本の音声">
        <h2 style={{ fontSize: 15, margin: '0 0 12px' }}>お手本の音声</h2>
        <Radio.Group
          value={source}
          onChange={(e) => setSource(e.target.value as AudioSource)}
          options={[
            { value: 'tts', label: '音声合成で読み上げる' },
            { value: 'own', label: '先生の声（録音・ファイル）' },
          ]}
          aria-label="お手本の音声の作り方"
        />
        {error && (
          <Alert
            style={{ marginTop: 12 }}
            type="warning"
            showIcon
            closable
            onClose={() => setError(null)}
            title={error}
          />
        )}
        {source === 'tts' ? (
          <div style={{ marginTop: 12 }}>
            <Space wrap>
              <Select
                style={{ width: 320 }}
                aria-label="声の種類"
                loading={toneTypes.isLoading}
                value={voice ?? undefined}
                onChange={setToneType}
                options={toneTypes.data?.items.map((t) => ({ value: t.tone_type, label: t.name }))}
              />
              <Button
                icon={<SoundOutlined />}
                loading={speak.isPending}
                disabled={!guid}
                onClick={() => void makeSpeech()}
              >
                音声を作成して試聴
              </Button>
            </Space>
            <p style={{ ...muted, fontSize: 12, margin: '8px 0 0' }}>
              作った音声はすべて採点エンジンで確かめ、80点に届かない読み上げは作り直します。
            </p>
          </div>
        ) : (
          <p style={{ ...muted, fontSize: 12, margin: '12px 0 0' }}>
            {chapter ? '文章全体' : '1文ずつ'}を録音するか、音声ファイル（WAV・M4A・MP3・WebM・Ogg・FLAC。
            スマートフォンのボイスメモもそのまま使えます）をアップロードします。
            録音は採点エンジンで本文と照らし合わせ、合っていないときはお知らせします。
            {chapter ? '' : '録音のない文は音声合成で読み上げます。'}
          </p>
        )}
        <input
          ref={fileInput}
          type="file"
          style={{ display: 'none' }}
          data-testid="sound-file"
          accept={recitationUpload.extensions.join(',')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void sendFile(uploadIndex.current, file);
          }}
        />
        <ol style={{ margin: '12px 0 0', paddingLeft: 20 }}>
          {(chapter ? [0] : Array.from({ length: SENTENCES }, (_, i) => i)).map((i) => (
            <li key={i} style={{ padding: '8px 0', borderTop: '1px solid #f0f0f0' }} data-testid="audio-line">
              <div style={{ marginBottom: 6 }}>
                {chapter ? '文章全体' : texts[i] || <span style={muted}>（{i + 1}文目は未入力）</span>}
              </div>
              <Space wrap>
                <AudioLine audio={audio.get(i)} stale={staleAt(i)} />
                {source === 'own' && (
                  <>
                    <RecordButton
                      text={texts[i] ?? ''}
                      category={chapter ? 'read_chapter' : 'read_sentence'}
                      label={chapter ? '文章' : `${i + 1}文目`}
                      disabled={!guid || !texts[i]}
                      onRecorded={(file) => void sendFile(i, file)}
                      onError={setError}
                    />
                    <Button
                      icon={<UploadOutlined />}
                      disabled={!guid || progress.has(i)}
                      onClick={() => {
                        uploadIndex.current = i;
                        fileInput.current?.click();
                      }}
                      aria-label={chapter ? '文章の音声ファイルを選ぶ' : `${i + 1}文目の音声ファイルを選ぶ`}
                    >
                      ファイルを選ぶ
                    </Button>
                  </>
                )}
              </Space>
              {progress.has(i) && (
                <Progress percent={progress.get(i)} size="small" status="active" data-testid="upload-progress" />
              )}
            </li>
          ))}
        </ol>
      </section>

      <section style={{ ...panel, padding: 24 }} aria-label="日本語訳">
        <h2 style={{ fontSize: 15, margin: '0 0 4px' }}>日本語訳（任意）</h2>
        <p style={{ ...muted, margin: '0 0 12px', fontSize: 13 }}>
          機械翻訳はこの環境（オフライン）では使えないため、訳は先生が1文ずつ入力してください。児童の画面に本文と一緒に表示されます。
        </p>
        {lines.length === 0 && <span style={muted}>本文を入力すると、文ごとの訳の欄が出ます。</span>}
        {lines.map((line, i) => (
          <Form.Item key={i} name={['translations', i]} label={line} style={{ marginBottom: 12 }}>
            <Input aria-label={`${i + 1}文目の訳`} {...limitedLength(recitationLimits.translationMax)} />
          </Form.Item>
        ))}
      </section>

      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button
          type="primary"
          size="large"
          loading={create.isPending}
          disabled={!guid || noQuota}
          onClick={() => void save()}
        >
          {editing ? '教材を更新する' : '教材を作成する'}
        </Button>
      </div>
    </Form>
  );
}

const sentencesNames = Array.from({ length: SENTENCES }, (_, i) => ['sentences', i] as [string, number]);
