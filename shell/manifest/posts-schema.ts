import { defineCollection, collectionOperations } from 'shared/publishing/document';
import { isSiteFilePath, richTextInput, type SanitizedHtml } from 'shared/schemas/rich-text';
import type { Schema } from 'shared/api/operation';
import { z } from 'shared/schemas/zod';
import { BLOG_PREFIX, POSTS_COLLECTION, postDefaults, postTexts } from './posts';

/**
 * The blog's posts as the publishing kit checks them (#28): the post's schema, the collection's declaration and its
 * staff operations. Apart from ./posts (what the route table and the pages read) so that no page builds these schemas
 * at start-up (#33); the panel's blog screen, the API and the server's publishing kit import them from here.
 */

const t = postTexts;

const text = (min: number, max: number, error: string) =>
  z.string({ error }).check(z.trim(), z.minLength(min, { error }), z.maxLength(max, { error }));

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * A post, with its body's schema given: the shared one reads stored text (already sanitised when it was written), the
 * server's (`shell/api/posts.ts`) puts `storedRichText` there, which sanitises what staff send.
 */
export function postSchemaWith<B extends Schema>(body: B) {
  return z.object({
    title: text(1, 120, t.title),
    slug: z.string({ error: t.slug }).check(z.trim(), z.maxLength(80, { error: t.slug }), z.regex(SLUG_PATTERN, { error: t.slug })),
    summary: text(1, 300, t.summary),
    body,
    cover: z.nullable(
      z.object({
        src: z.string({ error: t.coverSrc }).check(z.refine(isSiteFilePath, { error: t.coverSrc })),
        alt: text(1, 200, t.coverAlt),
      }),
    ),
    tags: z.array(text(2, 30, t.tag)).check(z.maxLength(8, { error: t.tags })),
    author: text(1, 80, t.author),
    /** When the post first went live (ISO): set by its publication (the kit's `firstPublished`), never by the form. */
    date: z.optional(z.iso.datetime({ offset: true })),
  });
}

/** A body as stored: the server's schema sanitised it when it was written, so reading it back keeps that promise. */
const storedBody = z.pipe(
  richTextInput.check(z.minLength(1, { error: t.body })),
  z.transform((html) => html as SanitizedHtml),
);

export const postSchema = postSchemaWith(storedBody);
export type Post = z.output<typeof postSchema>;

/** Lower case without a trailing slash, as routes match. */
const plainPath = (p: string) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p).toLowerCase();

export const postsCollection = defineCollection({
  name: POSTS_COLLECTION,
  label: 'Entradas del blog',
  schema: postSchema,
  defaults: postDefaults,
  roles: ['contenido'],
  path: '/api/site/staff/publicacion/blog',
  itemLabel: (post) => post.title,
  // A post shows its first publication's date; editing it later does not move it up the list.
  firstPublished: (post, at) => (post.date ? post : { ...post, date: at }),
  // /blog carries the cards (no bodies), /blog/<slug> its post; no other page carries any.
  browserFor: (pathname, items) => {
    const path = plainPath(pathname);
    if (path === '/blog')
      return Object.fromEntries(Object.entries(items).map(([key, post]) => [key, { ...post, body: '' as SanitizedHtml }]));
    if (!path.startsWith(BLOG_PREFIX)) return undefined;
    const slug = path.slice(BLOG_PREFIX.length);
    return Object.fromEntries(Object.entries(items).filter(([, post]) => post.slug === slug));
  },
});

export const postsOperations = collectionOperations(postsCollection);
