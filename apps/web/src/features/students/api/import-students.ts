import {
  ErrorCode,
  importStudentsList,
  importClassStudentsList,
  messages,
  studentLimits,
  studentMessages,
  type Envelope,
  type ImportResult,
} from '@ondoku/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { sessionStore } from '../../../lib/session';

/**
 * Student imports are multipart uploads with progress, so they go through XMLHttpRequest (fetch
 * has no upload progress) while keeping the request layer's rules: bearer token, errcode toasts,
 * 401 signs out, 5xx alerts.
 */
function upload(path: string, form: FormData, onProgress: (percent: number) => void): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const token = sessionStore.token();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept-language', 'ja');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    const fail = (message: string, alert = false) => {
      if (alert) notify.alert(message);
      else notify.toast(message);
      reject(new Error(message));
    };
    xhr.onerror = () => fail(messages.operationFailed);
    xhr.ontimeout = () => fail(messages.operationFailed);
    xhr.timeout = 120_000;
    xhr.onload = () => {
      if (xhr.status === 401) {
        sessionStore.clear();
        window.location.hash = '#/login';
        return reject(new Error(messages.unauthorized));
      }
      if (xhr.status >= 500) return fail(messages.serviceError, true);
      let env: Envelope<ImportResult>;
      try {
        env = JSON.parse(xhr.responseText) as Envelope<ImportResult>;
      } catch {
        return fail(messages.operationFailed);
      }
      if (env.errcode !== ErrorCode.OK) return fail(env.errmsg || messages.operationFailed);
      resolve(env.data);
    };
    xhr.send(form);
  });
}

export type ImportStage = 'idle' | 'uploading' | 'processing' | 'done';

/** Import a roster file into one class (teamId) or into the classes its クラス column names. */
export function useImportStudents(teamId?: number) {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<ImportStage>('idle');
  const [percent, setPercent] = useState(0);
  const [result, setResult] = useState<ImportResult | null>(null);

  const run = async (file: File) => {
    setResult(null);
    if (file.size > studentLimits.import.maxBytes) {
      notify.toast(studentMessages.fileTooLarge);
      return;
    }
    if (!/\.(xlsx|csv)$/i.test(file.name)) {
      notify.toast(studentMessages.fileType);
      return;
    }
    const form = new FormData();
    if (teamId) form.append('team_id', String(teamId));
    form.append('file', file);
    setStage('uploading');
    setPercent(0);
    try {
      const r = await upload((teamId ? importClassStudentsList : importStudentsList).path, form, (p) => {
        setPercent(p);
        if (p >= 100) setStage('processing');
      });
      setResult(r);
      if (r.imported > 0) {
        await queryClient.invalidateQueries({ queryKey: ['students'] });
        await queryClient.invalidateQueries({ queryKey: ['team'] });
      }
    } catch {
      /* already shown to the teacher */
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
