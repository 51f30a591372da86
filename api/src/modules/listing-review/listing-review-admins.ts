import { adminsOnly } from '../../plugins/auth';

/** Who reviews listings and grants badges: Kalike's admins. */
export const reviewingAdmins = adminsOnly('Only Kalike admins review listings and grant badges');
