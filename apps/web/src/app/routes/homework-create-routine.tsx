import { WizardRoute, wizardHandle } from './homework-wizard';

export const handle = wizardHandle('通常宿題の配信');

export function Component() {
  return <WizardRoute type="routine" />;
}
