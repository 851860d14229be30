import '../state/enrolment-slice';
import '../courses.css';
import { useEffect, useState } from 'react';
import { apiClient } from 'shared/api/client';
import { getIdToken } from 'shared/auth-session';
import { courseBySlug, moduleNames, moduleRequirementNote, type CourseSlug } from 'shared/catalogue/courses';
import { formatCOP } from 'shared/format/money';
import { AppLink } from 'shared/navigation';
import { documentTypes, educationLevels, occupations } from 'shared/schemas/common';
import { enrolmentSchema, enrolmentTexts } from 'shared/schemas/enrolment';
import { selectIsAuthenticated, selectUser, useAppDispatch, useAppSelector } from 'shared/store';
import { CheckboxField, ErrorSummary, FormMessage, Honeypot, SelectField, TextField } from 'shared/ui/form';
import { PageFrame } from 'shared/ui/page-frame';
import { errorMessages, useZodForm } from 'shared/ui/use-zod-form';
import {
  PENDING_PAYMENT_KEY,
  rememberClaim,
  storeJson,
  storeStudentData,
  type PendingCoursePayment,
  type StudentRegistrationData,
} from '../payment-storage';
import { prefillFrom } from '../prefill';
import { moduleSelected, selectSelectedModule } from '../state/enrolment-slice';
import { enrolmentPageTexts as t } from '../texts';

interface CheckoutAnswer {
  success?: boolean;
  id?: string;
  init_point?: string;
  external_reference?: string;
  price?: number;
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Enrolment screen (spec §2): student form, summary card that follows the chosen module, then the hosted checkout. */
export default function EnrolmentPage({ course: slug = '' }: { course?: string }) {
  const course = courseBySlug(slug);
  const modules = moduleNames(course);
  const dispatch = useAppDispatch();
  const remembered = useAppSelector((s) => selectSelectedModule(s, slug));
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const user = useAppSelector(selectUser);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(enrolmentSchema, {
    defaultValues: {
      ...prefillFrom(isAuthenticated ? user : null),
      course_name: slug as CourseSlug,
      module_name: modules.includes(remembered) ? remembered : '',
      has_terms: false,
    },
  });
  const { register, handleSubmit, watch, formState } = form;
  const chosen = watch('module_name');

  useEffect(() => {
    if (chosen) dispatch(moduleSelected({ course: slug, module: chosen }));
  }, [chosen, slug, dispatch]);

  // Spec §2: the screen scrolls smoothly to the anchor of the course's hash.
  useEffect(() => {
    if (!course) return;
    document.getElementById(course.hash.slice(1))?.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
  }, [course]);

  if (!course) return <PageFrame title="Inscripción">{enrolmentTexts.noModules}</PageFrame>;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    // A signed-in student's enrolment and payment are tied to the account on the server (spec §6), from the token.
    const token = isAuthenticated ? await getIdToken() : null;
    const auth = token ? { token } : undefined;
    const lead = await apiClient.request<{ id?: string; claim_secret?: string }>('POST', '/api/courses/leads', values, auth);
    if (lead.kind !== 'ok') {
      setFailure(lead.kind === 'error' && lead.message ? lead.message : enrolmentTexts.saveStudent);
      return;
    }
    const enrollmentId = lead.data.id ?? `course_${Date.now()}`;
    // Only this browser holds the enrolment's claim: the checkout, the result pages and the account after payment need it.
    const claim = lead.data.claim_secret ?? '';
    if (claim) rememberClaim(enrollmentId, claim);
    const checkout = await apiClient.request<CheckoutAnswer>(
      'POST',
      '/api/courses/checkout',
      { enrollment_id: enrollmentId, claim_secret: claim },
      auth,
    );
    if (checkout.kind !== 'ok') {
      setFailure(checkout.kind === 'error' && checkout.message ? checkout.message : enrolmentTexts.payDefault);
      return;
    }
    if (!checkout.data.init_point) {
      setFailure(enrolmentTexts.payNoUrl);
      return;
    }
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
      payment_id: checkout.data.id ?? '',
      enrollment_id: enrollmentId,
      course_title: course.title,
      amount: checkout.data.price ?? course.price,
      timestamp: Date.now(),
    };
    storeStudentData(student);
    storeJson(PENDING_PAYMENT_KEY, pending);
    window.location.assign(checkout.data.init_point);
  });

  const errors = errorMessages(formState.errors as Record<string, { message?: unknown }>);
  const busy = formState.isSubmitting || formState.isSubmitSuccessful;

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
              {formatCOP(course.price)} <span className="muted">{course.unity}</span>
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

        <form className="form card" onSubmit={onSubmit} noValidate aria-labelledby="datos">
          <h2 id="datos">Datos del estudiante</h2>
          <ErrorSummary errors={errors} title={enrolmentTexts.errorsTitle} />
          {failure ? <FormMessage kind="error">Error: {failure}</FormMessage> : null}
          <input type="hidden" {...register('course_name')} />
          <Honeypot />
          <div className="form-grid">
            <TextField
              label="Primer nombre"
              required
              autoComplete="given-name"
              error={formState.errors.student_name?.message}
              {...register('student_name')}
            />
            <TextField
              label="Segundo nombre"
              autoComplete="additional-name"
              error={formState.errors.student_name_second?.message}
              {...register('student_name_second')}
            />
            <TextField
              label="Primer apellido"
              required
              autoComplete="family-name"
              error={formState.errors.student_lastname?.message}
              {...register('student_lastname')}
            />
            <TextField
              label="Segundo apellido"
              error={formState.errors.student_second_lastname?.message}
              {...register('student_second_lastname')}
            />
            <SelectField
              label="Tipo de documento"
              required
              options={documentTypes}
              error={formState.errors.id_type?.message}
              {...register('id_type')}
            />
            <TextField
              label="Número de documento"
              required
              inputMode="numeric"
              error={formState.errors.id_number?.message}
              {...register('id_number')}
            />
            <TextField
              label="Teléfono"
              required
              type="tel"
              autoComplete="tel"
              error={formState.errors.phone_number?.message}
              {...register('phone_number')}
            />
            <TextField
              label="Correo electrónico"
              required
              type="email"
              autoComplete="email"
              error={formState.errors.email?.message}
              {...register('email')}
            />
            <SelectField
              label="Ocupación"
              required
              options={occupations}
              error={formState.errors.profession?.message}
              {...register('profession')}
            />
            <SelectField
              label="Nivel educativo"
              required
              options={educationLevels}
              error={formState.errors.education?.message}
              {...register('education')}
            />
          </div>
          {modules.length ? (
            <SelectField
              label="Módulo"
              required
              options={modules}
              placeholder="Selecciona el módulo"
              hint={moduleRequirementNote}
              error={formState.errors.module_name?.message}
              {...register('module_name')}
            />
          ) : (
            <FormMessage kind="warning">{enrolmentTexts.noModules}</FormMessage>
          )}
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
            error={formState.errors.has_terms?.message}
            {...register('has_terms')}
          />
          <button type="submit" className="btn btn--accent btn--wide" disabled={busy}>
            {busy ? t.paying : t.pay}
          </button>
          <p className="enrol-secure">{t.secure}</p>
          <p>
            <AppLink to={course.url}>Volver a la información del curso</AppLink>
          </p>
        </form>
      </div>
    </PageFrame>
  );
}
