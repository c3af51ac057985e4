import { CommentOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { ExportMenu } from '../../features/downloads/components/export-menu';
import { HomeworkDetails } from '../../features/results/components/homework-details';
import { RemindButton } from '../../features/student-messages/components/remind-button';
import type { RouteHandle } from '../router';
import { idParam } from './id-param';
import { NotFound } from '../../components/ui/load-state';

export const handle: RouteHandle = { title: '宿題の結果', level: 1, menu: paths.homeworkList.path };

export function Component() {
  const id = idParam(useParams().homeworkId);
  if (id === null) return <NotFound backTo={paths.homeworkList.path} backLabel="宿題一覧へ戻る" />;
  // The results and their exports (download tasks, e-mail) are composed here: features never import each other.
  return (
    <HomeworkDetails
      key={id}
      homeworkId={id}
      actions={
        <>
          <Link to={paths.commentary.getHref(id)}>
            <Button icon={<CommentOutlined />}>解説用ページ</Button>
          </Link>
          <ExportMenu homeworkId={id} />
        </>
      }
      remind={(count) => <RemindButton homeworkId={id} count={count} />}
    />
  );
}
