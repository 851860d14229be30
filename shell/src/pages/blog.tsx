import { useId, useState } from 'react';
import { AppLink } from 'shared/navigation';
import { PageFrame } from 'shared/ui/page-frame';
import { blogPosts, searchPosts, type BlogPost } from '../content/blog';
import { Icon } from '../layout/icons';

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

function PostCard({ post, likes, onLike }: { post: BlogPost; likes: number; onLike: () => void }) {
  return (
    <li className="card post-card" data-post={post.id}>
      <p className="post-meta">
        <time dateTime={post.isoDate}>{post.date}</time>
      </p>
      <h2 className="post-title">{post.title}</h2>
      <p>{post.summary}</p>
      <div className="post-actions">
        <AppLink className="btn btn--ghost" to={post.to}>
          Leer más<span className="visually-hidden">: {post.title}</span>
        </AppLink>
        <LikeButton title={post.title} likes={likes} onLike={onLike} />
      </div>
    </li>
  );
}

/** Blog: a search box that filters the cards as the visitor types. */
export default function BlogPage() {
  const [query, setQuery] = useState('');
  const inputId = useId();
  // Kept here, not in each card, so a card hidden by the search keeps its count when it comes back.
  const [likes, setLikes] = useState<Record<string, number>>({});
  const like = (id: string) => setLikes((all) => ({ ...all, [id]: (all[id] ?? 0) + 1 }));
  const results = searchPosts(blogPosts, query);
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
            <PostCard key={p.id} post={p} likes={likes[p.id] ?? 0} onLike={() => like(p.id)} />
          ))}
        </ul>
      ) : (
        <p className="empty-state">No encontramos artículos con esas palabras. Prueba con otra búsqueda.</p>
      )}
    </PageFrame>
  );
}
