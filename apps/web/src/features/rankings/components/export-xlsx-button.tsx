import { FileExcelOutlined } from '@ant-design/icons';
import type { CallInput, getIntegralRankingExport } from '@ondoku/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { paths } from '../../../config/paths';
import { useExportIntegralRanking } from '../api';

/**
 * 「Excelで書き出す」: the same ranking as an xlsx, made as a download task (docs/downloads.md);
 * the teacher then takes it from the download list.
 */
export function ExportXlsxButton({ query }: { query: CallInput<typeof getIntegralRankingExport> }) {
  const exportTask = useExportIntegralRanking();
  const [made, setMade] = useState<string | null>(null);
  const make = async () => {
    try {
      const r = await exportTask.mutateAsync(query);
      setMade(r.task.title);
    } catch {
      // The request layer has told the teacher.
    }
  };
  return (
    <>
      {made && (
        <span role="status" style={{ alignSelf: 'center', fontSize: 13 }}>
          「{made}」を作成しています。<a href={`#${paths.downloadManage.path}`}>ダウンロード管理</a>から保存できます。
        </span>
      )}
      <Button icon={<FileExcelOutlined />} onClick={make} loading={exportTask.isPending}>
        Excelで書き出す
      </Button>
    </>
  );
}
