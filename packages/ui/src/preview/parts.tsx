import { CaretRightOutlined, PauseOutlined, SoundOutlined } from '@ant-design/icons';
import { Button, Slider, Tag, Tooltip } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useAudioPlayer, type AudioPlayer } from './audio';
import { bandColors, points, scoreBand, type ItemResult } from './results';
import { sanitizeEvaluateHtml } from './sanitize';
import './preview.css';

/** The read text, or the evaluator's coloured markup of it when a result carries one. */
export function ItemText({
  text,
  html,
  className = 'lib-item-text',
}: {
  text: string;
  html?: string | null;
  className?: string;
}) {
  const safe = useMemo(() => (html ? sanitizeEvaluateHtml(html) : null), [html]);
  if (safe) return <div className={`${className} lib-eval`} dangerouslySetInnerHTML={{ __html: safe }} />;
  return <div className={className}>{text}</div>;
}

/** A play button for one file: 原文を再生 (model audio) or 録音を再生 (a recording); again to stop. */
export function PlayButton({
  src,
  label,
  size = 'middle',
  icon = <SoundOutlined />,
}: {
  src: string | null | undefined;
  label: string;
  size?: 'small' | 'middle';
  icon?: ReactNode;
}) {
  const player = useAudioPlayer(src);
  const active = player.status === 'playing' || player.status === 'loading';
  if (!src) return null;
  return (
    <Button
      size={size}
      icon={active ? <PauseOutlined /> : icon}
      loading={player.status === 'loading'}
      aria-pressed={active}
      danger={player.error}
      onClick={() => (active ? player.stop() : player.play())}
    >
      {player.error ? `${label}（再生できません）` : active ? '停止' : label}
    </Button>
  );
}

/** 得点 in its band's colour (results.ts). */
export function ScoreTag({ score }: { score: number | null | undefined }) {
  if (score === null || score === undefined) return null;
  const band = scoreBand(score);
  return (
    <span data-testid="item-score">
      得点 <strong style={{ color: bandColors[band], fontSize: 18 }}>{points(score)}</strong>
    </span>
  );
}

/** 平均点 of the class for an item. */
export function AverageTag({ score }: { score: number | null | undefined }) {
  if (score === null || score === undefined) return null;
  return (
    <Tag data-testid="item-average" color="default">
      平均点 {points(score)}
    </Tag>
  );
}

export function TeacherNote({ note }: { note: string | null | undefined }) {
  if (!note) return null;
  return (
    <div className="lib-note">
      <strong>指導メモ：</strong>
      {note}
    </div>
  );
}

/** The buttons and figures under an item: play buttons, 得点, 平均点 and the caller's actions. */
export function ItemFooter({
  audio,
  result,
  average,
  actions,
}: {
  audio: string | null | undefined;
  result: ItemResult | undefined;
  average: number | null | undefined;
  actions?: ReactNode;
}) {
  return (
    <div className="lib-item-footer">
      <PlayButton src={audio} label="原文を再生" />
      <PlayButton src={result?.sound_file} label="録音を再生" icon={<CaretRightOutlined />} />
      <ScoreTag score={result?.score} />
      <AverageTag score={average} />
      {actions}
    </div>
  );
}

const clock = (s: number) => {
  const t = Math.max(0, Math.floor(s));
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`;
};

/**
 * An audio control with a seek bar: disabled until the audio can play; stop goes back
 * to the start.
 */
export function AudioControl({ player, label }: { player: AudioPlayer; label: string }) {
  const playing = player.status === 'playing' || player.status === 'loading';
  const disabled = !player.ready;
  return (
    <div
      role="group"
      aria-label={`${label}の音声`}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        padding: '8px 12px',
        background: '#fafafa',
        borderRadius: 8,
      }}
    >
      <Tooltip title={disabled ? (player.error ? '音声を読み込めませんでした' : '音声を読み込んでいます') : undefined}>
        <Button
          type="primary"
          shape="circle"
          aria-label={playing ? '一時停止' : '再生'}
          icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
          disabled={disabled}
          onClick={() => (playing ? player.pause() : player.play())}
        />
      </Tooltip>
      <Button size="small" disabled={disabled} onClick={player.stop}>
        停止
      </Button>
      <span style={{ fontSize: 13, color: 'rgba(0,0,0,0.65)', whiteSpace: 'nowrap' }}>{label}</span>
      <Slider
        style={{ flex: 1, margin: '0 8px' }}
        min={0}
        max={Math.max(player.duration, 0.1)}
        step={0.1}
        value={player.currentTime}
        disabled={disabled}
        tooltip={{ formatter: (v) => clock(v ?? 0) }}
        onChange={(v) => player.seek(v)}
        aria-label={`${label}の再生位置`}
      />
      <span style={{ fontVariantNumeric: 'tabular-nums', fontSize: 12 }}>
        {clock(player.currentTime)} / {clock(player.duration)}
      </span>
    </div>
  );
}
