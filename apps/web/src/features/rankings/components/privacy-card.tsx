import {
  rankingLimits,
  rankingVisibilities,
  rankingVisibilityLabels,
  saveRankingSettingsForm,
  type RankingSettings,
  type RankingVisibility,
} from '@ondoku/contract';
import { Button, Card, InputNumber, Radio, Switch, Typography } from 'antd';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useRankingSettings, useSaveRankingSettings } from '../api';

/**
 * What the class's children see of the rankings on their side (docs/rankings.md, "Privacy"):
 * everyone, only the top N, or nothing (the default), and whether the others' names are hidden.
 */
export function PrivacyCard({ classId }: { classId: number }) {
  const settings = useRankingSettings(classId);
  if (!settings.data)
    return (
      <Card size="small" title="子どもに見せる範囲" loading>
        {null}
      </Card>
    );
  // A fresh form for each saved state (the reply of a save is written into the cache).
  return <PrivacyForm key={JSON.stringify(settings.data)} initial={settings.data} />;
}

function PrivacyForm({ initial }: { initial: RankingSettings }) {
  const classId = initial.team_id;
  const save = useSaveRankingSettings();
  const guest = useSession()?.user.type === 'guest';
  const [visibility, setVisibility] = useState<RankingVisibility>(initial.visibility);
  const [topN, setTopN] = useState<number>(initial.top_n);
  const [hideNames, setHideNames] = useState(initial.hide_names === 1);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    const input = { team_id: classId, visibility, top_n: topN, hide_names: hideNames ? 1 : 0 };
    const checked = saveRankingSettingsForm.safeParse(input);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? null);
    setProblem(null);
    try {
      await save.mutateAsync(input as never);
      notify.success('子どもに見せる範囲を保存しました。');
    } catch {
      // The request layer has told the teacher.
    }
  };

  return (
    <Card size="small" title="子どもに見せる範囲" data-testid="privacy-card">
      <Radio.Group
        aria-label="子どもに見せる範囲"
        value={visibility}
        onChange={(e) => setVisibility(e.target.value as RankingVisibility)}
        style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
        disabled={guest}
      >
        {rankingVisibilities.map((v) => (
          <Radio key={v} value={v}>
            {rankingVisibilityLabels[v]}
            {v === 'top' && (
              <>
                {' '}
                上位{' '}
                <InputNumber
                  aria-label="上位の人数"
                  size="small"
                  min={rankingLimits.topNMin}
                  max={rankingLimits.topNMax}
                  value={topN}
                  onChange={(n) => setTopN(n ?? 0)}
                  style={{ width: 64 }}
                  disabled={guest || visibility !== 'top'}
                />{' '}
                人
              </>
            )}
          </Radio>
        ))}
      </Radio.Group>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 12 }}>
        <Switch
          aria-label="ほかの子の名前をかくす"
          checked={hideNames}
          onChange={setHideNames}
          disabled={guest || visibility === 'none'}
        />
        <span>ほかの子の名前をかくす（自分の名前だけ表示）</span>
      </div>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0' }}>
        子どもは自分のクラスのランキングだけを見られます。期間中に練習していない子は、ほかの子には表示されません。
      </Typography.Paragraph>
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
      {!guest && (
        <div style={{ textAlign: 'right' }}>
          <Button type="primary" onClick={submit} loading={save.isPending}>
            保存
          </Button>
        </div>
      )}
    </Card>
  );
}
