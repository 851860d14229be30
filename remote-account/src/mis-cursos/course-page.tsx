import '../state/account-ui-slice';
import '../account.css';
import './course-page.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatLongDate } from 'shared/format/dates';
import { isSessionEnded } from 'shared/api/staff-client';
import { useSignedInCall, useSignedInDownload } from 'shared/api/use-operation';
import { AppLink, useNavigation } from 'shared/navigation';
import { selectIsAuthenticated, selectUser, signedOut, useAppDispatch, useAppSelector } from 'shared/store';
import { FormMessage } from 'shared/ui/form';
import { FileButton, LoadFailed, Loading } from './page-parts';
import { PageFrame } from 'shared/ui/page-frame';
import { coursePageOperations as ops } from './course-page-operations';
import { moduleStateLabels, type CoursePage, type ModuleState } from './course-page-schemas';
import { coursePageTexts as t } from './course-page-texts';
import { identityMessages } from '../identity/errors';
import { rememberPostLogin } from '../session/post-login';
import { useAccountSession } from '../session/use-account-session';

/** The course's address: /mis-cursos/<reference>. */
export const COURSE_PAGE_PREFIX = '/mis-cursos/';

/** The enrolment's reference in the address, as Mis Cursos wrote it (references keep their letter case). */
function referenceOf(pathname: string): string {
  if (!pathname.toLowerCase().startsWith(COURSE_PAGE_PREFIX)) return '';
  const raw = pathname.slice(COURSE_PAGE_PREFIX.length).replace(/\/$/, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

type Load =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'missing'; message: string }
  | { state: 'expired' }
  | { state: 'done'; owner: string | undefined; page: CoursePage };

/** The badges Mis Cursos uses (account.css). */
const tone: Record<ModuleState, string> = { por_iniciar: 'neutral', en_curso: 'warning', completado: 'success', no_incluido: 'neutral' };

/** "PDF, 1,2 MB": what a material's file is, for its button's hint. */
function fileFacts(kind: string | null, size: number | null): string {
  const kindName = kind ? (t.fileKinds[kind] ?? kind.toUpperCase()) : '';
  if (size === null) return kindName;
  const mb = size / (1024 * 1024);
  const amount = mb >= 1 ? `${mb.toFixed(1).replace('.', ',')} MB` : `${Math.max(1, Math.round(size / 1024))} KB`;
  return kindName ? `${kindName}, ${amount}` : amount;
}

type Module = CoursePage['modules'][number];

/** A module's materials: files to download with the session, links to open. */
function Materials({ module, fetchMaterial }: { module: Module; fetchMaterial: (id: string) => Promise<Blob | null> }) {
  if (!module.materials.length) return null;
  return (
    <ul className="course-materials" aria-label={t.materialsOf(module.name)}>
      {module.materials.map((m) => (
        <li key={m.id}>
          {m.kind === 'link' && m.url ? (
            <>
              <a href={m.url} target="_blank" rel="noopener noreferrer">
                {m.title}
              </a>{' '}
              <small>{t.externalLink}</small>
            </>
          ) : (
            <>
              <FileButton
                fetchFile={() => fetchMaterial(m.id)}
                filename={m.file_name ?? m.title}
                label={t.downloadMaterial(m.title)}
                busyLabel={t.materialBusy}
                errorText={t.materialError}
                className="btn btn--ghost"
              />
              <small>{fileFacts(m.file_kind, m.file_size)}</small>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function CourseDetails({
  page,
  fetchCalendar,
  fetchMaterial,
}: {
  page: CoursePage;
  fetchCalendar: () => Promise<Blob | null>;
  fetchMaterial: (id: string) => Promise<Blob | null>;
}) {
  return (
    <div className="course-page">
      <p className="module-name">
        {t.module}: {page.module_name}
      </p>
      <section className="card" aria-labelledby="curso-fechas">
        <h2 id="curso-fechas">{t.datesTitle}</h2>
        <dl className="enrolment-facts">
          <dt>{t.startsOn}</dt>
          <dd>{page.start_date ? formatLongDate(page.start_date) : t.notSet}</dd>
          <dt>{t.endsOn}</dt>
          <dd>{page.end_date ? formatLongDate(page.end_date) : t.notSet}</dd>
          <dt>{t.schedule}</dt>
          <dd>{page.schedule ?? t.notSet}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="curso-unirse">
        <h2 id="curso-unirse">{t.joinTitle}</h2>
        {page.join_url ? (
          <p>
            <a className="btn btn--ghost" href={page.join_url} target="_blank" rel="noopener noreferrer">
              {t.joinLink}
            </a>{' '}
            <span className="course-page__url">{page.join_url}</span>
            <br />
            <small>{t.joinLinkNote}</small>
          </p>
        ) : null}
        {page.join_place ? (
          <dl className="enrolment-facts">
            <dt>{t.joinPlace}</dt>
            <dd>{page.join_place}</dd>
          </dl>
        ) : null}
        {!page.join_url && !page.join_place ? <p>{t.joinNotSet}</p> : null}
      </section>
      <section className="card" aria-labelledby="curso-modulos">
        <h2 id="curso-modulos">{t.modulesTitle}</h2>
        <ul className="course-modules">
          {page.modules.map((m) => (
            <li key={m.number}>
              <span>{m.name}</span>: <span className={`status status--${tone[m.state]}`}>{moduleStateLabels[m.state]}</span>
              <Materials module={m} fetchMaterial={fetchMaterial} />
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="curso-calendario">
        <h2 id="curso-calendario">{t.calendarTitle}</h2>
        {page.calendar_available ? (
          <>
            <p>{t.calendarText}</p>
            <FileButton
              fetchFile={fetchCalendar}
              filename={`curso-${page.id}.ics`}
              label={t.calendarButton}
              busyLabel={t.calendarBusy}
              errorText={t.calendarError}
            />
          </>
        ) : (
          <p>{t.calendarLater}</p>
        )}
      </section>
    </div>
  );
}

/** Someone's own course, fetched with their session, which the server cannot know: left to the browser. */
export const serverRender = false;

/**
 * /mis-cursos/<reference> (#31): one of the signed-in student's courses: its dates and weekly schedule, how to join, the
 * state of each module with the materials the staff attached to it, and its classes as a calendar. The API answers only the enrolment's owner.
 */
export default function MyCoursePage() {
  const { pathname } = useNavigation();
  const reference = referenceOf(pathname);
  const session = useAccountSession();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const readPage = useSignedInCall(ops.coursePage, session);
  const downloadCalendar = useSignedInDownload(ops.calendar, session);
  const downloadMaterial = useSignedInDownload(ops.material, session);
  const latest = useRef(0);
  const owner = user?.sub;

  const fetchPage = useCallback(async () => {
    const request = ++latest.current;
    setLoad({ state: 'loading' });
    const res = await readPage({ params: { id: reference } });
    if (request !== latest.current) return;
    if (isSessionEnded(res)) return setLoad({ state: 'expired' });
    if (res.kind === 'ok') return setLoad({ state: 'done', owner, page: res.data });
    if (res.kind === 'error' && res.status === 401) {
      dispatch(signedOut(identityMessages.sessionExpired));
      void session.logout();
      return setLoad({ state: 'expired' });
    }
    if (res.kind === 'error' && (res.status === 404 || res.status === 400)) return setLoad({ state: 'missing', message: t.notFound });
    setLoad({ state: 'error' });
  }, [readPage, reference, owner, dispatch, session]);

  useEffect(() => {
    if (isAuthenticated && reference) void fetchPage();
    else latest.current += 1;
  }, [isAuthenticated, owner, reference, fetchPage]);

  let body;
  let title: string = t.fallbackTitle;
  if (!isAuthenticated || load.state === 'expired') {
    body = (
      <section className="card auth-card" aria-labelledby="ingresa-curso">
        <h2 id="ingresa-curso">{t.anonymousTitle}</h2>
        <p>{t.anonymousText}</p>
        <p className="auth-actions">
          <AppLink className="btn" to="/login" onClick={() => rememberPostLogin(dispatch, pathname)}>
            {t.loginButton}
          </AppLink>
        </p>
      </section>
    );
  } else if (!reference || load.state === 'missing') {
    body = <FormMessage kind="error">{t.notFound}</FormMessage>;
  } else if (load.state === 'loading' || (load.state === 'done' && load.owner !== owner)) {
    body = <Loading text={t.loading} />;
  } else if (load.state === 'error') {
    body = <LoadFailed text={t.loadError} retry={t.retry} onRetry={() => void fetchPage()} />;
  } else {
    title = load.page.course_name;
    body = (
      <CourseDetails
        page={load.page}
        fetchCalendar={() => downloadCalendar({ params: { id: reference } })}
        fetchMaterial={(material) => downloadMaterial({ params: { id: reference, material } })}
      />
    );
  }

  return (
    <PageFrame
      title={title}
      intro={
        <nav aria-label="Tu cuenta">
          <p>
            <AppLink to="/mis-cursos">{t.back}</AppLink>
          </p>
        </nav>
      }
    >
      {body}
    </PageFrame>
  );
}
