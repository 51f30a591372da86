/** What other modules may rely on from accounts: the one definition of who counts as a customer. */
export { isCustomerSql } from './is-customer';
