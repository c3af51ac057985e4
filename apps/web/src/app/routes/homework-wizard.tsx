import type { HomeworkType } from '@ondoku/contract';
import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { HomeworkWizard } from '../../features/homework/wizard/homework-wizard';
import { selectionStore, useHomeworkSelection } from '../../features/library/selection/selection-store';
import type { RouteHandle } from '../router';

/** The wizard's routes belong to the 宿題配信 menu entry. */
export const wizardHandle = (title: string): RouteHandle => ({ title, level: 1, menu: paths.homeworkCreate.path });

/**
 * /homework-create/<type>/:step: the homework feature's wizard on the library feature's selection
 * (features do not import each other; the app joins them here). The wizard's own fields are the
 * selection's form info, so both live in sessionStorage until published or discarded.
 */
export function WizardRoute({ type }: { type: HomeworkType }) {
  const { step } = useParams();
  const selection = useHomeworkSelection();
  const n = Number(step);
  return (
    <HomeworkWizard
      type={type}
      step={Number.isInteger(n) && n >= 1 && n <= 4 ? n : 1}
      resources={selection.resources}
      pack={selection.pack}
      form={selection.form}
      onFormChange={selectionStore.setForm}
      onClear={selectionStore.clear}
    />
  );
}
