import type { Post } from '../../manifest/posts';
import { RichText } from 'shared/ui/rich-text';
import { AppLink } from 'shared/navigation';
import { postDay } from '../content/blog';

/**
 * A post as visitors read it (/blog/<slug>), and as the panel previews it before publishing: the same markup, so the
 * preview is what the page will show. In a preview the title is an h2, inside the panel's own outline.
 */
export function PostView({ post, preview = false }: { post: Post; preview?: boolean }) {
  const day = post.date ? postDay(post.date) : null;
  const Title = preview ? 'h2' : 'h1';
  return (
    <>
      <header className="page-hero article-hero">
        <div className="container container--narrow">
          <p className="eyebrow">
            Blog
            {day?.label ? (
              <>
                {' · '}
                <time dateTime={day.dateTime}>{day.label}</time>
              </>
            ) : null}
            {' · '}
            {post.author}
          </p>
          <Title>{post.title}</Title>
          <p>{post.summary}</p>
        </div>
      </header>
      <article className="container container--narrow page article">
        {post.cover ? <img className="post-cover" src={post.cover.src} alt={post.cover.alt} /> : null}
        <RichText html={post.body} />
        {post.tags.length ? (
          <ul className="post-tags" aria-label="Etiquetas">
            {post.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        ) : null}
        {preview ? null : (
          <p>
            <AppLink className="btn btn--ghost" to="/blog">
              Volver al blog
            </AppLink>
          </p>
        )}
      </article>
    </>
  );
}
