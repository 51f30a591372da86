/** What other modules may rely on from accounts: who counts as a customer, and whose student a student is. */
export { isCustomerSql } from './is-customer';
export { isStudentOfLearner } from './own-students';
