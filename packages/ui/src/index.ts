/**
 * @ondoku/ui: what the teacher app (apps/web) and the children's app (apps/learn) share, as
 * TypeScript source bundled by each app's Vite. This entry holds the small building blocks; the
 * larger parts have entries of their own so a first view loads only what it imports:
 * `@ondoku/ui/preview` (the exercise previews), `@ondoku/ui/recorder`, `@ondoku/ui/request`,
 * `@ondoku/ui/password-crypto`. docs/architecture.md, folder table.
 */
export { Figure, panel, Score, Section } from './blocks';
