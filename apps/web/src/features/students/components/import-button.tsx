import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { ImportModal } from './import-modal';

/** Opens the import of a roster whose クラス column says where each student goes. */
export function ImportStudentsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        生徒を一括取り込み
      </Button>
      <ImportModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
