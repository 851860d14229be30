import { useCallback, useEffect, useRef, useState } from 'react';
import { colombianDate } from 'shared/format/business-days';
import { formatLongDate } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import { isSessionEnded } from 'shared/api/staff-client';
import { useSignedInCall, useSignedInDownload, type TokenSource } from 'shared/api/use-operation';
import { AppLink } from 'shared/navigation';
import type { SessionProvider } from 'shared/auth-session';
import { selectAuthNotice, selectIsAuthenticated, selectUser, signedOut, useAppDispatch, useAppSelector } from 'shared/store';
import type { CourseLink, Enrollment, EnrollmentInvoice } from './schemas';
import { FileButton, LoadFailed, Loading } from './page-parts';
import { accountOperations } from './operations';
import { statusView } from './enrollment-status';
import { identityMessages } from '../identity/errors';
import { AnonymousPrompt } from './anonymous-prompt';
import { misCursosTexts as t } from '../texts';
import { coursePageTexts } from './course-page-texts';

/** What the list shows; a list remembers whose it is (`owner`, the account's sub), and is shown only to them. */
type Load =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'expired' }
  | { state: 'done'; owner: string | undefined; enrollments: Enrollment[]; courses: CourseLink[] };

function StatusBadge({ status }: { status: string }) {
  const view = statusView(status);
  return <span className={`status status--${view.tone}`}>{view.label}</span>;
}

/** The day in Colombian time, as "2 de junio de 2025". */
const dateOf = (iso: string | null) => {
  if (!iso) return '—';
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso : formatLongDate(colombianDate(instant));
};

/** Downloads the enrolment certificate. */
function CertificateButton({ enrollment, session }: { enrollment: Enrollment; session: TokenSource }) {
  const downloadCertificate = useSignedInDownload(accountOperations.certificate, session);
  const completed = enrollment.enrollment_status === 'COMPLETED';
  return (
    <FileButton
      className="btn btn--ghost"
      busyLabel={t.certificateBusy}
      fetchFile={() => downloadCertificate({ params: { id: enrollment.id } })}
      // Once completed, the server answers the completion certificate (#31) instead of the constancia of enrolment.
      filename={completed ? `certificado-finalizacion-${enrollment.id}.pdf` : `certificado-inscripcion-${enrollment.id}.pdf`}
      label={completed ? t.completionCertificate : t.certificate}
      errorText={t.certificateError}
    />
  );
}

/** The sale's electronic invoice or its credit note (#30): number, date, CUFE (CUDE) to copy, and its PDF. */
function InvoiceDocument({
  enrollment,
  kind,
  document: shown,
  session,
}: {
  enrollment: Enrollment;
  kind: 'factura' | 'nota';
  document: EnrollmentInvoice;
  session: TokenSource;
}) {
  const downloadInvoice = useSignedInDownload(accountOperations.invoice, session);
  const invoice = kind === 'factura';
  const titleId = `${kind}-${enrollment.id}`;
  return (
    <section className="invoice-document" aria-labelledby={titleId}>
      <h3 id={titleId}>{invoice ? t.invoiceTitle(shown.number) : t.creditNoteTitle(shown.number)}</h3>
      <p className="invoice-meta">{t.issuedOn(dateOf(shown.issued_at))}</p>
      <p className="invoice-cufe">
        <small>
          {invoice ? t.cufe : t.cude}: <code translate="no">{shown.cufe}</code>
        </small>
      </p>
      <FileButton
        className="btn btn--ghost"
        busyLabel={t.certificateBusy}
        fetchFile={() => downloadInvoice({ params: { id: enrollment.id }, query: { tipo: kind } })}
        filename={`${invoice ? 'factura' : 'nota-credito'}-${shown.number}.pdf`}
        label={invoice ? t.invoiceDownload : t.creditNoteDownload}
        errorText={t.documentError}
      />
    </section>
  );
}

