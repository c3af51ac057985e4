import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import {
  exerciseTypeLabels,
  originTypeLabels,
  spokenExerciseTypes,
  type ResourceDetail,
  type ResourceRow,
} from '@ondoku/contract';
import { Alert, Button, Drawer, Result, Skeleton, Space, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useResourceDetail } from '../api';
import { audioController } from '@ondoku/ui/preview/audio';
import { PreviewView } from '@ondoku/ui/preview/preview-view';
import type { ResourceScores, StudentAnswer } from '@ondoku/ui/preview/results';
import { TryReading, type TrialResult } from './try-reading';

/** The teacher's own readings of this preview (自分で読んでみる), shown like a child's answers. */
function useTrials() {
  const [answers, setAnswers] = useState<StudentAnswer[]>([]);
  const [scores, setScores] = useState<ResourceScores | undefined>();
  const urls = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const u of urls.current) URL.revokeObjectURL(u);
    },
    [],
  );
  const add = (index: number, { result, recording }: TrialResult, article: boolean) => {
    const sound = recording ? URL.createObjectURL(recording) : null;
    if (sound) urls.current.push(sound);
    const answer: StudentAnswer = {
      question_id: index,
      score: result.total_score,
      evaluate_html: result.evaluate_html,
      evaluate_text: result.evaluate_text,
      sound_file: sound,
    };
    setAnswers((list) => [...list.filter((a) => a.question_id !== index), answer]);
    if (article)
      setScores((prev) => ({
        total_score: result.total_score,
        accuracy_score: result.accuracy_score,
        fluency_score: result.fluency_score,
        integrity_score: result.integrity_score,
        learn_count: (prev?.learn_count ?? 0) + 1,
        best_score: Math.max(prev?.best_score ?? 0, result.total_score),
      }));
  };
  return { answers, scores, add };
}

/** The preview of one resource with the teacher's own readings (自分で読んでみる) shown as answers. */
export function PreviewBody({ detail }: { detail: ResourceDetail }) {
  const trials = useTrials();
  const [error, setError] = useState<string | null>(null);
  const spoken = spokenExerciseTypes.includes(detail.type);
  const article = detail.type === 'article_reading';
  return (
    <>
      {error && (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => setError(null)}
          title={error}
          style={{ marginBottom: 12 }}
        />
      )}
      <PreviewView
        detail={detail}
        answers={trials.answers}
        scores={trials.scores}
        renderItemActions={
          spoken
            ? (item) => (
                <TryReading
                  item={item}
                  text={article ? (detail.full_text?.screen_text ?? item.screen_text) : item.screen_text}
                  type={detail.type}
                  resourceId={detail.resource_id}
                  onResult={(index, trial) => {
                    setError(null);
                    trials.add(index, trial, article);
                  }}
                  onError={setError}
                />
              )
            : undefined
        }
      />
    </>
  );
}

/** A resource's preview in a drawer: the matching preview view, model audio, and 自分で読んでみる. */
export function PreviewDrawer({
  row,
  selected,
  onToggle,
  onClose,
}: {
  row: ResourceRow | null;
  selected: boolean;
  onToggle(row: ResourceRow): void;
  onClose(): void;
}) {
  const { data, isLoading, isError } = useResourceDetail(row?.resource_id ?? null);
  return (
    <Drawer
      open={row !== null}
      size={760}
      onClose={onClose}
      afterOpenChange={(open) => {
        if (!open) audioController.stopAll();
      }}
      destroyOnHidden
      title={row?.title}
      extra={
        row && (
          <Button
            type={selected ? 'default' : 'primary'}
            icon={selected ? <CheckOutlined /> : <PlusOutlined />}
            onClick={() => onToggle(row)}
          >
            {selected ? '選択から外す' : '宿題に追加'}
          </Button>
        )
      }
      styles={{ body: { background: '#f7f9f8' } }}
    >
      {row && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Tag color="green">{exerciseTypeLabels[row.type]}</Tag>
          <Tag>{row.grade}年</Tag>
          <Tag color={row.origin_type === 'classroom' ? 'purple' : 'blue'}>{originTypeLabels[row.origin_type]}</Tag>
          <span style={{ color: 'rgba(0,0,0,0.55)' }}>{row.item_count}問</span>
        </Space>
      )}
      {isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
      {isError && (
        <Result status="warning" title="教材を表示できませんでした。" subTitle="時間をおいてもう一度お試しください。" />
      )}
      {data && <PreviewBody key={data.resource_id} detail={data} />}
    </Drawer>
  );
}
