import './rich-text.css';
import type { SanitizedHtml } from '../schemas/rich-text';

/**
 * Stored rich text (a post, a page text) on a page. The one place where the site hands HTML to React: it takes a
 * `SanitizedHtml`, which only the server's sanitiser makes (shared/server/rich-text), so a plain string — a visitor's
 * text, an unchecked API field — does not compile here. Plain markup, no effects: the same on the server and in the
 * browser, so server-side rendering and hydration agree.
 */
export function RichText({
  html,
  as: Element = 'div',
  className,
}: {
  html: SanitizedHtml;
  /** `article` for a whole post, `div` (default) or `section` for a part of a page. */
  as?: 'div' | 'article' | 'section';
  className?: string;
}) {
  return <Element className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: html }} />;
}
