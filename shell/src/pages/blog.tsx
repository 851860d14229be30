import { useEffect, useId, useState } from 'react';
import { AppLink, useNavigation } from 'shared/navigation';
import { PageFrame } from 'shared/ui/page-frame';
import { BLOG_PREFIX, livePosts, type Post } from '../../manifest/posts';
import { postDay, searchPosts } from '../content/blog';
import { Icon } from '../layout/icons';
import { PageLoading } from './page-loading';

/** Likes count up locally with no limit and are not stored (spec §2 Blog listing). */
function LikeButton({ title, likes, onLike }: { title: string; likes: number; onLike: () => void }) {
  return (
    <button type="button" className="like-btn" onClick={onLike}>
      <Icon name="heart" size={20} />
      Me gusta <span className="like-count">{likes}</span>
      <span className="visually-hidden">: {title}</span>
    </button>
  );
}

function PostCard({ post, likes, onLike }: { post: Post; likes: number; onLike: () => void }) {
  const day = post.date ? postDay(post.date) : null;
  return (
    <li className="card post-card" data-post={post.slug}>
      {post.cover ? <img className="post-card__cover" src={post.cover.src} alt={post.cover.alt} loading="lazy" /> : null}
      <p className="post-meta">
        {day?.label ? <time dateTime={day.dateTime}>{day.label}</time> : null}
        {day?.label ? ' · ' : null}
        {post.author}
      </p>
      <h2 className="post-title">{post.title}</h2>
      <p>{post.summary}</p>
      <div className="post-actions">
        <AppLink className="btn btn--ghost" to={`${BLOG_PREFIX}${post.slug}`}>
          Leer más<span className="visually-hidden">: {post.title}</span>
        </AppLink>
        <LikeButton title={post.title} likes={likes} onLike={onLike} />
      </div>
    </li>
  );
}

/**
 * Blog: the live posts, newest first (#28: what Contenido published, rendered on the server), and a search box that
 * filters the cards as the visitor types. A visitor who came by client navigation from a page that did not carry the
 * cards gets the page from the server.
 */
export default function BlogPage() {
  const { pathname } = useNavigation();
  const posts = livePosts(pathname);
  useEffect(() => {
    if (posts === null) window.location.reload();
  }, [posts]);
  if (posts === null) return <PageLoading />;
  return <BlogList posts={posts} />;
}

function BlogList({ posts }: { posts: readonly Post[] }) {
  const [query, setQuery] = useState('');
  const inputId = useId();
  // Kept here, not in each card, so a card hidden by the search keeps its count when it comes back.
  const [likes, setLikes] = useState<Record<string, number>>({});
  const like = (id: string) => setLikes((all) => ({ ...all, [id]: (all[id] ?? 0) + 1 }));
  const results = searchPosts(posts, query);
  return (
    <PageFrame title="Blog" intro={<p>Artículos sobre tecnología, empleo y formación para el futuro.</p>}>
      <form role="search" onSubmit={(e) => e.preventDefault()} className="field blog-search">
        <label htmlFor={inputId}>Buscar artículos</label>
        <input
          id={inputId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Ej.: empleo, Excel, becas"
        />
      </form>
      <p className="search-status" role="status">
        {query.trim() ? `${results.length} ${results.length === 1 ? 'artículo encontrado' : 'artículos encontrados'}` : ''}
      </p>
      {results.length ? (
        <ul className="grid card-list posts">
          {results.map((p) => (
            <PostCard key={p.slug} post={p} likes={likes[p.slug] ?? 0} onLike={() => like(p.slug)} />
          ))}
        </ul>
      ) : (
        <p className="empty-state">No encontramos artículos con esas palabras. Prueba con otra búsqueda.</p>
      )}
    </PageFrame>
  );
}
