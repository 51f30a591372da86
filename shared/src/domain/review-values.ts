/** The longest public reply a teacher can write under a review, in characters after trimming (API and form alike). */
export const reviewReplyMaxLength = 1000;
