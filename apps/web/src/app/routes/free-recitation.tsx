import { Button, Skeleton } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { RecitationForm } from '../../features/free-recitation/components/recitation-form';
import { useResourceDetail } from '../../features/library/api';
import { PreviewBody } from '../../features/library/components/preview-drawer';
import type { RouteHandle } from '../router';
import { idParam } from './id-param';

export const handle: RouteHandle = { title: '自由音読の教材', level: 1, menu: paths.freeRecitation.path };

/** The saved resource in the library's preview views (model audio, 自分で読んでみる). */
function SavedPreview({ resourceId }: { resourceId: number }) {
  const { data } = useResourceDetail(resourceId);
  return data ? <PreviewBody detail={data} /> : <Skeleton active paragraph={{ rows: 5 }} />;
}

/** /free-recitation[?resource_id=] (docs/free-recitation.md): make or edit a teacher's own reading material. */
export function Component() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const resourceId = idParam(search.get('resource_id'));
  return (
    <RecitationForm
      key={resourceId ?? 'new'}
      resourceId={resourceId}
      renderPreview={(id) => <SavedPreview resourceId={id} />}
      footer={() => [
        <Button key="hw" type="primary" onClick={() => navigate(paths.homeworkCreateForm.path)}>
          宿題配信へ
        </Button>,
        <Button key="again" onClick={() => navigate(0)}>
          続けてつくる
        </Button>,
      ]}
    />
  );
}
