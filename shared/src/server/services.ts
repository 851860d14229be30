import type { Selectable } from 'kysely';
import type { Database, SiteDb } from './database';
import type { ObjectStore, StoredObject } from './objects/object-store';

/**
 * Services one domain offers the others (#27), the way Backstage plugins expose service refs: the owning domain
 * declares a typed ref here (the interface is the contract, so a consumer sees it without importing the owner), provides
 * the implementation in its manifest (`remote-<owner>/manifest/server.ts`), and a consumer gets it from its context:
 * `ctx.domains.services.get(courseEnrolmentsService)`. A domain never reads another's tables itself.
 */

/** A typed name of a service: `owner` is the domain that provides it. */
export interface ServiceRef<T> {
  readonly id: string;
  readonly owner: string;
  /** Never set: carries the service's type. */
  readonly type?: T;
}

export const serviceRef = <T>(id: string, owner: string): ServiceRef<T> => ({ id, owner });

/** A manifest's offer: the ref and its implementation. */
export interface ServiceProvider<T> {
  readonly ref: ServiceRef<T>;
  readonly implementation: T;
}

export const provide = <T>(ref: ServiceRef<T>, implementation: T): ServiceProvider<T> => ({ ref, implementation });

export interface DomainServices {
  /** The service; throws (in Spanish, naming the owner) when no composed domain provides it. */
  get<T>(ref: ServiceRef<T>): T;
}

/** The services of the composed domains; a ref provided twice, or by a domain that does not own it, fails at composition. */
export function composeServices(offers: readonly { domain: string; services: readonly ServiceProvider<unknown>[] }[]): DomainServices {
  const byId = new Map<string, unknown>();
  for (const { domain, services } of offers)
    for (const { ref, implementation } of services) {
      if (ref.owner !== domain) throw new Error(`El dominio ${domain} ofrece ${ref.id}, que es de ${ref.owner}.`);
      if (byId.has(ref.id)) throw new Error(`El servicio ${ref.id} se ofrece dos veces.`);
      byId.set(ref.id, implementation);
    }
  return {
    get<T>(ref: ServiceRef<T>): T {
      if (!byId.has(ref.id)) throw new Error(`Ningún dominio compuesto ofrece ${ref.id} (lo ofrece ${ref.owner}).`);
      return byId.get(ref.id) as T;
    },
  };
}

// ---- The courses domain's enrolments (remote-courses/manifest/course-enrolments.ts) ----

/** The columns other domains read of an enrolment. */
export type CourseEnrolmentColumn =
  | 'reference'
  | 'course_name'
  | 'course_title'
  | 'module_name'
  | 'price'
  | 'student_name'
  | 'student_lastname'
  | 'full_name'
  | 'id_type'
  | 'id_number'
  | 'phone_number'
  | 'email'
  | 'payment_status'
  | 'enrollment_status'
  | 'payment_id'
  | 'payment_date'
  | 'date_approved'
  | 'created_at'
  | 'user_sub'
  | 'claim_hash'
  // The start date (YYYY-MM-DD) of the enrolment's cohort, null before cohorts (#14).
  | 'cohort_start_date';

/** The signed-in person whose enrolments are read (a `VerifiedUser` of the context's token verifier). */
export interface EnrolmentOwner {
  sub: string;
  /** Lower-cased. */
  email: string;
  emailVerified: boolean;
}

/** An enrolment as other domains read it. */
export type CourseEnrolment = Pick<Selectable<Database['courses.enrolments']>, CourseEnrolmentColumn>;

/** An enrolment's electronic invoice or credit note once DIAN validated it (#30), as Mis Cursos shows it. */
export interface CourseInvoice {
  /** The enrolment's reference. */
  reference: string;
  kind: 'invoice' | 'credit_note';
  /** Prefix and consecutive, as DIAN knows it (SETP990000001). */
  number: string;
  /** CUFE (invoice) or CUDE (credit note). */
  cufe: string;
  issuedAt: Date;
}

/**
 * What other domains may read and change of the courses domain's enrolments (the account API: Mis Cursos, certificates,
 * the account opened after a payment). Each takes the caller's `db` (a transaction, or the context's).
 */
