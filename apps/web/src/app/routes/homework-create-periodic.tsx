import { WizardRoute, wizardHandle } from './homework-wizard';

export const handle = wizardHandle('定期宿題の登録');

export function Component() {
  return <WizardRoute type="periodic" />;
}
