import '../state/account-ui-slice';
import '../account.css';
import { lazy, Suspense } from 'react';
import { selectAuthNotice, selectIsAuthenticated, useAppSelector } from 'shared/store';
import { PageFrame } from 'shared/ui/page-frame';
import { AppLink } from 'shared/navigation';
import { AnonymousPrompt } from './anonymous-prompt';
import { Loading } from './page-parts';
import { useAccountSession } from '../session/use-account-session';
import { misCursosTexts as t } from '../texts';

/**
 * The signed-in visitor's list is its own chunk (#33), fetched when the page renders with a session: it holds the
 * account operations' declarations, whose schemas are built with zod (~10 KB gz) though the browser never parses an
 * answer with them, and the cards, invoices and certificates. A visitor without a session downloads none of it.
 */
const EnrolmentList = lazy(() => import('./enrolment-list'));

/**
 * The page is someone's own courses, fetched with their session, which the server cannot know: the gateway leaves this
 * screen to the browser (header and footer still come rendered).
 */
export const serverRender = false;

/** /mis-cursos (spec §2, §4, §8): the signed-in visitor's approved enrolments, with their certificates. */
export default function MisCursosPage() {
  const session = useAccountSession();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const notice = useAppSelector(selectAuthNotice);

  return (
    <PageFrame
      title={t.title}
      intro={
        <>
          <p>{t.intro}</p>
          <nav aria-label={t.accountNav}>
            <p>
              <AppLink to="/mis-donaciones">{t.donationsLink}</AppLink>: {t.donationsHint}.
            </p>
          </nav>
        </>
      }
    >
      {isAuthenticated ? (
        // While the list's code arrives the visitor reads the list's own loading line.
        <Suspense fallback={<Loading text={t.loading} />}>
          <EnrolmentList session={session} />
        </Suspense>
      ) : (
        <AnonymousPrompt notice={notice} />
      )}
    </PageFrame>
  );
}
