import { ApiError } from 'shared/server/http';
import { collectionItems } from 'shared/server/publishing/revisions';
import { collectionRoutes } from 'shared/server/publishing/routes';
import { storedRichText } from 'shared/server/rich-text';
import { z } from 'shared/schemas/zod';
import { postTexts } from '../manifest/posts';
import { postSchemaWith, postsCollection } from '../manifest/posts-schema';

/**
 * The blog's staff API (#28): the kit's collection routes with the server's schema, whose body goes through the
 * sanitiser before it is stored (what is stored is what every page shows), and a check that no two posts share an
 * address.
 */
const serverPostSchema = z.pipe(
  postSchemaWith(storedRichText.check(z.minLength(1, { error: postTexts.body }))),
  // A post's date is when it first went live (the kit's firstPublished), never what a request says (security review #28).
  z.transform(({ date: _date, ...post }) => post),
);

export const postRoutes = collectionRoutes(
  { ...postsCollection, schema: serverPostSchema as unknown as typeof postsCollection.schema },
  {
    async check(post, ctx, key) {
      // Every post but this one, archived ones included (publishing one again must not take another's address), by
      // every address it shows, will show or is being written with: a draft moving a live post's address leaves the
      // live one taken.
      const others = (await collectionItems(ctx.db, postsCollection)).filter((item) => item.key !== key);
      if (others.some((item) => item.body.slug === post.slug || item.bodies.some((b) => b.slug === post.slug)))
        throw new ApiError(400, 'validation_error', postTexts.slugTaken, { slug: postTexts.slugTaken });
    },
  },
);
