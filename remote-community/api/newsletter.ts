import type { FastifyPluginAsync } from 'fastify';
import { newsletterResponseSchema, type NewsletterResponse } from 'shared/schemas/community-api';
import { newsletterSchema, newsletterTexts, type NewsletterInput } from 'shared/schemas/newsletter';
import { publicWrite } from 'shared/server/api-module';
import { zodResponse, zodSchema } from 'shared/server/http';
import type { CommunityContext } from './acknowledge';

const answer = zodResponse(newsletterResponseSchema);

/** POST /newsletter/subscribe: stores a subscription once; a repeat is a success, not a duplicate. */
export const newsletterRoutes: FastifyPluginAsync<CommunityContext> = async (app, ctx) => {
  app.post<{ Body: NewsletterInput; Reply: NewsletterResponse }>(
    '/newsletter/subscribe',
    {
      config: publicWrite(ctx.settings),
      schema: {
        tags: ['community'],
        summary: 'Suscribir un correo al boletín',
        body: zodSchema(newsletterSchema),
        response: { 200: answer, 201: answer },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const inserted = await ctx.db
        .insertInto('community.newsletter_subscriptions')
        .values({ email })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning(['id', 'created_at'])
        .executeTakeFirst();
      if (!inserted) return reply.status(200).send({ success: true, alreadySubscribed: true, message: newsletterTexts.alreadySubscribed });
      await ctx.acknowledge({ kind: 'newsletter', to: email, date: new Date(inserted.created_at) }, request.log);
      return reply.status(201).send({ success: true, alreadySubscribed: false, message: newsletterTexts.subscribed });
    },
  );
};
