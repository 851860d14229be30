import { formatLongDate } from 'shared/format/dates';
import type { Post } from '../../manifest/posts';

/** Lower case without accents, so "tecnologia" finds "Tecnología". */
export function normaliseSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** Posts whose title, summary, tags or author contain every word of the query. */
export function searchPosts(posts: readonly Post[], query: string): Post[] {
  const words = normaliseSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...posts];
  return posts.filter((p) => {
    const haystack = normaliseSearch([p.title, p.summary, p.author, ...p.tags].join(' '));
    return words.every((w) => haystack.includes(w));
  });
}

/** A post's date (its first publication, an instant) as the day it was in Colombia: "3 de noviembre de 2026". */
export function postDay(iso: string): { label: string; dateTime: string } {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return { label: '', dateTime: '' };
  const local = new Date(t - 5 * 3600_000).toISOString().slice(0, 10);
  return { label: formatLongDate(local), dateTime: local };
}
