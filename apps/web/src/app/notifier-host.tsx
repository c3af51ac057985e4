import { App as AntApp } from 'antd';
import { useEffect } from 'react';
import { registerNotifier } from '../lib/notify';
import { AntdTheme } from '../components/ui/antd-theme';

function Bridge() {
  const app = AntApp.useApp();
  useEffect(() => registerNotifier(app), [app]);
  return null;
}

/** The antd App whose message and modal the notifier uses; mounted on the first message. */
export default function NotifierHost() {
  return (
    <AntdTheme>
      <AntApp component={false}>
        <Bridge />
      </AntApp>
    </AntdTheme>
  );
}
