import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { Intelligence, type PracticeHomework } from '../../features/learning-statistics/components/intelligence';
import { selectionStore } from '../../features/library/selection/selection-store';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: '発音の分析', level: 0 };

/**
 * The sound insights, and the one click from the class's worst sounds to a practice homework:
 * the app joins the statistics feature with the library's selection (features do not import each
 * other) — the chosen materials become the selection, the class and a title the wizard's draft,
 * and the routine wizard opens on them for the teacher to confirm.
 */
export function Component() {
  const navigate = useNavigate();
  const make = (h: PracticeHomework) => {
    selectionStore.clear();
    selectionStore.add(h.resources);
    selectionStore.setForm({ type: 'routine', title: h.title, recipients: { team_ids: [h.classId], students: [] } });
    void navigate(paths.homeworkCreateRoutine.getHref(1));
  };
  return <Intelligence onMakeHomework={make} />;
}
