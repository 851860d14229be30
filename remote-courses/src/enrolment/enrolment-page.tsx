import { AuthorizationText } from 'shared/ui/consent';
import '../state/enrolment-slice';
import '../courses.css';
import { useEffect, useState } from 'react';
import { useOperationCaller } from 'shared/api/use-operation';
import { useVisitorOperationCaller } from 'shared/api/use-visitor-operation';
import { courseBySlug, enrolmentOptions, FULL_COURSE, moduleRequirementNote, type Course, type CourseSlug } from '../../manifest/catalogue';
import { formatLongDate } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import { AppLink } from 'shared/navigation';
import { documentTypes, educationLevels, occupations } from 'shared/schemas/common';
import { enrolmentTexts } from './form-texts';
import type { enrolmentSchema, EnrolmentInput } from './schemas';
import { buyerInvoiceTexts as invoiceTexts } from '../invoicing/buyer-texts';
import { selectIsAuthenticated, selectUser, useAppDispatch, useAppSelector, type AuthUser } from 'shared/store';
import { CheckboxField, FormMessage, SelectField, SubmitButton, TextField } from 'shared/ui/form';
import { PageFrame } from 'shared/ui/page-frame';
import { failed, FailureNote, fieldsOf, sent, SubmissionForm, useFormSubmission, withHoneypot } from 'shared/ui/submission-form';
import { useLazyZodForm } from 'shared/ui/use-zod-form';
import { SubmitErrors } from 'shared/ui/error-summary';
import { canEnrol, CohortStart, cohortStartTexts, useNextCohort } from '../cohorts/cohort-start';
import {
  PENDING_PAYMENT_KEY,
  readStudentData,
  rememberClaim,
  storeJson,
  storeStudentData,
  type PendingCoursePayment,
  type StudentRegistrationData,
} from './payment-storage';
import { prefillFrom } from './prefill';
import { moduleSelected, selectSelectedModule } from '../state/enrolment-slice';
import { enrolmentPageTexts as t } from './texts';
import { enrolmentConsent } from '../../manifest/consent';

/** The schema and the calls, downloaded on the first submit rather than with the page (#33). */
const loadSubmitCode = () => import('./submit-code');

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

type Restored = Partial<
  Pick<EnrolmentInput, 'student_name' | 'student_lastname' | 'email' | 'phone_number' | 'id_type' | 'id_number' | 'module_name'>
>;

/**
 * What this browser stored when the visitor left for this course's checkout (`student_registration_data`: 24 h, and
 * logout forgets it), as form values; nothing for another course or for a signed-in student with another address. The
 * stored name is first name and first last name joined, read back as the signed-in prefill reads an account's name
 * (first word, then the rest). Occupation, education and the terms are not stored: the visitor chooses them again.
 */
function restoredFrom(
  stored: StudentRegistrationData | null,
  course: Course,
  modules: readonly string[],
  account: AuthUser | null,
): Restored {
  if (!stored || stored.course_name !== course.title) return {};
  const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  if (account && !sameAddress(account.email, stored.email)) return {};
  const [first = '', ...rest] = (stored.student_name ?? '').trim().split(/\s+/);
  const out: Restored = {};
  if (first) out.student_name = first;
  if (rest.length) out.student_lastname = rest.join(' ');
  if (stored.email) out.email = stored.email;
  if (stored.phone_number) out.phone_number = stored.phone_number;
  const idType = documentTypes.find((d) => d === stored.identity_type);
  if (idType) out.id_type = idType;
  if (stored.identity_number) out.id_number = stored.identity_number;
  if (modules.includes(stored.module_name)) out.module_name = stored.module_name;
  return out;
}

/**
 * The form starts from the visitor's session and from what this browser stored before the checkout, which the server
 * cannot know: the gateway leaves this screen to the browser (header and footer still come rendered).
 */
export const serverRender = false;

