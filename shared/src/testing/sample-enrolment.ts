/**
 * A valid course enrolment as the form sends it, for API tests of every domain that reads enrolments. The courses
 * domain's own tests hold it to its form schema (remote-courses/src/enrolment/schemas.test.ts): shared/ imports no remote.
 */
export const sampleEnrolment = {
  course_name: 'desarrollo-software',
  student_name: 'Ana',
  student_name_second: 'María',
  student_lastname: 'Pérez',
  student_second_lastname: 'Gómez',
  id_type: 'Cédula de ciudadanía',
  id_number: '1012345678',
  phone_number: '3001234567',
  email: 'ana.perez@example.com',
  profession: 'Estudiante',
  education: 'Secundaria',
  module_name: 'Fundamentos de Javascript y AWS S3',
  has_terms: true,
};
