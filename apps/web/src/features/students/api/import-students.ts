import { importClassStudentsList, importStudentsList, type ImportResult } from '@ondoku/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queries';

export type ImportStage = 'idle' | 'uploading' | 'processing' | 'done';

/**
 * Import a roster file into one class (classId) or into the classes its クラス column names: an
 * upload call of the request layer (the contract's rule on size and type is checked before
 * sending), with the stages and percent the import modal shows.
 */
export function useImportStudents(classId?: number) {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<ImportStage>('idle');
  const [percent, setPercent] = useState(0);
  const [result, setResult] = useState<ImportResult | null>(null);

  const run = async (file: File) => {
    setResult(null);
    setStage('uploading');
    setPercent(0);
    const onProgress = (p: number) => {
      setPercent(p);
      if (p >= 100) setStage('processing');
    };
    try {
      const r = classId
        ? await api.upload(importClassStudentsList, { team_id: classId, file }, { onProgress })
        : await api.upload(importStudentsList, { file }, { onProgress });
      setResult(r);
      if (r.imported > 0) {
        await Promise.all(
          [queryKeys.students.all, queryKeys.classes.all].map((queryKey) =>
            queryClient.invalidateQueries({ queryKey }),
          ),
        );
      }
    } catch {
      /* already shown to the teacher (a refused file too: the request layer toasts the rule's message) */
    } finally {
      setStage('done');
    }
  };
  const reset = () => {
    setStage('idle');
    setResult(null);
    setPercent(0);
  };
  return { run, reset, stage, percent, result };
}
