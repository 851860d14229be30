import type { FastifyPluginAsync } from 'fastify';
import { colombianDate } from 'shared/format/business-days';
import type { ApiContext } from 'shared/server/api-contract';
import { publicWrite } from 'shared/server/api-module';
import { ApiError } from 'shared/server/http';
import { route } from 'shared/server/operation-routes';
import { certificateOperations } from '../operations';
import { certificateTexts, verificationCodePattern, type VerificationResponse } from '../schemas';

/**
 * GET /api/courses/verificar/:code (#31): anyone holding a certificate's code learns whether it is genuine and still
 * valid, and nothing else of the student: their name, the course, the date, the number, the state (with the date it
 * was voided, never why). An unknown code and a malformed one get the same 404; the route is rate-limited per address
 * like the site's other public requests, and 160-bit codes make guessing pointless.
 */
export const certificateVerificationRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  route(
    app,
    certificateOperations.verifyCertificate,
    async (request, reply): Promise<VerificationResponse> => {
      // No cache anywhere: a voided certificate must show as voided at once.
      reply.header('cache-control', 'no-store');
      const { code } = request.params;
      const notFound = new ApiError(404, 'not_found', certificateTexts.notFound);
      if (!verificationCodePattern.test(code)) throw notFound;
      const c = await ctx.db
        .selectFrom('courses.completion_certificates')
        .select(['student_name', 'course_title', 'completed_on', 'number', 'voided_at'])
        .where('verification_code', '=', code)
        .executeTakeFirst();
      // A certificate whose name an erasure blanked no longer says whose it is.
      if (!c || !c.student_name.trim()) throw notFound;
      return {
        name: c.student_name,
        course: c.course_title,
        completedOn: c.completed_on,
        number: c.number,
        state: c.voided_at ? 'anulado' : 'valido',
        voidedOn: c.voided_at ? colombianDate(new Date(c.voided_at)) : null,
      };
    },
    { config: publicWrite(ctx.settings) },
  );
};
