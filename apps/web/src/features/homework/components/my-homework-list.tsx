import {
  homeworkLimits,
  homeworkStateLabels,
  homeworkStates,
  homeworkTypeLabels,
  homeworkTypes,
  type HomeworkRow,
  type HomeworkState,
  preparationMessages,
} from '@ondoku/contract';
import { Link, useNavigate } from 'react-router';
import { ListContainer } from '../../../components/ui/list-container';
import { PreparingNotice } from '../../../components/ui/preparing-notice';
import { usePreparation } from '../../../lib/queries/preparation';
import { PlainButton, PlainTag, type TagColor } from '../../../components/ui/plain';
import { SearchBox } from '../../../components/ui/search-box';
import { useListState } from '../../../components/ui/use-list-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { notify, wantNotifierHost } from '../../../lib/notify';
import { searchWord } from '../../../lib/form';
import { useClassList } from '../../../lib/queries';
import { useDelayHomework, useDeleteHomework, useHomeworkPageList } from '../api';
import { HOMEWORK_LIST_KEY, initialFilters, toQuery, type Flag, type HomeworkFilters } from '../api/list-query';
import { HomeworkTabs, SubmitBar } from './homework-tabs';
import { NativeSelect as FilterSelect } from '../../../components/ui/native-select';

export const originLabel = { headquarters: '本部', classroom: '教室' } as const;
export const stateColor: Record<HomeworkState, TagColor> = {
  scheduled: 'blue',
  open: 'green',
  overdue: 'orange',
  finished: 'default',
};

const sortOptions = [
  { value: 'start_time:desc', label: '配信日時が新しい順' },
  { value: 'start_time:asc', label: '配信日時が古い順' },
  { value: 'end_time:asc', label: '締切が近い順' },
  { value: 'end_time:desc', label: '締切が遠い順' },
  { value: 'created_at:desc', label: '作成日時が新しい順' },
  { value: 'title:asc', label: 'タイトル順' },
];

/** The filters as the list call's query (docs/homework-web.md, 'The list'). */
const muted = { color: 'rgba(0,0,0,0.55)' } as const;

function HomeworkItem({
  hw,
  detailsHref,
  onDelete,
  onDelay,
}: {
  hw: HomeworkRow;
  detailsHref?: (homeworkId: number) => string;
  onDelete: (hw: HomeworkRow) => void;
  onDelay: (hw: HomeworkRow) => void;
}) {
  const navigate = useNavigate();
  return (
    // Plain markup rows, tags and buttons: the homework list after sign-in loads no antd
    // (docs/architecture.md, First view).
    <section
      data-testid="homework-row"
      aria-label={hw.title}
      style={{
        display: 'flex',
        gap: 16,
        alignItems: 'center',
        marginBottom: 8,
        padding: '12px 16px',
        background: '#fff',
        border: '1px solid #e8ecea',
        borderRadius: 8,
      }}
    >
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 6, flexWrap: 'wrap' }}>
          <PlainTag color={stateColor[hw.state]}>{homeworkStateLabels[hw.state]}</PlainTag>
          <strong style={{ fontSize: 15 }}>
            {detailsHref ? <Link to={detailsHref(hw.homework_id)}>{hw.title}</Link> : hw.title}
          </strong>
          <PlainTag>{homeworkTypeLabels[hw.type]}</PlainTag>
          <PlainTag color={hw.origin_type === 'headquarters' ? 'purple' : 'cyan'}>
            {originLabel[hw.origin_type]}
          </PlainTag>
          {hw.has_delay && <PlainTag color="orange">再配信あり</PlainTag>}
        </div>
        <div style={{ ...muted, marginTop: 4, fontSize: 13 }}>
          {hw.team ? hw.team.name : '個別の生徒'}
          <span style={{ margin: '0 8px' }}>|</span>
          <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(hw.start_time)}</span> 〜{' '}
          <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(hw.end_time)}</span>
          {hw.reissue_end_time && <>（再配信の締切 {formatDateTime(hw.reissue_end_time)}）</>}
          {hw.required_times !== null && (
            <>
              <span style={{ margin: '0 8px' }}>|</span>必要練習回数 {hw.required_times}回
            </>
          )}
        </div>
      </div>
      <SubmitBar submitted={hw.submitted_count} assigned={hw.assigned_count} />
      {/* The buttons keep their own width (four on an overdue row): they never cover the bar. */}
      <div style={{ display: 'flex', gap: 4, minWidth: 204, flexShrink: 0, justifyContent: 'flex-end' }}>
        {detailsHref && (
          <PlainButton small onClick={() => void navigate(detailsHref(hw.homework_id))}>
            詳細
          </PlainButton>
        )}
        <PlainButton small onClick={() => void navigate(paths.homeworkEdit.getHref(hw.homework_id))}>
          変更
        </PlainButton>
        {/* The confirmation is antd's modal (the notifier host, not part of the first view): it
            starts loading as soon as the pointer or the focus reaches one of these buttons. */}
        {hw.state === 'overdue' && (
          <PlainButton small onPointerEnter={wantNotifierHost} onFocus={wantNotifierHost} onClick={() => onDelay(hw)}>
            再配信
          </PlainButton>
        )}
        <PlainButton
          small
          danger
          onPointerEnter={wantNotifierHost}
          onFocus={wantNotifierHost}
          onClick={() => onDelete(hw)}
        >
          削除
        </PlainButton>
      </div>
    </section>
  );
}

