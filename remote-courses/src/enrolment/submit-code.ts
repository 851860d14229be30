/**
 * What the enrolment form needs only once it is sent (#33): its schema (with the company buyer's and the documents'
 * checks) and the declared calls with their answers' schemas. The page imports this module on the first submit, so a
 * visitor's first load carries none of it; the form renders and hydrates without it.
 */
export { coursesOperations } from './operations';
export { enrolmentSchema } from './schemas';
