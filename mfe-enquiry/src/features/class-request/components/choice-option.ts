/** One answer the form offers: a student, a program, a subject. */
export interface ChoiceOption {
  id: string;
  name: string;
  hint?: string;
}
