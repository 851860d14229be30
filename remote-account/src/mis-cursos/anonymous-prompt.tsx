import { AppLink } from 'shared/navigation';
import { useAppDispatch } from 'shared/store';
import { FormMessage } from 'shared/ui/form';
import { rememberPostLogin } from '../session/post-login';
import { misCursosTexts as t } from '../texts';

/**
 * What /mis-cursos shows without a session, or once it ended (`notice` says why): sign in or register, and come back
 * here afterwards.
 */
export function AnonymousPrompt({ notice }: { notice: string | null }) {
  const dispatch = useAppDispatch();
  const comeBack = () => rememberPostLogin(dispatch, '/mis-cursos');
  return (
    <section className="card auth-card" aria-labelledby="ingresa-mis-cursos">
      {notice ? <FormMessage kind="warning">{notice}. Ingresa de nuevo para ver tus cursos.</FormMessage> : null}
      <h2 id="ingresa-mis-cursos">{t.anonymousTitle}</h2>
      <p>{t.anonymousText}</p>
      <p className="auth-actions">
        <AppLink className="btn" to="/login" onClick={comeBack}>
          {t.loginButton}
        </AppLink>
        <AppLink className="btn btn--ghost" to="/register" onClick={comeBack}>
          {t.registerButton}
        </AppLink>
      </p>
    </section>
  );
}
