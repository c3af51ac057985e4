import DOMPurify from 'dompurify';

/**
 * The evaluator's markup (evaluate_html) is ours, but it travels through the server and may be
 * stored for years: it is sanitised before it reaches the page, keeping only text formatting
 * and the word spans with their colour classes and scores.
 */
export function sanitizeEvaluateHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ['span', 'b', 'strong', 'i', 'em', 'u', 'br', 'p'],
    ALLOWED_ATTR: ['class', 'data-score'],
  });
}