export interface CourseEnrolmentsService {
  /**
   * Enrolments newest first: the one with `reference`, or a user's — those tied to the account, and those made with the
   * address only when the identity provider verified it (a code or link sent to it), never on the address alone — or
   * that user's one with `reference`.
   */
  readCourseEnrolments(
    db: SiteDb,
    by: { reference: string; owner?: EnrolmentOwner } | { owner: EnrolmentOwner; reference?: string },
  ): Promise<CourseEnrolment[]>;
  /** Ties an enrolment to the account just opened for it (after a verified payment, from the paying browser). */
  tieCourseEnrolment(db: SiteDb, reference: string, account: { email: string; sub: string | null }): Promise<void>;
  /** The issued invoices and credit notes of these enrolments (#30); none for an enrolment whose are not issued yet. */
  readCourseInvoices(db: SiteDb, references: string[]): Promise<CourseInvoice[]>;
  /**
   * Which of these enrolments have an invoice on its way to DIAN (queued, being sent or rejected and waiting for the
   * team): the others either have one issued or were sold before the site invoiced (#30).
   */
  readInvoicesInProgress(db: SiteDb, references: string[]): Promise<string[]>;
  /**
   * The PDF of an enrolment's issued invoice or credit note, as the courses domain keeps it with the site's files (#30);
   * null when it is not issued, or its PDF is not kept yet. The caller checks who may have it.
   */
  courseInvoicePdf(ctx: { db: SiteDb; objects: ObjectStore }, reference: string, kind: CourseInvoice['kind']): Promise<Uint8Array | null>;
  /**
   * The enrolment's completion certificate in force (#31) as a PDF, with its number; null when it has none (not marked
   * complete, or the completion was undone and the certificate voided). The caller checks who may have it.
   */
  completionCertificatePdf(
    ctx: { db: SiteDb; settings: { publicOrigin: string } },
    reference: string,
  ): Promise<{ number: string; pdf: Uint8Array } | null>;
}

export const courseEnrolmentsService = serviceRef<CourseEnrolmentsService>('courses.enrolments', 'courses');

// ---- The courses domain's catalogue (remote-courses/manifest/course-catalogue.ts) ----

/** A course as other domains link to it: its slug, its title and the path of its page. */
export interface CourseLink {
  slug: string;
  title: string;
  url: string;
}

/**
 * What other domains may know of the course catalogue (remote-courses/manifest/catalogue.ts), which only the courses
 * domain imports: Mis Cursos links to the courses when the visitor has none; the gateway's tests name a real module.
 */
export interface CourseCatalogueService {
  /** The courses, in the catalogue's order. */
  links(): readonly CourseLink[];
  /** The module names of a course in order; empty for an unknown course. */
  moduleNames(slug: string): string[];
}

export const courseCatalogueService = serviceRef<CourseCatalogueService>('courses.catalogue', 'courses');

// ---- The courses domain's course pages (remote-courses/manifest/course-pages.ts, #31) ----

/** An enrolment's course page as Mis Cursos shows it to its owner: the cohort's dates, classes and how to join. */
export interface EnrolmentCoursePage {
  courseTitle: string;
  moduleName: string;
  /** YYYY-MM-DD (Bogotá); null for an enrolment from before cohorts. */
  startDate: string | null;
  /** YYYY-MM-DD (Bogotá); null while the staff have not set it. */
  endDate: string | null;
  /** The schedule worded (the weekly classes when set, else the staff's text); null without a cohort. */
  schedule: string | null;
  /** The weekly classes when the staff set them: Spanish day names in the week's order, HH:MM Bogotá times. */
  weekly: { days: string[]; start: string; end: string } | null;
  /** How to join: an https link, a place; null while not set. Only for the enrolment's owner. */
  joinUrl: string | null;
  joinPlace: string | null;
  /**
   * The course's modules in order: whether this enrolment covers each (the whole course covers them all), whether the
   * staff recorded it completed, and its materials — only a module the enrolment covers, and only while the enrolment
   * is active (paid, 'Inscrito' or 'Completado'); none otherwise.
   */
  modules: { number: number; name: string; included: boolean; completed: boolean; materials: EnrolmentMaterial[] }[];
  /** Whether the classes can be offered as a calendar (weekly classes and both dates set, a class between them). */
  calendarAvailable: boolean;
}

/** A material the staff attached to a module (#31): a file to download through Mis Cursos, or an https link. */
export interface EnrolmentMaterial {
  /** Its id in the download's address (random). */
  id: string;
  title: string;
  kind: 'file' | 'link';
  /** A link's address; null for a file. */
  url: string | null;
  /** A file's name, kind (pdf, docx…) and size in bytes; null for a link. */
  fileName: string | null;
  fileKind: string | null;
  fileSize: number | null;
}

/** What the account's Mis Cursos may read of an enrolment's cohort (#31). The caller checks who may see it. */
export interface CourseCohortsService {
  /** The enrolment's course page; null for an unknown reference. */
  enrolmentCoursePage(db: SiteDb, reference: string): Promise<EnrolmentCoursePage | null>;
  /** The enrolment's classes as an iCalendar file (RFC 5545, CRLF); null when there is none to give (see calendarAvailable). */
  enrolmentCalendar(db: SiteDb, reference: string, options: { publicOrigin: string; now: Date }): Promise<string | null>;
  /**
   * A material's file for this enrolment, with its name: null unless the enrolment is active (paid, 'Inscrito' or
   * 'Completado'), the material is a file of a module it covers, and the file is kept. The caller checks the owner.
   */
  enrolmentMaterial(
    ctx: { db: SiteDb; objects: ObjectStore },
    reference: string,
    materialId: string,
  ): Promise<{ file: StoredObject; fileName: string } | null>;
}

export const courseCohortsService = serviceRef<CourseCohortsService>('courses.cohorts', 'courses');
