/** The Cognito group of the foundation's team: members may use the panel at /equipo. */
export const STAFF_GROUP = 'equipo';
/** Admins of the panel: they invite and remove members and read the audit log. Admins are `equipo` members too. */
export const STAFF_ADMIN_GROUP = 'equipo-admin';
