import '../account.css';
import './staff.css';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSignedInCall } from 'shared/api/use-operation';
import { logoutSession } from 'shared/auth-session';
import { useNavigation } from 'shared/navigation';
import { type StaffMeResponse } from './schemas';
import { StaffSessionContext, type StaffSession } from 'shared/staff-session';
import { FormMessage } from 'shared/ui/form';
import { accountStaffOperations } from './operations';
import { LinkButton } from '../components/account-form';
import { ForgotPasswordForm, ResetPasswordForm } from '../components/password-reset';
import { StepHeading } from '../components/step-heading';
import { identityMessages } from '../identity/errors';
import { emailOfToken, heldToken } from './gate-token';
import { INVITATION_PATH, InvitationStep, invitationTokenInAddress } from './invitation-step';
import { confirmForgotPassword, currentSession, forgotPassword, login, logout, type LoginResult } from './staff-identity';
import { gateTexts as t } from './gate-texts';
import { NewPasswordStep, SignInForm, SignOutButton, TotpStep } from './staff-gate-steps';

const loadTotpSetup = () => import('./totp-setup');
const TotpSetup = lazy(loadTotpSetup);

type Stage =
  | { kind: 'checking' }
  | { kind: 'signIn'; notice: { text: string; kind: 'success' | 'warning' } | null; email: string; focus: boolean }
  | { kind: 'newPassword'; email: string }
  | { kind: 'forgot'; email: string }
  | { kind: 'reset'; email: string }
  | { kind: 'totp'; email: string }
  | { kind: 'setup'; email: string }
  | { kind: 'invitation'; token: string | null }
  | { kind: 'notStaff'; email: string | null }
  | { kind: 'suspended'; message: string }
  | { kind: 'unavailable'; message: string }
  | { kind: 'in'; me: StaffMeResponse };

/**
 * The panel's door (`account/StaffGate`): staff sign-in with password and authenticator code on the account remote's
 * identity client, an invited member's new password, the authenticator's setup on the first visit, and "this account
 * is not on the team". Once the API confirms a member, it provides the staff session around `children`. The server
 * checks every staff call on its own; this only decides what to show.
 */