function EnrollmentCard({ enrollment, session }: { enrollment: Enrollment; session: TokenSource }) {
  const titleId = `curso-${enrollment.id}`;
  const approved = statusView(enrollment.payment_status).label === 'Aprobado';
  return (
    <li className="card enrolment-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{enrollment.course_name}</h2>
      <p className="module-name">
        {t.module}: {enrollment.module_name}
      </p>
      <dl className="enrolment-facts">
        <dt>{t.payment}</dt>
        <dd>
          <StatusBadge status={enrollment.payment_status} />
        </dd>
        <dt>{t.enrolment}</dt>
        <dd>
          <StatusBadge status={enrollment.enrollment_status} />
        </dd>
        <dt>{t.student}</dt>
        <dd>{[enrollment.student_name, enrollment.student_lastname].filter(Boolean).join(' ')}</dd>
        {/* The cohort's start date (#14); none for enrolments from before cohorts. */}
        {enrollment.start_date ? (
          <>
            <dt>{t.startsOn}</dt>
            <dd>{formatLongDate(enrollment.start_date)}</dd>
          </>
        ) : null}
        <dt>{t.enrolledOn}</dt>
        <dd>{dateOf(enrollment.created_at)}</dd>
        {enrollment.payment_date ? (
          <>
            <dt>{t.paidOn}</dt>
            <dd>{dateOf(enrollment.payment_date)}</dd>
          </>
        ) : null}
        <dt>{t.amount}</dt>
        <dd>{formatCOP(enrollment.transaction_amount)}</dd>
      </dl>
      {/* Its course page (#31): dates, schedule, how to join, modules, calendar. */}
      {approved || enrollment.enrollment_status === 'COMPLETED' ? (
        <p>
          <AppLink
            className="btn"
            to={`/mis-cursos/${encodeURIComponent(enrollment.id)}`}
            aria-label={coursePageTexts.viewCourseLabel(enrollment.course_name, enrollment.module_name)}
          >
            {coursePageTexts.viewCourse}
          </AppLink>
        </p>
      ) : null}
      {statusView(enrollment.payment_status).label === 'Reembolsado' ? <p className="refund-note">{t.refundedNote}</p> : null}
      {approved && enrollment.certificate_available ? <CertificateButton enrollment={enrollment} session={session} /> : null}
      {enrollment.invoice ? (
        <InvoiceDocument enrollment={enrollment} kind="factura" document={enrollment.invoice} session={session} />
      ) : approved && enrollment.invoice_in_progress ? (
        <p className="invoice-pending">{t.invoicePending}</p>
      ) : null}
      {enrollment.credit_note ? (
        <InvoiceDocument enrollment={enrollment} kind="nota" document={enrollment.credit_note} session={session} />
      ) : null}
    </li>
  );
}

/**
 * /mis-cursos's list (spec §4, §8), loaded by the page once there is a session (mis-cursos-page.tsx): the visitor's
 * approved enrolments, with their certificates and invoices, or the courses on offer when there are none.
 */
export default function EnrolmentList({ session }: { session: SessionProvider }) {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const user = useAppSelector(selectUser);
  const notice = useAppSelector(selectAuthNotice);
  const dispatch = useAppDispatch();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const listEnrollments = useSignedInCall(accountOperations.enrollments, session);

  // Each request's number: an answer that arrives after a newer request (another person signed in on this browser
  // meanwhile, or a retry) is dropped, never shown.
  const latest = useRef(0);
  const owner = user?.sub;
  const fetchEnrollments = useCallback(async () => {
    const request = ++latest.current;
    setLoad({ state: 'loading' });
    const res = await listEnrollments();
    if (request !== latest.current) return;
    // No session any more: nothing was sent.
    if (isSessionEnded(res)) {
      setLoad({ state: 'expired' });
      return;
    }
    if (res.kind === 'ok' && Array.isArray(res.data?.enrollments))
      // The courses come from the answer (the courses domain's catalogue is not the account's); a server from before they
      // were sent answers without them, and the page then links to none.
      setLoad({
        state: 'done',
        owner,
        enrollments: res.data.enrollments,
        courses: Array.isArray(res.data.courses) ? res.data.courses : [],
      });
    else if (res.kind === 'error' && res.status === 401) {
      // The server refused a token the browser still held: end the session here too, saying why.
      dispatch(signedOut(identityMessages.sessionExpired));
      void session.logout();
      setLoad({ state: 'expired' });
    } else setLoad({ state: 'error' });
  }, [session, dispatch, listEnrollments, owner]);

  useEffect(() => {
    if (isAuthenticated) void fetchEnrollments();
    // Signed out: whatever is still on its way belonged to the person who left.
    else latest.current += 1;
  }, [isAuthenticated, user?.sub, fetchEnrollments]);

  if (!isAuthenticated || load.state === 'expired')
    return <AnonymousPrompt notice={notice ?? (load.state === 'expired' ? 'Sesión expirada' : null)} />;
  if (load.state === 'loading' || (load.state === 'done' && load.owner !== owner))
    // Another person's list (they signed out and this one signed in before the new list came) is never shown.
    return <Loading text={t.loading} />;
  if (load.state === 'error') return <LoadFailed text={t.loadError} retry={t.retry} onRetry={() => void fetchEnrollments()} />;
  if (load.enrollments.length === 0)
    return (
      <section className="card" aria-labelledby="sin-cursos">
        <h2 id="sin-cursos">{t.emptyTitle}</h2>
        <p>{t.emptyText}</p>
        <ul className="course-links">
          {load.courses.map((course) => (
            <li key={course.url}>
              <AppLink className="btn btn--ghost" to={course.url}>
                {course.title}
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
    );
  return (
    <>
      <p className="lead" role="status">
        {t.count(load.enrollments.length)}
      </p>
      <ul className="enrolment-list">
        {load.enrollments.map((enrollment) => (
          <EnrollmentCard key={enrollment.id} enrollment={enrollment} session={session} />
        ))}
      </ul>
    </>
  );
}
