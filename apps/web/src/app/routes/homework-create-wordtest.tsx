import { WizardRoute, wizardHandle } from './homework-wizard';

export const handle = wizardHandle('単語テストの配信');

export function Component() {
  return <WizardRoute type="wordtest" />;
}