const flagOptions: { value: Flag; label: string }[] = [
  { value: 1, label: 'あり' },
  { value: 0, label: 'なし' },
];

/**
 * The teacher's homework list (route /homework-management): every list filter of the spec (docs/homework-web.md, 'The list'), kept for
 * the browser session, sorting, 20 a page, and the actions change, delete, reissue.
 * `detailsHref` links each homework to its results screen when that screen exists.
 */
export function MyHomeworkList({ detailsHref }: { detailsHref?: (homeworkId: number) => string }) {
  const list = useListState<HomeworkFilters>(HOMEWORK_LIST_KEY, {
    pageSize: homeworkLimits.listPageSize,
    filters: initialFilters,
  });
  const f = list.filters;
  const classes = useClassList();
  const query = useHomeworkPageList(toQuery(f, list.page, list.pageSize));
  const { data } = query;
  const del = useDeleteHomework();
  const delay = useDelayHomework();
  const preparation = usePreparation();
  const filtered =
    !!f.searchTitle ||
    [f.classId, f.type, f.origin, f.state, f.hasRequiredTimes, f.hasDelay, f.from, f.until].some(
      (v) => v !== undefined && v !== '',
    );

  const confirmDelete = (hw: HomeworkRow) =>
    notify.confirm({
      title: `「${hw.title}」を削除しますか？`,
      content: (
        <div data-testid="delete-confirm">
          宿題一覧から消え、生徒はこの宿題に取り組めなくなります。
          <br />
          提出済みの解答（{hw.submitted_count}人分）は削除されず、記録として残ります。
        </div>
      ),
      okText: '削除する',
      okButtonProps: { danger: true },
      cancelText: 'キャンセル',
      onOk: async () => {
        await del.mutateAsync({ homework_id: hw.homework_id });
        notify.success(`「${hw.title}」を削除しました。`);
      },
    });

  const confirmDelay = (hw: HomeworkRow) =>
    notify.confirm({
      title: `「${hw.title}」を再配信しますか？`,
      content: (
        <div data-testid="delay-confirm">
          まだ提出していない生徒（{hw.assigned_count - hw.submitted_count}人）にだけ、締切を
          {homeworkLimits.reissueExtensionDays}日延長してもう一度配信します。提出済みの生徒には配信されません。
        </div>
      ),
      okText: '再配信する',
      cancelText: 'キャンセル',
      onOk: async () => {
        const r = await delay.mutateAsync({ homework_id: hw.homework_id });
        notify.success(`未提出の${r.student_count}人に再配信しました（締切 ${formatDateTime(r.end_time)}）。`);
      },
    });

  const set = (patch: Partial<HomeworkFilters>) => list.setFilters(patch);

  return (
    <>
      <HomeworkTabs />
      <div
        role="search"
        aria-label="宿題の絞り込み"
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 16, alignItems: 'center' }}
      >
        <FilterSelect
          label="検索の対象"
          width={100}
          value={f.searchType}
          onChange={(searchType) => set({ searchType: searchType ?? 'title' })}
          options={[
            { value: 'title', label: 'タイトル' },
            { value: 'resource', label: '教材名' },
          ]}
        />
        <SearchBox
          label="キーワード"
          defaultValue={f.searchTitle}
          key={f.searchTitle === '' ? 'empty' : 'kw'}
          placeholder={f.searchType === 'title' ? '宿題のタイトルで検索' : '教材名で検索'}
          width={280}
          onSearch={(v) => {
            const word = searchWord(v);
            if (word !== null) set({ searchTitle: word });
          }}
        />
        <FilterSelect
          label="クラス"
          all="すべてのクラス"
          value={f.classId}
          onChange={(classId) => set({ classId })}
          options={(classes.data?.rows ?? []).map((c) => ({ value: c.team_id, label: c.name }))}
        />
        <FilterSelect
          label="種類"
          all="すべての種類"
          value={f.type}
          onChange={(type) => set({ type })}
          options={homeworkTypes.map((t) => ({ value: t, label: homeworkTypeLabels[t] }))}
        />
        <FilterSelect
          label="配信元"
          all="配信元：すべて"
          value={f.origin}
          onChange={(origin) => set({ origin })}
          options={[
            { value: 'classroom' as const, label: '教室' },
            { value: 'headquarters' as const, label: '本部' },
          ]}
        />
        <FilterSelect
          label="状態"
          all="状態：すべて"
          value={f.state}
          onChange={(state) => set({ state })}
          options={homeworkStates.map((s) => ({ value: s, label: homeworkStateLabels[s] }))}
        />
        <FilterSelect
          label="必要練習回数"
          all="練習回数：すべて"
          value={f.hasRequiredTimes}
          onChange={(hasRequiredTimes) => set({ hasRequiredTimes })}
          options={flagOptions.map((o) => ({ ...o, label: `回数指定${o.label}` }))}
        />
        <FilterSelect
          label="再配信"
          all="再配信：すべて"
          value={f.hasDelay}
          onChange={(hasDelay) => set({ hasDelay })}
          options={flagOptions.map((o) => ({ ...o, label: `再配信${o.label}` }))}
        />
        <label style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          <span style={muted}>配信日</span>
          <input
            type="date"
            className="pl-input"
            aria-label="配信日（この日以降）"
            style={{ width: 150 }}
            value={f.from ?? ''}
            onChange={(e) => set({ from: e.target.value || undefined })}
          />
          〜
        </label>
        <label style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          <span style={muted}>締切</span>
          <input
            type="date"
            className="pl-input"
            aria-label="締切（この日まで）"
            style={{ width: 150 }}
            value={f.until ?? ''}
            onChange={(e) => set({ until: e.target.value || undefined })}
          />
          まで
        </label>
        <FilterSelect
          label="並び順"
          width={180}
          value={f.sort}
          onChange={(sort) => set({ sort: sort ?? initialFilters.sort })}
          options={sortOptions}
        />
        {filtered && (
          <PlainButton
            variant="link"
            onClick={() =>
              list.setFilters({
                ...initialFilters,
                sort: f.sort,
                classId: undefined,
                type: undefined,
                origin: undefined,
                state: undefined,
                hasRequiredTimes: undefined,
                hasDelay: undefined,
                from: undefined,
                until: undefined,
              })
            }
          >
            条件をクリア
          </PlainButton>
        )}
      </div>
      <PreparingNotice what="demo_homework" preparation={preparation} />
      <ListContainer
        query={query}
        total={data?.total ?? 0}
        list={list}
        totalText={(n) => `全${n}件`}
        emptyText={
          filtered
            ? '条件に合う宿題はありません。'
            : preparation?.demo_homework
              ? preparationMessages.demoHomework(preparation.demo_homework)
              : 'まだ宿題がありません。「宿題配信」から配信できます。'
        }
      >
        {data?.rows.map((hw) => (
          <HomeworkItem
            key={hw.homework_id}
            hw={hw}
            detailsHref={detailsHref}
            onDelete={confirmDelete}
            onDelay={confirmDelay}
          />
        ))}
      </ListContainer>
    </>
  );
}
