import { ApiError } from '@ondoku/ui/request';

/** What to tell a child about a failed call: the server's own (child-worded) message, or a kind word about the network. */
export function messageForStudent(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.status === 0) return 'つうしんができませんでした。インターネットにつながっているか見てね。';
    if (e.status >= 500) return 'いまはつかえません。すこしたってから、もういちどためしてね。';
    return e.message;
  }
  return e instanceof Error ? e.message : String(e);
}
