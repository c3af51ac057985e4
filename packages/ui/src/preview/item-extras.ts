import type { PreviewItem } from '@ondoku/contract';

/**
 * Optional preview fields the library server adds to the contract's item (on its branch:
 * `example.audio_file`, listening `script`, `questions[].audio_file`). Read through this view so
 * the previews use them as soon as the server sends them; once the contract change is on main,
 * this is just PreviewItem.
 */
export interface ItemExtras {
  example?: { text: string; translation: string; audio_file?: string | null } | null;
  script?: { text: string; translation: string } | null;
  questions?: Array<{ content: string; translation: string; audio_file?: string | null }>;
}

export const extrasOf = (item: PreviewItem): ItemExtras => item as PreviewItem & ItemExtras;