export default function StaffGate({ children }: { children?: ReactNode }) {
  const held = useMemo(heldToken, []);
  const getMe = useSignedInCall(accountStaffOperations.me, held);
  const { pathname, navigate } = useNavigation();
  const invited = pathname.replace(/\/+$/, '') === INVITATION_PATH;
  const [stage, setStage] = useState<Stage>(() =>
    invited ? { kind: 'invitation', token: invitationTokenInAddress() } : { kind: 'checking' },
  );
  const run = useRef(0);

  const signInAgain = useCallback((notice: Extract<Stage, { kind: 'signIn' }>['notice'], email = '', focus = true) => {
    setStage({ kind: 'signIn', notice, email, focus });
  }, []);

  /**
   * Asks the API who the signed-in user is, and shows what comes next. `email` is who just signed in (null when the
   * gate opens or retries); the sign-in form of a gate just opened keeps the page's reading order, later steps take focus.
   */
  const enter = useCallback(
    async (email: string | null = null, opening = false, afterSetup = false) => {
      const id = ++run.current;
      const latest = () => id === run.current;
      const session = await currentSession();
      if (!latest()) return;
      if (session.status === 'none' || session.status === 'expired') {
        signInAgain(email ? { text: t.sessionEnded, kind: 'warning' } : null, email ?? '', !opening);
        return;
      }
      if (session.status === 'unavailable') {
        setStage({ kind: 'unavailable', message: identityMessages.network });
        return;
      }
      held.current = session.idToken;
      const answer = await getMe();
      // Held for that one call only: nothing keeps the token after it (a sign-out must leave none behind).
      held.current = null;
      if (!latest()) return;
      if (answer.kind === 'error' && answer.error === 'sign_in_again') {
        // The server ended every session of the account (a second factor just set up, an invitation accepted): this
        // device's tokens are among them.
        await logout();
        if (latest())
          signInAgain({ text: afterSetup ? t.secondFactorReady : t.signInAgain, kind: afterSetup ? 'success' : 'warning' }, email ?? '');
        return;
      }
      if (answer.kind === 'error' && answer.error === 'email_changed') {
        setStage({ kind: 'suspended', message: answer.message ?? t.notStaffTitle });
        return;
      }
      if (answer.kind === 'ok') {
        setStage(answer.data.totp ? { kind: 'in', me: answer.data } : { kind: 'setup', email: answer.data.email });
      } else if (answer.kind === 'error' && answer.status === 401) {
        signInAgain({ text: t.sessionEnded, kind: 'warning' }, email ?? '');
      } else if (answer.kind === 'error' && answer.error === 'second_factor_required') {
        setStage({ kind: 'setup', email: email ?? emailOfToken(session.idToken) ?? '' });
      } else if (answer.kind === 'error' && answer.status === 403) {
        setStage({ kind: 'notStaff', email: emailOfToken(session.idToken) ?? email });
      } else {
        setStage({ kind: 'unavailable', message: answer.kind === 'error' && answer.message ? answer.message : identityMessages.network });
      }
    },
    [getMe, held, signInAgain],
  );

  useEffect(() => {
    if (!invited) void enter(null, true);
    // Only when the gate opens: an accepted invitation goes on through its own steps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enter]);

  // A member who came in through an invitation lands on the panel's home, not on the spent link's page.
  useEffect(() => {
    if (stage.kind === 'in' && invited) navigate('/equipo', { replace: true });
  }, [invited, navigate, stage.kind]);

  /** Signs out like the site's own "Cerrar sesión": the provider's refresh token, this device's tokens and user record. */
  const signOut = useCallback(async () => {
    run.current++;
    await logoutSession();
    await logout();
    signInAgain({ text: t.signedOut, kind: 'success' });
  }, [signInAgain]);

  const me = stage.kind === 'in' ? stage.me : null;
  const session = useMemo<StaffSession | null>(
    () =>
      me && {
        email: me.email,
        name: me.name,
        roles: me.roles,
        admin: me.admin,
        async getIdToken() {
          const state = await currentSession();
          if (state.status === 'valid') return state.idToken;
          if (state.status === 'none' || state.status === 'expired') signInAgain({ text: t.sessionEnded, kind: 'warning' }, me.email);
          return null;
        },
        signOut,
      },
    [me, signInAgain, signOut],
  );

  if (session && !invited) return <StaffSessionContext.Provider value={session}>{children}</StaffSessionContext.Provider>;

  let step: ReactNode;
  const restart = (email: string) => (notice?: string) => signInAgain(notice ? { text: notice, kind: 'warning' } : null, email);
  const afterLogin = (result: LoginResult, email: string) => {
    if (result.success) void enter(email);
    else if (result.needsNewPassword) setStage({ kind: 'newPassword', email });
    else if (result.needsTotp) setStage({ kind: 'totp', email });
    else if (result.needsTotpSetup) setStage({ kind: 'setup', email });
  };
  switch (stage.kind) {
    case 'checking':
      step = (
        <p role="status" className="staff-door__status">
          {t.checking}
        </p>
      );
      break;
    case 'signIn':
      step = (
        <SignInForm
          email={stage.email}
          notice={stage.notice}
          focus={stage.focus}
          onAnswer={afterLogin}
          onForgot={(email) => setStage({ kind: 'forgot', email })}
        />
      );
      break;
    case 'forgot':
      // The same answer for any address (uniform): the panel's door never says who has an account or is on the team.
      step = (
        <ForgotPasswordForm
          email={stage.email}
          headingId="staff-recuperar"
          texts={{ title: t.forgotTitle, intro: t.forgotIntro, submit: t.forgotSubmit, back: t.backToSignIn }}
          uniform
          request={forgotPassword}
          onSent={(email) => setStage({ kind: 'reset', email })}
          onCancel={() => signInAgain(null, stage.email)}
        />
      );
      break;
    case 'reset':
      // After the new password the member signs in with it and the authenticator's code, as always. The account's
      // change ends the panel's earlier sessions: the directory sees it on the next staff call (changedAt after the
      // recorded set-up), signs the account out everywhere and moves sessions_since.
      step = (
        <ResetPasswordForm
          email={stage.email}
          headingId="staff-restablecer"
          texts={{ title: t.resetTitle, intro: t.resetIntro(stage.email), submit: t.resetSubmit, back: t.backToSignIn }}
          uniform
          confirm={confirmForgotPassword}
          onDone={() => signInAgain({ text: t.resetDone, kind: 'success' }, stage.email)}
          onCancel={() => signInAgain(null, stage.email)}
        />
      );
      break;
    case 'newPassword':
      step = <NewPasswordStep email={stage.email} onAnswer={(r) => afterLogin(r, stage.email)} onRestart={restart(stage.email)} />;
      break;
    case 'totp':
      step = <TotpStep onSignedIn={() => void enter(stage.email)} onRestart={restart(stage.email)} />;
      break;
    case 'invitation':
      step = (
        <InvitationStep
          token={stage.token}
          onAccepted={(email, password) =>
            void login(email, password).then((result) => {
              if (result.success || result.needsTotp || result.needsTotpSetup || result.needsNewPassword) afterLogin(result, email);
              else signInAgain({ text: t.invitationAccepted, kind: 'success' }, email);
            })
          }
        />
      );
      break;
    case 'setup':
      step = (
        <Suspense
          fallback={
            <p role="status" className="staff-door__status">
              {t.setupLoading}
            </p>
          }
        >
          <TotpSetup email={stage.email} onDone={() => void enter(stage.email, false, true)} onRestart={restart(stage.email)} />
          <p className="staff-door__aside">
            <LinkButton onClick={() => void signOut()}>{t.signOut}</LinkButton>
          </p>
        </Suspense>
      );
      break;
    case 'notStaff':
      step = (
        <div className="form">
          <StepHeading id="staff-no-equipo">{t.notStaffTitle}</StepHeading>
          <p>{t.notStaffIntro(stage.email)}</p>
          <div className="auth-actions">
            <SignOutButton onSignOut={signOut} />
          </div>
        </div>
      );
      break;
    case 'suspended':
      step = (
        <div className="form">
          <StepHeading id="staff-suspendido">{t.emailChangedTitle}</StepHeading>
          <FormMessage kind="warning">{stage.message}</FormMessage>
          <div className="auth-actions">
            <SignOutButton onSignOut={signOut} />
          </div>
        </div>
      );
      break;
    case 'unavailable':
      step = (
        <div className="form">
          <StepHeading id="staff-sin-servicio">{t.unavailableTitle}</StepHeading>
          <FormMessage kind="error">{stage.message}</FormMessage>
          <div className="auth-actions">
            <button type="button" className="btn" onClick={() => void enter()}>
              {t.retry}
            </button>
            <LinkButton onClick={() => void signOut()}>{t.signOut}</LinkButton>
          </div>
        </div>
      );
      break;
  }
  return (
    <main id="contenido" className="staff-door" tabIndex={-1}>
      <div className="staff-door__card card">
        <h1>{t.title}</h1>
        <p className="staff-door__intro">{t.intro}</p>
        {step}
      </div>
    </main>
  );
}
