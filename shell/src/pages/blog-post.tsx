import { useEffect } from 'react';
import { livePost } from '../../manifest/posts';
import { PageLoading } from './page-loading';
import { NotFound } from './not-found';
import { PostView } from './post-view';

/**
 * A live post at /blog/<slug> (#28), rendered on the server. A visitor who came by client navigation has a page that
 * did not carry this post (each page carries only what it shows): the browser then loads it from the server.
 */
export default function BlogPostPage({ slug = '' }: Record<string, string>) {
  const post = livePost(slug);
  useEffect(() => {
    if (post === null) window.location.reload();
  }, [post]);
  if (post === null) return <PageLoading />;
  if (!post) return <NotFound />;
  return <PostView post={post} />;
}