/** Enrolment screen (spec §2): student form, summary card that follows the chosen module, then the hosted checkout. */
export default function EnrolmentPage({ course: slug = '' }: { course?: string }) {
  const course = courseBySlug(slug);
  // The single modules and the whole course (#14), as the server prices them.
  const modules = enrolmentOptions(course);
  const cohort = useNextCohort(slug);
  const open = canEnrol(cohort);
  // Known to be closed or full (while the date is being read, or if it cannot be read, the server decides).
  const closedNote =
    cohort.kind !== 'ready' || open
      ? null
      : cohort.cohort
        ? cohortStartTexts.fullNote(formatLongDate(cohort.cohort.start_date))
        : cohortStartTexts.noneNote;
  const dispatch = useAppDispatch();
  const remembered = useAppSelector((s) => selectSelectedModule(s, slug));
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const user = useAppSelector(selectUser);
  // A signed-in student's enrolment is tied to the account on the server (spec §6), from their token: the visitor
  // call carries it (none for an anonymous visitor). The checkout needs only the enrolment's claim.
  const callAsVisitor = useVisitorOperationCaller();
  const call = useOperationCaller();
  const account = isAuthenticated ? user : null;
  // Read once, on arrival: back from the checkout the form shows what was sent (#17), within the data's lifetime.
  const [restored] = useState(() => (course ? restoredFrom(readStudentData(), course, modules, account) : {}));
  const form = useLazyZodForm<typeof enrolmentSchema>(() => loadSubmitCode().then((code) => code.enrolmentSchema), {
    defaultValues: {
      ...prefillFrom(account),
      module_name: modules.includes(remembered) ? remembered : '',
      ...restored,
      course_name: slug as CourseSlug,
      has_terms: false,
    },
  });
  const field = fieldsOf(form);
  const chosen = form.watch('module_name');
  // Client-only (#30): whether the invoice goes to a company. Unticked, its two fields are emptied, so nothing is sent.
  const [toCompany, setToCompany] = useState(false);
  const companyHintId = 'invoice-to-company-hint';
  const chooseCompany = (ticked: boolean) => {
    setToCompany(ticked);
    if (ticked) return;
    form.setValue('buyer_nit', '');
    form.setValue('buyer_business_name', '');
    form.clearErrors(['buyer_nit', 'buyer_business_name']);
  };

  useEffect(() => {
    if (chosen) dispatch(moduleSelected({ course: slug, module: chosen }));
  }, [chosen, slug, dispatch]);

  // Spec §2: the screen scrolls smoothly to the anchor of the course's hash.
  useEffect(() => {
    if (!course) return;
    document.getElementById(course.hash.slice(1))?.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
  }, [course]);

  const submission = useFormSubmission(form, async (values, { honeypot }) => {
    if (!course) return failed(enrolmentTexts.noModules);
    // The schema takes neither field as "no company" (the box is the browser's own): ticked, both are asked for.
    if (toCompany && !values.buyer_nit && !values.buyer_business_name)
      return failed(invoiceTexts.companyFieldsRequired, {
        fields: { buyer_nit: invoiceTexts.nitInvalid, buyer_business_name: invoiceTexts.businessNameRequired },
      });
    // The server refuses too (409); this spares the visitor a stored form for a cohort they cannot pay.
    if (closedNote) return failed(closedNote);
    // Loaded by the form's validation just before (#33).
    const { coursesOperations: ops } = await loadSubmitCode();
    const lead = await callAsVisitor(ops.createLead, { body: withHoneypot(values, honeypot) });
    if (lead.kind !== 'ok') {
      return lead.kind === 'error'
        ? failed(lead.message || enrolmentTexts.saveStudent, { fields: lead.fields })
        : failed(enrolmentTexts.saveStudent);
    }
    const enrolmentId = lead.data.id;
    // Only this browser holds the enrolment's claim: the checkout, the result pages and the account after payment need it.
    const claim = lead.data.claim_secret;
    if (claim) rememberClaim(enrolmentId, claim);
    const checkout = await call(ops.checkout, { body: { enrollment_id: enrolmentId, claim_secret: claim } });
    if (checkout.kind !== 'ok') return failed(checkout.kind === 'error' && checkout.message ? checkout.message : enrolmentTexts.payDefault);
    if (!checkout.data.init_point) return failed(enrolmentTexts.payNoUrl);
    const student: StudentRegistrationData = {
      student_name: [values.student_name, values.student_lastname].join(' '),
      email: values.email,
      phone_number: values.phone_number,
      identity_type: values.id_type,
      identity_number: values.id_number,
      course_name: course.title,
      module_name: values.module_name,
    };
    const pending: PendingCoursePayment = {
      payment_id: checkout.data.id,
      enrollment_id: enrolmentId,
      course_title: course.title,
      amount: checkout.data.price,
      timestamp: Date.now(),
    };
    storeStudentData(student);
    storeJson(PENDING_PAYMENT_KEY, pending);
    window.location.assign(checkout.data.init_point);
    return sent(checkout.data.init_point);
  });
  // Busy until the browser has left for the checkout; a failure gives the button back for a retry.
  const busy = submission.busy || submission.state.kind === 'sent';

  // Back from the checkout into a page the browser kept whole (back/forward cache): the form is usable again.
  const { reset: resetSubmission } = submission;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) resetSubmission();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [resetSubmission]);

  if (!course) return <PageFrame title="Inscripción">{enrolmentTexts.noModules}</PageFrame>;

  return (
    <PageFrame title={`Inscripción: ${course.title}`} intro={<p>{course.description}</p>}>
      <section className="enrol-steps" aria-labelledby="pasos">
        <h2 id="pasos">{t.stepsTitle}</h2>
        <ol>
          <li>{t.step1}</li>
          <li>{t.step2}</li>
        </ol>
        <p className="lead">{t.requiredNote}</p>
      </section>

      <div className="enrol-layout" id={course.hash.slice(1)}>
        <aside className="card enrol-summary" aria-labelledby="resumen">
          <h2 id="resumen">{t.summaryTitle}</h2>
          <dl>
            <dt>Curso</dt>
            <dd>{course.title}</dd>
            <dt>Módulo</dt>
            <dd>{chosen || t.noModuleYet}</dd>
            <dt>Precio</dt>
            <dd>
              {chosen === FULL_COURSE ? (
                <>
                  {formatCOP(course.totalprice)} <span className="muted">{t.fullCourseUnit}</span>
                </>
              ) : (
                <>
                  {formatCOP(course.price)} <span className="muted">{course.unity}</span>
                </>
              )}
            </dd>
            <dt>Inicio</dt>
            <dd>
              <CohortStart state={cohort} />
            </dd>
            <dt>Modalidad</dt>
            <dd>{course.modality}</dd>
            <dt>Duración</dt>
            <dd>
              {course.duration}, {course.daytime}
            </dd>
          </dl>
          <p className="enrol-reserved">{t.reserved}</p>
        </aside>

        <SubmissionForm
          className="form card"
          aria-labelledby="datos"
          submission={submission}
          header={
            <>
              <h2 id="datos">Datos del estudiante</h2>
              {restored.email ? <p className="muted">{t.restored}</p> : null}
            </>
          }
          summary={<SubmitErrors form={form} submission={submission} title={enrolmentTexts.errorsTitle} />}
          failure={(failure) => <FailureNote failure={failure} prefix="Error: " />}
        >
          {closedNote ? (
            <div id="cohort-closed">
              <FormMessage kind="warning">{closedNote}</FormMessage>
            </div>
          ) : null}
          <input type="hidden" {...form.register('course_name')} />
          <div className="form-grid">
            <TextField label="Primer nombre" required autoComplete="given-name" {...field('student_name')} />
            <TextField label="Segundo nombre" autoComplete="additional-name" {...field('student_name_second')} />
            <TextField label="Primer apellido" required autoComplete="family-name" {...field('student_lastname')} />
            <TextField label="Segundo apellido" {...field('student_second_lastname')} />
            <SelectField label="Tipo de documento" required options={documentTypes} {...field('id_type')} />
            <TextField label="Número de documento" required inputMode="numeric" {...field('id_number')} />
            <TextField label="Teléfono" required type="tel" autoComplete="tel" {...field('phone_number')} />
            <TextField label="Correo electrónico" required type="email" autoComplete="email" {...field('email')} />
            <SelectField label="Ocupación" required options={occupations} {...field('profession')} />
            <SelectField label="Nivel educativo" required options={educationLevels} {...field('education')} />
          </div>
          {modules.length ? (
            <SelectField
              label="Módulo"
              required
              options={modules}
              placeholder="Selecciona el módulo"
              hint={moduleRequirementNote}
              {...field('module_name')}
            />
          ) : (
            <FormMessage kind="warning">{enrolmentTexts.noModules}</FormMessage>
          )}
          {/* The invoice's company buyer (#30): asked only of whoever needs it, so the form stays as short for everyone else. */}
          <CheckboxField
            label={t.toCompany}
            name="invoice_to_company"
            checked={toCompany}
            onChange={(event) => chooseCompany(event.currentTarget.checked)}
            aria-describedby={companyHintId}
            aria-controls={toCompany ? 'invoice-company' : undefined}
          />
          <p id={companyHintId} className="field-hint">
            {t.toCompanyHint}
          </p>
          {toCompany ? (
            <div className="form-grid" id="invoice-company">
              <TextField
                label={t.buyerNit}
                required
                placeholder={t.buyerNitPlaceholder}
                inputMode="text"
                autoComplete="off"
                {...field('buyer_nit')}
              />
              <TextField label={t.buyerBusinessName} required autoComplete="organization" {...field('buyer_business_name')} />
            </div>
          ) : null}
          {/* What the data are used for (#15): its proof is stored with the enrolment when the box below is ticked. */}
          <p className="form-privacy">
            <AuthorizationText form={enrolmentConsent} />
          </p>
          <CheckboxField
            required
            label={
              <>
                He leído y acepto la{' '}
                <a href="/politica-de-privacidad" target="_blank" rel="noopener noreferrer">
                  Política de privacidad
                </a>{' '}
                y los{' '}
                <a href="/terminos-y-condiciones" target="_blank" rel="noopener noreferrer">
                  Términos y condiciones
                </a>
                .
              </>
            }
            {...field('has_terms')}
          />
          {closedNote ? (
            // Disabled with its reason (the note at the top of the form), before anyone fills the form or pays.
            <button type="submit" className="btn btn--accent btn--wide" disabled aria-describedby="cohort-closed">
              {t.pay}
            </button>
          ) : (
            <SubmitButton busy={busy} busyLabel={t.paying} className="btn btn--accent btn--wide">
              {t.pay}
            </SubmitButton>
          )}
          <p className="enrol-secure">{t.secure}</p>
          <p>
            <AppLink to={course.url}>Volver a la información del curso</AppLink>
          </p>
        </SubmissionForm>
      </div>
    </PageFrame>
  );
}
