import { sql } from 'kysely';
import type { SiteDb } from 'shared/server/database';
import type { CourseCohortsService, EnrolmentCoursePage, EnrolmentMaterial } from 'shared/server/services';
import { courseBySlug, FULL_COURSE, moduleNames } from './catalogue';
import { classDayNames, describeWeeklyClasses, weeklyClasses, type WeeklyClasses } from './class-schedule';
import { cohortCalendar, firstClassDay } from './course-calendar';

/**
 * The courses domain's service for Mis Cursos's course page (#31, `courseCohortsService` in shared/server/services): an
 * enrolment's cohort (dates, weekly classes, how to join) and its calendar. The account's API checks that the enrolment
 * is the signed-in student's before asking. Offered by the manifest (server.ts); no side effects on import.
 */

/** Where a module's material files are kept in the object store (src/modules/server/materials.ts uploads them). */
export const MATERIAL_OBJECT_PREFIX = 'cursos/materiales';
export const materialObjectKey = (uploadId: string) => `${MATERIAL_OBJECT_PREFIX}/${uploadId}`;

/** An enrolment whose student may have the course's materials: paid, and 'Inscrito' or 'Completado' (not refunded, not withdrawn). */
const isActive = (row: { payment_status: string; enrollment_status: string }) =>
  row.payment_status === 'approved' && (row.enrollment_status === 'ENROLLED' || row.enrollment_status === 'COMPLETED');

/** Whether an enrolment of `moduleName` covers the course's module `name` (the whole course covers every one). */
const covers = (moduleName: string, name: string) => moduleName === FULL_COURSE || moduleName === name;

async function enrolmentCohort(db: SiteDb, reference: string) {
  return db
    .selectFrom('courses.enrolments as e')
    .leftJoin('courses.cohorts as c', 'c.id', 'e.cohort_id')
    .select([
      'e.reference',
      'e.course_name',
      'e.course_title',
      'e.module_name',
      'e.cohort_start_date',
      'e.payment_status',
      'e.enrollment_status',
      'c.id as cohort_id',
      sql<string | null>`to_char(c.start_date, 'YYYY-MM-DD')`.as('start_date'),
      sql<string | null>`to_char(c.end_date, 'YYYY-MM-DD')`.as('end_date'),
      'c.schedule',
      'c.class_days',
      'c.class_start',
      'c.class_end',
      'c.join_url',
      'c.join_place',
    ])
    .where('e.reference', '=', reference)
    .executeTakeFirst();
}

type CohortRow = NonNullable<Awaited<ReturnType<typeof enrolmentCohort>>>;

const classesOf = (row: CohortRow): WeeklyClasses | null =>
  row.cohort_id === null
    ? null
    : weeklyClasses({ class_days: row.class_days ?? '', class_start: row.class_start, class_end: row.class_end });

function calendarOf(row: CohortRow, options: { publicOrigin: string; now: Date }): string | null {
  const classes = classesOf(row);
  if (!classes || !row.start_date || !row.end_date || row.cohort_id === null) return null;
  const host = new URL(options.publicOrigin).host;
  return cohortCalendar({
    uid: `cohorte-${row.cohort_id}-${row.reference}@${host}`,
    summary: `${row.course_title} – ${row.module_name}`,
    description: [
      `Clases de ${row.course_title} (${row.module_name}).`,
      ...(row.join_url ? [`Enlace para unirte: ${row.join_url}`] : []),
      ...(row.join_place ? [`Lugar: ${row.join_place}`] : []),
      `Mis Cursos: ${options.publicOrigin}/mis-cursos/${row.reference}`,
    ].join('\n'),
    startDate: row.start_date,
    endDate: row.end_date,
    classes,
    url: row.join_url,
    place: row.join_place,
    now: options.now,
  });
}

export const enrolmentCoursePage: CourseCohortsService['enrolmentCoursePage'] = async (db, reference) => {
  const row = await enrolmentCohort(db, reference);
  if (!row) return null;
  const classes = classesOf(row);
  const names = moduleNames(courseBySlug(row.course_name));
  const active = isActive(row);
  const [materials, completions] = await Promise.all([
    active
      ? db
          .selectFrom('courses.module_materials')
          .select(['public_id', 'module_number', 'title', 'kind', 'url', 'file_name', 'file_kind', 'file_size'])
          .where('course_name', '=', row.course_name)
          .orderBy('module_number')
          .orderBy('position')
          .orderBy('id')
          .execute()
      : [],
    db.selectFrom('courses.module_completions').select('module_number').where('enrolment_reference', '=', reference).execute(),
  ]);
  const done = new Set(completions.map((c) => c.module_number));
  const materialsOf = (number: number): EnrolmentMaterial[] =>
    materials
      .filter((m) => m.module_number === number)
      .map((m) => ({
        id: m.public_id,
        title: m.title,
        kind: m.kind,
        url: m.url,
        fileName: m.file_name,
        fileKind: m.file_kind,
        fileSize: m.file_size,
      }));
  const page: EnrolmentCoursePage = {
    courseTitle: row.course_title,
    moduleName: row.module_name,
    startDate: row.start_date ?? row.cohort_start_date,
    endDate: row.end_date,
    schedule: classes ? describeWeeklyClasses(classes) : (row.schedule ?? null),
    weekly: classes ? { days: classes.days.map((d) => classDayNames[d]), start: classes.start, end: classes.end } : null,
    joinUrl: row.join_url,
    joinPlace: row.join_place,
    // The whole course covers every module; a single module's enrolment its own, and only those modules' materials.
    modules: names.map((name, i) => {
      const included = covers(row.module_name, name);
      return { number: i + 1, name, included, completed: included && done.has(i + 1), materials: included ? materialsOf(i + 1) : [] };
    }),
    calendarAvailable: Boolean(classes && row.start_date && row.end_date && firstClassDay(row.start_date, classes.days) <= row.end_date),
  };
  return page;
};

export const enrolmentCalendar: CourseCohortsService['enrolmentCalendar'] = async (db, reference, options) => {
  const row = await enrolmentCohort(db, reference);
  return row ? calendarOf(row, options) : null;
};

export const enrolmentMaterial: CourseCohortsService['enrolmentMaterial'] = async ({ db, objects }, reference, materialId) => {
  const row = await db
    .selectFrom('courses.enrolments as e')
    .innerJoin('courses.module_materials as m', 'm.course_name', 'e.course_name')
    .select([
      'e.course_name',
      'e.module_name',
      'e.payment_status',
      'e.enrollment_status',
      'm.module_number',
      'm.kind',
      'm.object_key',
      'm.file_name',
    ])
    .where('e.reference', '=', reference)
    .where('m.public_id', '=', materialId)
    .executeTakeFirst();
  if (!row || !isActive(row) || row.kind !== 'file' || !row.object_key) return null;
  const name = moduleNames(courseBySlug(row.course_name))[row.module_number - 1];
  if (!name || !covers(row.module_name, name)) return null;
  const file = await objects.get(row.object_key);
  return file ? { file, fileName: row.file_name ?? 'material' } : null;
};

export const courseCohorts: CourseCohortsService = { enrolmentCoursePage, enrolmentCalendar, enrolmentMaterial };
